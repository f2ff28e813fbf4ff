/**
 * Payment-date calendar — portal-core.md §5 Validation rules ("Calendar: only days flagged valid are selectable. Each
 * day from today through the vendor's c2pPaymentDays (from configuration, fallback 30) is valid if it equals its own
 * next business payment date for the provider (default provider direct-ach), given holidays. A past payment date is
 * replaced by the current time on submit. Dates are sent as yyyy-MM-dd."), §4 ("Changing provider resets the payment
 * date to the next valid date."), §9 (payment date window, default provider direct-ach, date format) and the
 * sandbox calendar decision (business days for ACH providers, no holidays, today excluded after the vendor's end-of-day cut-off
 * in its time zone).
 *
 * Decisions (the spec leaves them open):
 * - Payment day per provider type. ACH providers (`*-ach`, and any id that is not a card) settle through the banks:
 *   a payment day is Monday–Friday and not a holiday. Card providers (`*-cc`, `PLASTIQ_CC`) charge every day of the
 *   week, but the global holiday list still applies ("given holidays" names no exception, and the issue says "no
 *   holidays" for the whole calendar): a card payment day is any day that is not a holiday.
 * - "Next business payment date" of a day = that day if it is a payment day, else the first payment day after it.
 *   A day is therefore valid exactly when it is itself a payment day (and inside the window).
 * - Holidays are the global list (`holidays` table) as given; the seeds write the Federal Reserve's days
 *   (`./holidays.ts`: a Saturday holiday stays on the Saturday, the Friday before is a business day; a Sunday one is
 *   closed on the Monday). Nothing here moves a holiday.
 * - Window: today (in the vendor's time zone) through today + paymentDays, both ends inclusive — paymentDays + 1
 *   calendar days. The window stays anchored on today even after the cut-off.
 * - Cut-off: `EodCutoff.hour` is "the hour of the day (vendor time zone) after which today's payments move to the
 *   next business day" (contract). From hh:00:00.000 on, today is not valid; before it, today is valid if it is a
 *   payment day. No cut-off hour (null/undefined) means today stays valid all day.
 * - Window setting: vendor `config.c2pPaymentDays`, else configuration `paymentRequest.c2pPaymentDays`, else 30. A
 *   value that is missing, not a whole number, or 0 falls back to the next source (a 0-day window would offer only
 *   today, and nothing at all after the cut-off; §9 reads the configuration default as 0 "in one reading" with the
 *   30-day fallback "in another" — we honour both by treating 0 as "not set"). Settings above 366 days are clamped
 *   to 366 (a guard against misconfiguration, not a spec rule).
 */
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_DATE_PROVIDER, isCardProvider } from './providers';

/** portal-core.md §9: fallback payment-date window in days. */
export const DEFAULT_PAYMENT_DAYS = 30;

/**
 * Upper bound of the window (not in the spec): a misconfigured vendor value such as 1e9 would otherwise make the
 * calendar enumerate millions of days on every request. Larger settings are clamped to it.
 */
export const MAX_PAYMENT_DAYS = 366;

/** A holiday as the callers hold it: a PlainDate, a `yyyy-MM-dd` string, or a `{ date }` row from `GET /config?key=holidays`. */
export type HolidayInput = Temporal.PlainDate | string | { date: Temporal.PlainDate | string };

/** Holidays as a list, or a set of `yyyy-MM-dd` strings prepared once with {@link toHolidaySet}. */
export type Holidays = ReadonlyArray<HolidayInput> | ReadonlySet<string>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Strict `yyyy-MM-dd` → PlainDate; anything else (other formats, 2025-02-30, time parts) → null. */
export function parsePaymentDate(text: string): Temporal.PlainDate | null {
  if (typeof text !== 'string' || !ISO_DATE.test(text)) return null;
  try {
    return Temporal.PlainDate.from(text, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** PlainDate → `yyyy-MM-dd` (the format sent to the API, §5/§9). */
export function formatPaymentDate(date: Temporal.PlainDate): string {
  return date.toString();
}

function holidayKey(holiday: HolidayInput): string {
  const value = typeof holiday === 'object' && !(holiday instanceof Temporal.PlainDate) ? holiday.date : holiday;
  if (value instanceof Temporal.PlainDate) return value.toString();
  const parsed = parsePaymentDate(value);
  if (!parsed) throw new RangeError(`holiday must be a yyyy-MM-dd date, got ${JSON.stringify(value)}`);
  return parsed.toString();
}

/** Normalises holidays into a set of `yyyy-MM-dd` strings (do it once when checking many days). */
export function toHolidaySet(holidays: Holidays): ReadonlySet<string> {
  if (holidays instanceof Set) return holidays as ReadonlySet<string>;
  return new Set((holidays as ReadonlyArray<HolidayInput>).map(holidayKey));
}

function providerOrDefault(provider: string | null | undefined): string {
  return provider && provider.trim() ? provider : DEFAULT_DATE_PROVIDER;
}

/**
 * True when `date` is a day the provider can pay on: not a holiday, and for ACH providers also Monday–Friday.
 * `provider` null/undefined/'' means the default provider direct-ach.
 */
export function isPaymentDay(date: Temporal.PlainDate, provider: string | null | undefined, holidays: Holidays): boolean {
  const set = toHolidaySet(holidays);
  if (set.has(date.toString())) return false;
  if (isCardProvider(providerOrDefault(provider))) return true;
  return date.dayOfWeek <= 5;
}

/**
 * The next business payment date for the provider: `date` itself when it is a payment day, else the first payment
 * day after it (ACH: skips weekends and holidays; cards: skips holidays).
 */
export function nextPaymentDate(date: Temporal.PlainDate, provider: string | null | undefined, holidays: Holidays): Temporal.PlainDate {
  const set = toHolidaySet(holidays);
  let day = date;
  // Terminates: the holiday set is finite and every week has five weekdays.
  while (!isPaymentDay(day, provider, set)) day = day.add({ days: 1 });
  return day;
}

/** Whole number of days ≥ 1 (as number or integer text), else null: the "is this setting set?" test. */
function positiveDays(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The click-to-pay window in days: the vendor's `c2pPaymentDays`, else the configuration's
 * `paymentRequest.c2pPaymentDays`, else 30. Missing, 0, negative or non-integer values fall back.
 */
export function resolvePaymentDaysSetting(vendorDays: number | string | null | undefined, configDays: number | string | null | undefined): number {
  return Math.min(positiveDays(vendorDays) ?? positiveDays(configDays) ?? DEFAULT_PAYMENT_DAYS, MAX_PAYMENT_DAYS);
}

export interface PaymentWindow {
  /** First day of the window (today in the vendor's time zone). */
  start: Temporal.PlainDate;
  /** Last day of the window, inclusive: today + c2pPaymentDays. */
  end: Temporal.PlainDate;
}

/**
 * Today through today + c2pPaymentDays (inclusive). `c2pPaymentDays` is the resolved setting
 * ({@link resolvePaymentDaysSetting}), a whole number 0…{@link MAX_PAYMENT_DAYS}; anything else throws a RangeError.
 */
export function paymentWindow({ today, c2pPaymentDays }: { today: Temporal.PlainDate; c2pPaymentDays: number }): PaymentWindow {
  if (!Number.isInteger(c2pPaymentDays) || c2pPaymentDays < 0 || c2pPaymentDays > MAX_PAYMENT_DAYS) {
    throw new RangeError(`c2pPaymentDays must be a whole number 0-${MAX_PAYMENT_DAYS}, got ${c2pPaymentDays}`);
  }
  return { start: today, end: today.add({ days: c2pPaymentDays }) };
}

export interface PaymentDateOptions {
  /** The current moment. A ZonedDateTime is converted into the vendor's time zone; only its instant matters. */
  now: Temporal.ZonedDateTime | Temporal.Instant;
  /** The vendor's IANA time zone (`eodCutoff.timezone`), e.g. America/New_York. */
  timeZone: string;
  /** The vendor's end-of-day cut-off hour 0–23 (`eodCutoff.hour`); null/undefined = no cut-off. */
  cutoffHour?: number | null;
  /** Payment provider of the chosen method; null/undefined = direct-ach (§5). */
  provider?: string | null;
  holidays: Holidays;
  /** The resolved window in days ({@link resolvePaymentDaysSetting}). */
  paymentDays: number;
}

/** The vendor time zone when a vendor names none (the demo vendors' and the schema's default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The vendor's time zone name as configured (`eod_cutoff.timezone`), the default when it names none. Not checked: the
 * jobs that charge and settle use it, and a vendor with a zone the runtime does not know fails loudly there (logged,
 * its payments left as they are) rather than being paid on another zone's calendar day.
 */
export function configuredTimeZone(eodCutoff: { timezone?: string | null } | null | undefined): string {
  return eodCutoff?.timezone || DEFAULT_TIME_ZONE;
}

/** The vendor's IANA time zone for documents and messages: the default when missing or not a valid zone. */
export function vendorTimeZone(eodCutoff: { timezone?: string } | null | undefined): string {
  const zone = eodCutoff?.timezone;
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    Temporal.Now.instant().toZonedDateTimeISO(zone);
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function vendorNow(now: Temporal.ZonedDateTime | Temporal.Instant, timeZone: string): Temporal.ZonedDateTime {
  const instant = now instanceof Temporal.ZonedDateTime ? now.toInstant() : now;
  return instant.toZonedDateTimeISO(timeZone);
}

/** Today's calendar date in the vendor's time zone. */
export function vendorToday(now: Temporal.ZonedDateTime | Temporal.Instant, timeZone: string): Temporal.PlainDate {
  return vendorNow(now, timeZone).toPlainDate();
}

/** True when the vendor's local time is at or after the cut-off hour (so today can no longer be chosen). */
export function isAfterCutoff(now: Temporal.ZonedDateTime | Temporal.Instant, timeZone: string, cutoffHour: number | null | undefined): boolean {
  if (cutoffHour === null || cutoffHour === undefined) return false;
  if (!Number.isInteger(cutoffHour) || cutoffHour < 0 || cutoffHour > 23) {
    throw new RangeError(`cutoffHour must be a whole hour 0-23, got ${cutoffHour}`);
  }
  return vendorNow(now, timeZone).hour >= cutoffHour;
}

interface Calendar {
  today: Temporal.PlainDate;
  window: PaymentWindow;
  todayClosed: boolean;
  holidays: ReadonlySet<string>;
  provider: string;
}

function calendar(options: PaymentDateOptions): Calendar {
  const today = vendorToday(options.now, options.timeZone);
  return {
    today,
    window: paymentWindow({ today, c2pPaymentDays: options.paymentDays }),
    todayClosed: isAfterCutoff(options.now, options.timeZone, options.cutoffHour),
    holidays: toHolidaySet(options.holidays),
    provider: providerOrDefault(options.provider),
  };
}

function validIn(cal: Calendar, date: Temporal.PlainDate): boolean {
  if (Temporal.PlainDate.compare(date, cal.window.start) < 0) return false;
  if (Temporal.PlainDate.compare(date, cal.window.end) > 0) return false;
  if (cal.todayClosed && date.equals(cal.today)) return false;
  return nextPaymentDate(date, cal.provider, cal.holidays).equals(date);
}

/** Every selectable payment date, ascending: the days of the window that are their own next payment date. */
export function validPaymentDates(options: PaymentDateOptions): Temporal.PlainDate[] {
  const cal = calendar(options);
  const dates: Temporal.PlainDate[] = [];
  for (let day = cal.window.start; Temporal.PlainDate.compare(day, cal.window.end) <= 0; day = day.add({ days: 1 })) {
    if (validIn(cal, day)) dates.push(day);
  }
  return dates;
}

/**
 * Whether `date` (a PlainDate or the submitted `yyyy-MM-dd` text) is a selectable payment date right now — the
 * server's re-check of a submitted date. Malformed text is not valid.
 */
export function isValidPaymentDate(date: Temporal.PlainDate | string, options: PaymentDateOptions): boolean {
  const day = typeof date === 'string' ? parsePaymentDate(date) : date;
  if (!day) return false;
  return validIn(calendar(options), day);
}

/** The earliest selectable payment date (the date to reset to when the provider changes), or null when none is left. */
export function firstValidPaymentDate(options: PaymentDateOptions): Temporal.PlainDate | null {
  const cal = calendar(options);
  for (let day = cal.window.start; Temporal.PlainDate.compare(day, cal.window.end) <= 0; day = day.add({ days: 1 })) {
    if (validIn(cal, day)) return day;
  }
  return null;
}

/**
 * §5 "A past payment date is replaced by the current time on submit": a chosen date before today (vendor time zone)
 * becomes today; today and later dates are kept.
 */
export function submittedPaymentDate(
  date: Temporal.PlainDate,
  { now, timeZone }: { now: Temporal.ZonedDateTime | Temporal.Instant; timeZone: string },
): Temporal.PlainDate {
  const today = vendorToday(now, timeZone);
  return Temporal.PlainDate.compare(date, today) < 0 ? today : date;
}
