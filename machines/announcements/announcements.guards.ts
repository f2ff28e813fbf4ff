import type { Announcement } from './announcements.actors';

/** Error-type announcements are not dismissible; all others are (spec §4). */
export function isDismissible(announcement: Pick<Announcement, 'type'> | undefined): boolean {
  return announcement !== undefined && announcement.type !== 'error';
}
