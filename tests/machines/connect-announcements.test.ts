import { Temporal } from 'temporal-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Announcement } from '../../machines/announcements/announcements.actors';
import { connectAnnouncements } from '../../machines/announcements/announcements.connect';
import { announcementsMachine, type AnnouncementsEvent } from '../../machines/announcements/announcements.machine';
import { selectAnnouncementsSettled } from '../../machines/announcements/announcements.selectors';

const list: Announcement[] = [
  { id: 'a-info', type: 'info', message: 'Holiday delivery schedule.' },
  { id: 'a-error', type: 'error', message: 'Card payments are delayed.' },
  { id: 'a-old', type: 'info', message: 'Old news', expirationDate: '2026-11-20' },
];

const noon = (date: string) => Temporal.PlainDateTime.from(`${date}T12:00`).toZonedDateTime('America/Chicago');

function start(load: () => Promise<Announcement[]>, dismissed: string[] = []) {
  return createActor(announcementsMachine.provide({ actors: { loadAnnouncements: fromPromise(load) } }), {
    input: { source: { authenticated: true, vendorId: 'v1' }, dismissed },
  }).start();
}

describe('connectAnnouncements', () => {
  it('shows the unexpired, undismissed banners, error first; Dismiss sends the banner’s id', async () => {
    const actor = start(async () => list, ['a-info']);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    const sent: AnnouncementsEvent[] = [];
    const view = connectAnnouncements(ready, (e) => void sent.push(e), { now: noon('2026-11-21') });
    expect(view.items).toEqual([{ id: 'a-error', message: 'Card payments are delayed.', tone: 'error', dismissible: false }]);
    expect(connectAnnouncements(ready, () => {}, { now: noon('2026-11-20') }).items.map((a) => a.id)).toEqual(['a-error', 'a-old']);
    view.dismiss('a-old');
    expect(sent).toEqual([{ type: 'announcement.dismiss', id: 'a-old' }]);
  });

  it('reads the clock only for an announcement with an expiration date', async () => {
    const actor = start(async () => list.slice(0, 2));
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    const now = vi.fn(() => noon('2026-11-21'));
    expect(connectAnnouncements(ready, () => {}, { now }).items).toHaveLength(2);
    expect(now).not.toHaveBeenCalled();
  });

  it('shows nothing while loading; the list is settled once loaded or failed', async () => {
    const loading = start(() => new Promise(() => {}));
    expect(connectAnnouncements(loading.getSnapshot(), () => {}, { now: noon('2026-11-21') }).items).toEqual([]);
    expect(selectAnnouncementsSettled(loading.getSnapshot())).toBe(false);
    loading.stop();
    const loaded = await waitFor(start(async () => list), (s) => s.matches('ready'));
    expect(selectAnnouncementsSettled(loaded)).toBe(true);
    const failed = await waitFor(start(async () => { throw new Error('offline'); }), (s) => s.matches('ready'));
    expect(selectAnnouncementsSettled(failed)).toBe(true);
  });
});
