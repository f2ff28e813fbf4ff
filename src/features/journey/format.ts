import { Temporal } from 'temporal-polyfill';

/** §9 message timestamp "M/D/YY - h:mm a" in the given time zone (default the browser's). */
export function journeyTimestamp(iso: string, timeZone: string = Temporal.Now.timeZoneId()): string {
  const t = Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${t.month}/${t.day}/${String(t.year % 100).padStart(2, '0')} - ${hour12}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'AM' : 'PM'}`;
}
