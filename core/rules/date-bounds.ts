/**
 * The one bound of every date that enters the system (a `format: date` or `format: date-time` value of any of the
 * three contracts, in a body, query or path): from 1900-01-01 to 9999-12-31, in UTC for a date-time. Outside it a
 * date means nothing to an invoice portal, and PostgreSQL cannot store some of it (year 0000: "date out of range").
 * The server refuses such a value with 400 naming the field (server/http/validation.ts).
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '9999-12-31';

/** True when the calendar date `yyyy-mm-dd` (the first ten characters of an ISO date or date-time) is in the bound. */
export function isDateInBounds(isoDate: string): boolean {
  const day = isoDate.slice(0, 10);
  return day >= EARLIEST_DATE && day <= LATEST_DATE;
}

/** The same for an RFC 3339 date-time with any offset: its UTC instant's date is in the bound. */
export function isDateTimeInBounds(isoDateTime: string): boolean {
  if (!isDateInBounds(isoDateTime)) return false;
  const ms = Date.parse(isoDateTime);
  if (Number.isNaN(ms)) return false;
  return ms >= Date.parse(`${EARLIEST_DATE}T00:00:00Z`) && ms < Date.parse(`${LATEST_DATE}T23:59:59.999Z`) + 1;
}
