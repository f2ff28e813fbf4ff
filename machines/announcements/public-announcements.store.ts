/**
 * The announcements of a page without a token (the landing pages): the public file only, then Dismiss — the
 * announcements chart's two states (loading → ready) and its one guarded event, without XState. The chart
 * (announcements.machine.ts) is kept for the app; this store exists because the landing page is measured against a bare
 * React page (tests/architecture/bundle-budget.test.ts), and XState, the API client and the token pages' shared chunk
 * were 40 KB of its 150 KB for one banner. Same sources (announcements-sources.actors.ts), same guard and same selectors
 * (`selectVisibleAnnouncements` reads `{ context }`), so the banners and the dismissal rule cannot differ.
 */
import { fetchAnnouncements, type Announcement } from './announcements-sources.actors';
import type { AnnouncementsContext } from './announcements.machine';
import { canDismissAnnouncement } from './announcements.guards';

export interface PublicAnnouncementsSnapshot {
  /** `loading` until the public file answered or failed (failures show nothing), then `ready`. */
  status: 'loading' | 'ready';
  context: AnnouncementsContext;
}

export interface PublicAnnouncementsDeps {
  /** Ids dismissed earlier in this browser session. */
  dismissed: string[];
  /** Keeps the dismissed ids for the session (the chart's provided `saveDismissed`). */
  saveDismissed: (dismissed: string[]) => void;
  /** The sources; `fetchAnnouncements` without a token by default (tests replace it). */
  load?: (signal: AbortSignal) => Promise<Announcement[]>;
}

export interface PublicAnnouncementsStore {
  getSnapshot: () => PublicAnnouncementsSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Loads the list once; stopping (the returned function) discards a late answer. */
  start: () => () => void;
  dismiss: (id: string) => void;
}

export function createPublicAnnouncements({ dismissed, saveDismissed, load }: PublicAnnouncementsDeps): PublicAnnouncementsStore {
  const read = load ?? ((signal: AbortSignal) => fetchAnnouncements({ authenticated: false, vendorId: null }, signal));
  let snapshot: PublicAnnouncementsSnapshot = { status: 'loading', context: { source: { authenticated: false, vendorId: null }, announcements: [], dismissed } };
  const listeners = new Set<() => void>();
  const set = (next: PublicAnnouncementsSnapshot) => {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start() {
      if (snapshot.status === 'ready') return () => {};
      const controller = new AbortController();
      read(controller.signal).then(
        (announcements) => !controller.signal.aborted && set({ status: 'ready', context: { ...snapshot.context, announcements } }),
        () => !controller.signal.aborted && set({ status: 'ready', context: { ...snapshot.context, announcements: [] } }),
      );
      return () => controller.abort();
    },
    dismiss(id) {
      if (snapshot.status !== 'ready' || !canDismissAnnouncement(snapshot.context, id)) return;
      const next = [...snapshot.context.dismissed, id];
      set({ ...snapshot, context: { ...snapshot.context, dismissed: next } });
      saveDismissed(next);
    },
  };
}
