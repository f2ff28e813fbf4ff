import type { Announcement } from './announcements-sources.actors';

/** Error-type announcements are not dismissible; all others are (spec §4). */
export function isDismissible(announcement: Pick<Announcement, 'type'> | undefined): boolean {
  return announcement !== undefined && announcement.type !== 'error';
}

/** Dismiss may act on this id: a dismissible announcement of the list, not dismissed yet (the chart's `canDismiss`). */
export function canDismissAnnouncement(context: { announcements: readonly Announcement[]; dismissed: readonly string[] }, id: string): boolean {
  return !context.dismissed.includes(id) && isDismissible(context.announcements.find((a) => a.id === id));
}
