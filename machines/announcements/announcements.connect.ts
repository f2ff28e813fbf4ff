import type { SnapshotFrom } from 'xstate';
import type { AnnouncementsEvent, announcementsMachine } from './announcements.machine';
import { selectVisibleAnnouncements, type Now } from './announcements.selectors';

/**
 * The announcement banners' view (zag's `connect(state, send)`): the banners to show now and Dismiss. Pure, no React.
 * `now` is the viewer's clock, read only when an announcement has an expiration date.
 */
export function connectAnnouncements(
  snapshot: Pick<SnapshotFrom<typeof announcementsMachine>, 'context' | 'matches'>,
  send: (event: AnnouncementsEvent) => void,
  { now }: { now: Now },
) {
  return {
    items: selectVisibleAnnouncements(snapshot, now),
    dismiss: (id: string) => send({ type: 'announcement.dismiss', id }),
  };
}

export type AnnouncementsApi = ReturnType<typeof connectAnnouncements>;
