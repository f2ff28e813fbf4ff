/**
 * How the portal shows dates, amounts and vendor flags (portal-core.md §9: "Amounts shown as currency with 2
 * decimals", dates "M/d/yy"), the one home for every page, PDF and job text.
 */
import type { Temporal } from 'temporal-polyfill';
import { formatCurrency } from './dollars';
import { amountToCents } from './money';

/** `yyyy-MM-dd` (or an ISO timestamp's date) → M/D/YY; "-" when missing; anything else as given. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${Number(m[2])}/${Number(m[3])}/${m[1].slice(2)}` : iso;
}

/** A calendar day → M/D/YY. */
export function plainDateShort(d: Pick<Temporal.PlainDate, 'year' | 'month' | 'day'>): string {
  return `${d.month}/${d.day}/${String(d.year % 100).padStart(2, '0')}`;
}

/** A wall-clock time → h:mm AM/PM. */
export function clockTime(t: Pick<Temporal.PlainTime, 'hour' | 'minute'>): string {
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${hour12}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A wall-clock date and time (`YYYY-MM-DDTHH:MM`, as the API sends a moment already in the vendor's zone) → its
 * date as M/D/YY and "M/D/YY at h:mm AM/PM"; null when it is not one. Read from the text: no time zone arithmetic, so no
 * `Intl` (whose first use costs a page 20–70 ms).
 */
export function wallClockShort(local: string): { date: string; dateTime: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const date = plainDateShort({ year, month, day });
  return { date, dateTime: `${date} at ${clockTime({ hour, minute })}` };
}

/** A contract amount (dollars, two decimals) as currency. */
export function dollars(amount: number): string {
  return formatCurrency(amountToCents(amount));
}

/** Vendor flags default to on (§3: displayExternalInvoiceDate and displayInvoicePoRefId are on by default). */
export function vendorFlag(flags: Record<string, boolean> | undefined, name: string): boolean {
  return flags?.[name] ?? true;
}
