/**
 * CSV export of the reports, the invoice journey and the payment detail (spec §9) — pure, no DOM.
 *
 * API (kept small on purpose):
 * - `toCsv(columns, rows)`: the CSV text (header row + one line per row, CRLF, RFC 4180 quoting by papaparse), every
 *   cell neutralised against CSV/formula injection (`neutralizeCell`).
 * - `csvFileName(title, date, vendorName, locationName?)`: "{title} {YYYY-MM-DD} {vendor}[ {location}].csv", with
 *   characters that file systems refuse replaced.
 * - `neutralizeCell(value)`: a text that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading
 *   apostrophe, so a spreadsheet shows it as text instead of running it as a formula. Numbers are not touched
 *   (a negative amount exported as the number -12.5 stays a number); export amounts as numbers or as formatted text
 *   ("-$12.50" is neutralised, which is the safe reading).
 */
import Papa from 'papaparse';

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value(row: T): CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises a cell against formula injection (see the header of this file). */
export function neutralizeCell(value: CsvValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
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
