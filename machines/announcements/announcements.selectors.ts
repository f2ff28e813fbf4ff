import { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import type { Announcement } from './announcements.actors';
import { isDismissible } from './announcements.guards';
import type { announcementsMachine } from './announcements.machine';

/** The session storage key holding the space-separated dismissed ids (spec §9). */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'announcements.dismissed';

export function parseDismissed(value: string | null | undefined): string[] {
  return (value ?? '').split(' ').filter(Boolean);
}

export function serializeDismissed(ids: string[]): string {
  return ids.join(' ');
}

/**
 * Shows an announcement when it has no expiration date or when the end of its expiration day
 * (in the viewer's time zone) is not before `now`.
 */
export function isUnexpired(announcement: Pick<Announcement, 'expirationDate'>, now: Temporal.ZonedDateTime): boolean {
  if (!announcement.expirationDate) return true;
  let day: Temporal.PlainDate;
  try {
    day = Temporal.PlainDate.from(announcement.expirationDate.slice(0, 10));
  } catch {
    return true;
  }
  const endOfDay = day.add({ days: 1 }).toZonedDateTime({ timeZone: now.timeZoneId });
  return Temporal.ZonedDateTime.compare(now, endOfDay) < 0;
}

export interface AnnouncementView {
  id: string;
  message: string;
  tone: 'error' | 'info';
  dismissible: boolean;
}

/** The banners to show now: unexpired, not dismissed, error ones first. */
export function selectVisibleAnnouncements(snapshot: Pick<SnapshotFrom<typeof announcementsMachine>, 'context'>, now: Temporal.ZonedDateTime): AnnouncementView[] {
  const { announcements, dismissed } = snapshot.context;
  return announcements
    .filter((a) => isUnexpired(a, now) && !(isDismissible(a) && dismissed.includes(a.id)))
    .map((a) => ({ id: a.id, message: a.message, tone: a.type === 'error' ? ('error' as const) : ('info' as const), dismissible: isDismissible(a) }))
    .sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'error' ? -1 : 1));
}
