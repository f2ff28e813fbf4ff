/**
 * CSV export of the reports, the invoice journey and the payment detail (spec §9) — pure, no DOM.
 *
 * API (kept small on purpose):
 * - `toCsv(columns, rows)`: the CSV text (header row + one line per row, CRLF, RFC 4180 quoting by papaparse), every
 *   cell neutralised against CSV/formula injection (`neutralizeCell`).
 * - `csvFileName(title, date, vendorName, locationName?)`: "{title} {YYYY-MM-DD} {vendor}[ {location}].csv", with
 *   characters that file systems refuse replaced.
 * - `neutralizeCell(value)`: a text a spreadsheet would run as a formula gets a leading apostrophe, so it is shown
 *   as text. A formula is `=`, `+`, `-` or `@` followed by more text, or anything beginning with a tab or a carriage
 *   return. Not formulas, so left alone: a lone `-` (the "no date" placeholder of §2), and a plain number or
 *   currency amount such as `-12.5` or `-$1,234.50` (a spreadsheet reads it as a number, it runs nothing). Numbers
 *   are not touched.
 * - `csvCurrency(cents)`: an amount column's cell — spec §9 "Amounts shown as currency with 2 decimals", the same
 *   text as the printed table (`formatCurrency`: "$963.10", "-$12.00", "$1,000.00"). Every amount column uses it.
 */
import Papa from 'papaparse';
import { formatCurrency } from './dollars';

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value(row: T): CsvValue;
}

/** A formula: `=`, `+`, `-`, `@` followed by at least one more character, or a leading tab / carriage return. */
const FORMULA = /^(?:[=+\-@][\s\S]|[\t\r])/;
/** A plain number or dollar amount with one sign at most: "-12.5", "+3", "-$1,234.50", "$-5". Read as a number. */
const PLAIN_AMOUNT = /^(?:[-+]?\$?|\$[-+])(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;

/** Neutralises a cell against formula injection (see the header of this file). */
export function neutralizeCell(value: CsvValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (!FORMULA.test(value)) return value;
  return PLAIN_AMOUNT.test(value) && /\d/.test(value) ? value : `'${value}`;
}

/** An amount cell: currency with 2 decimals, as the printed table shows it (see the header of this file). */
export function csvCurrency(cents: number | bigint): string {
  return formatCurrency(cents);
}

/** The CSV text of `rows` under `columns` (header row first). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const fields = columns.map((c) => neutralizeCell(c.header));
  const data = rows.map((row) => columns.map((c) => neutralizeCell(c.value(row))));
  return Papa.unparse({ fields: fields as string[], data }, { quotes: false, newline: '\r\n', escapeFormulae: false });
}

/** Characters refused in file names on common systems. */
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;

/**
 * The §9 file name: report title, the date as YYYY-MM-DD, the vendor name, and the location name where the spec
 * appends it. `date` is a `YYYY-MM-DD` string (e.g. `Temporal.Now.plainDateISO().toString()`).
 */
export function csvFileName(title: string, date: string, vendorName: string, locationName?: string): string {
  const parts = [title, date, vendorName, locationName].filter((p): p is string => !!p && p.trim() !== '');
  return `${parts.join(' ').replace(UNSAFE_FILE_CHARS, '-').replace(/\s+/g, ' ').trim()}.csv`;
}
