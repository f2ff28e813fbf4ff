/**
 * Timestamps in a time zone (portal-core.md §9), apart from core/rules/display.ts so that a page showing only dates and
 * amounts does not load Temporal (the polyfill is 19 KB gzip, and a browser with its own Temporal never needs it).
 */
import { Temporal } from 'temporal-polyfill';
import { clockTime, plainDateShort } from './display';

/** §9 message timestamp "M/D/YY - h:mm a" in the given time zone (default the browser's). */
export function journeyTimestamp(iso: string, timeZone: string = Temporal.Now.timeZoneId()): string {
  const t = Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  return `${plainDateShort(t)} - ${clockTime(t)}`;
}

/** A moment in a time zone as its wall clock to the minute, `YYYY-MM-DDTHH:MM` (what `wallClockShort` reads). */
export function wallClockMinute(at: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' });
}
