import { Temporal } from 'temporal-polyfill';
import { describe, expect, it, vi } from 'vitest';
import type { Announcement } from '../../machines/announcements/announcements-sources.actors';
import { selectVisibleAnnouncements } from '../../machines/announcements/announcements.selectors';
import { createPublicAnnouncements } from '../../machines/announcements/public-announcements.store';

/** The landing pages' announcements without XState: the chart's loading → ready and its guarded Dismiss. */
const list: Announcement[] = [
  { id: 'p-info', type: 'info', message: 'Log in by text message.' },
  { id: 'p-error', type: 'error', message: 'Card payments are delayed.' },
  { id: 'p-old', type: 'info', message: 'Old news', expirationDate: '2026-11-20' },
];
const noon = (date: string) => Temporal.PlainDateTime.from(`${date}T12:00`).toZonedDateTime('America/Chicago');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function setup(dismissed: string[] = []) {
  const answer = deferred<Announcement[]>();
  const load = vi.fn((_signal: AbortSignal) => answer.promise);
  const saveDismissed = vi.fn();
  const store = createPublicAnnouncements({ dismissed, saveDismissed, load });
  const changes = vi.fn();
  store.subscribe(changes);
  return { store, answer, load, saveDismissed, changes };
}

describe('public announcements (landing pages)', () => {
  it('is loading until the public file answers, then shows it as the app does: unexpired, error first', async () => {
    const { store, answer, load, changes } = setup();
    store.start();
    expect(store.getSnapshot().status).toBe('loading');
    expect(load).toHaveBeenCalledTimes(1);
    answer.resolve(list);
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));
    expect(changes).toHaveBeenCalled();
    expect(selectVisibleAnnouncements(store.getSnapshot(), noon('2026-11-23')).map((a) => [a.id, a.tone, a.dismissible])).toEqual([
      ['p-error', 'error', false],
      ['p-info', 'info', true],
    ]);
  });

  it('shows nothing when the file fails', async () => {
    const { store, answer } = setup();
    store.start();
    answer.reject(new Error('offline'));
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));
    expect(store.getSnapshot().context.announcements).toEqual([]);
  });

  it('discards an answer that comes after it was stopped, and loads again when started again', async () => {
    const { store, answer, load } = setup();
    const stop = store.start();
    stop();
    expect((load.mock.calls[0][0] as AbortSignal).aborted).toBe(true);
    answer.resolve(list);
    await Promise.resolve();
    expect(store.getSnapshot().status).toBe('loading');
    store.start();
    expect(load).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));
  });

  it('dismisses an info announcement for the session; not an error one, not twice, not before it is ready', async () => {
    const { store, answer, saveDismissed } = setup(['earlier']);
    store.start();
    store.dismiss('p-info');
    expect(saveDismissed).not.toHaveBeenCalled();
    answer.resolve(list);
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));
    store.dismiss('p-error');
    expect(saveDismissed).not.toHaveBeenCalled();
    store.dismiss('p-info');
    expect(saveDismissed).toHaveBeenCalledWith(['earlier', 'p-info']);
    store.dismiss('p-info');
    expect(saveDismissed).toHaveBeenCalledTimes(1);
    expect(selectVisibleAnnouncements(store.getSnapshot(), noon('2026-11-23')).map((a) => a.id)).toEqual(['p-error']);
  });

  it('reads the public file only (no token, no API) by default', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ announcements: [list[0]] }), { status: 200 }));
    const store = createPublicAnnouncements({ dismissed: [], saveDismissed: () => {} });
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([expect.stringMatching(/\/static\/announcements\.json$/)]);
    expect(store.getSnapshot().context.announcements.map((a) => a.id)).toEqual(['p-info']);
    fetchMock.mockRestore();
  });
});
