import type { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import type { Announcement } from './announcements-sources.actors';
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

/** The viewer's current time, or a function giving it (called only when an expiration date must be checked). */
export type Now = Temporal.ZonedDateTime | (() => Temporal.ZonedDateTime | undefined);

/**
 * Shows an announcement when it has no expiration date or when the end of its expiration day
 * (in the viewer's time zone) is not before `now`, i.e. the viewer's date is not after the expiration date.
 * Works on `now`'s own Temporal methods, so this module needs no Temporal at run time: the entry bundle stays
 * without the polyfill (the announcements actor loads it with the first dated announcement).
 */
export function isUnexpired(announcement: Pick<Announcement, 'expirationDate'>, now: Now): boolean {
  if (!announcement.expirationDate) return true;
  const at = typeof now === 'function' ? now() : now;
  if (!at) return true;
  try {
    // Days from the viewer's date to the expiration date: negative once the expiration day is over.
    return at.toPlainDate().until(announcement.expirationDate.slice(0, 10), { largestUnit: 'days' }).sign >= 0;
  } catch {
    return true;
  }
}

export interface AnnouncementView {
  id: string;
  message: string;
  tone: 'error' | 'info';
  dismissible: boolean;
}

/** The banners to show now: unexpired, not dismissed, error ones first. */
export function selectVisibleAnnouncements(snapshot: Pick<SnapshotFrom<typeof announcementsMachine>, 'context'>, now: Now): AnnouncementView[] {
  const { announcements, dismissed } = snapshot.context;
  return announcements
    .filter((a) => isUnexpired(a, now) && !(isDismissible(a) && dismissed.includes(a.id)))
    .map((a) => ({ id: a.id, message: a.message, tone: a.type === 'error' ? ('error' as const) : ('info' as const), dismissible: isDismissible(a) }))
    .sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'error' ? -1 : 1));
}

/** The list is known (loaded, or its sources failed and were ignored): a page may show what is below the banners. */
export function selectAnnouncementsSettled(snapshot: Pick<SnapshotFrom<typeof announcementsMachine>, 'matches'>): boolean {
  return !snapshot.matches('loading');
}
