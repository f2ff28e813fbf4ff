import { Temporal } from 'temporal-polyfill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Announcement, AnnouncementsInput } from '../../machines/announcements/announcements.actors';
import { announcementsMachine } from '../../machines/announcements/announcements.machine';
import { isUnexpired, parseDismissed, selectVisibleAnnouncements, serializeDismissed } from '../../machines/announcements/announcements.selectors';

const list: Announcement[] = [
  { id: 'a-info', type: 'info', message: 'Holiday delivery schedule.' },
  { id: 'a-error', type: 'error', message: 'Card payments are delayed.' },
  { id: 'a-old', type: 'info', message: 'Old news', expirationDate: '2026-11-20' },
];

function start(dismissed: string[] = [], load = vi.fn(async (_: AnnouncementsInput) => list)) {
  const saveDismissed = vi.fn();
  const actor = createActor(
    announcementsMachine.provide({
      actors: { loadAnnouncements: fromPromise(({ input }: { input: AnnouncementsInput }) => load(input)) },
      actions: { saveDismissed: (_, params: { dismissed: string[] }) => saveDismissed(params.dismissed) },
    }),
    { input: { source: { authenticated: true, vendorId: 'v1' }, dismissed } },
  ).start();
  return { actor, saveDismissed, load };
}

const noon = (date: string) => Temporal.PlainDateTime.from(`${date}T12:00`).toZonedDateTime('America/Chicago');

describe('announcements machine', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads the announcements of the source and shows them, error first', async () => {
    const { actor, load } = start();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(load).toHaveBeenCalledWith({ authenticated: true, vendorId: 'v1' });
    expect(selectVisibleAnnouncements(ready, noon('2026-11-23')).map((a) => [a.id, a.tone, a.dismissible])).toEqual([
      ['a-error', 'error', false],
      ['a-info', 'info', true],
    ]);
  });

  it('dismisses an info announcement and saves the dismissed ids', async () => {
    const { actor, saveDismissed } = start(['x-1']);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'announcement.dismiss', id: 'a-info' });
    expect(saveDismissed).toHaveBeenCalledWith(['x-1', 'a-info']);
    expect(selectVisibleAnnouncements(actor.getSnapshot(), noon('2026-11-20')).map((a) => a.id)).toEqual(['a-error', 'a-old']);
  });

  it('does not dismiss an error announcement', async () => {
    const { actor, saveDismissed } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'announcement.dismiss', id: 'a-error' });
    expect(saveDismissed).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.dismissed).toEqual([]);
  });

  it('keeps ids dismissed earlier in the session hidden', async () => {
    const { actor } = start(['a-info']);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(selectVisibleAnnouncements(ready, noon('2026-11-23')).map((a) => a.id)).toEqual(['a-error']);
  });

  it('reloads on announcements.refresh with the new source, and shows nothing when loading fails', async () => {
    const load = vi.fn(async (_: AnnouncementsInput) => list).mockRejectedValueOnce(new Error('offline'));
    const { actor } = start([], load);
    const failed = await waitFor(actor, (s) => s.matches('ready'));
    expect(failed.context.announcements).toEqual([]);
    actor.send({ type: 'announcements.refresh', source: { authenticated: true, vendorId: 'v2' } });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(load).toHaveBeenLastCalledWith({ authenticated: true, vendorId: 'v2' });
    expect(actor.getSnapshot().context.announcements).toHaveLength(3);
  });
});

describe('announcement expiry (end of the expiration day)', () => {
  const zone = 'America/New_York';
  const at = (iso: string) => Temporal.PlainDateTime.from(iso).toZonedDateTime(zone);
  it('shows an announcement through the last second of its expiration day', () => {
    expect(isUnexpired({ expirationDate: '2026-11-23' }, at('2026-11-23T23:59:59'))).toBe(true);
    expect(isUnexpired({ expirationDate: '2026-11-23' }, at('2026-11-24T00:00:00'))).toBe(false);
  });
  it('shows announcements without an expiration date', () => {
    expect(isUnexpired({ expirationDate: null }, at('2030-01-01T00:00'))).toBe(true);
    expect(isUnexpired({}, at('2030-01-01T00:00'))).toBe(true);
  });
});

describe('dismissed ids in session storage', () => {
  it('are a space-separated list', () => {
    expect(serializeDismissed(['a', 'b'])).toBe('a b');
    expect(parseDismissed('a  b ')).toEqual(['a', 'b']);
    expect(parseDismissed(null)).toEqual([]);
  });
});
