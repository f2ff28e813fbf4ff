import { DISMISSED_ANNOUNCEMENTS_KEY, parseDismissed, serializeDismissed } from '../../../machines/announcements/announcements.selectors';

/** The ids dismissed in this browser session (spec §9). */
export function readDismissed(): string[] {
  try {
    return parseDismissed(sessionStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY));
  } catch {
    return [];
  }
}

export function saveDismissed(dismissed: string[]): void {
  try {
    sessionStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, serializeDismissed(dismissed));
  } catch {
    /* storage unavailable: dismissal lasts for this page only */
  }
}
