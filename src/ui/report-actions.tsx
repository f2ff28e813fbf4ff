/**
 * Export CSV and Print of a report page (spec §9), shared by the reports, the invoice journey and the payment detail.
 *
 * API
 * - `<ReportActions title vendorName locationName? csv disabled? unavailable? />`: the "Export CSV" and "Print" buttons
 *   (`disabled` while the data is loading or empty; `unavailable` when it failed to load — nothing to export or print,
 *   so no buttons are shown). `csv()` returns the
 *   CSV text (build it with `toCsv` from core/rules/csv.ts, rows in the order shown); the file is named by
 *   `csvFileName(title, today, vendorName, locationName)`, today in the browser's zone (`browserToday`). Print marks
 *   the page as printing (see `usePrinting`) and calls `window.print()`.
 * - `<PrintStyles title />`: the page's print stylesheet: hides the app header, footer, navigation and anything with
 *   `data-print-hide`, drops card shadows, and shows the print title (also used as the document title while printing,
 *   so the browser's print header and "Save as PDF" name carry it).
 * - `usePrinting()`: true from `beforeprint` to `afterprint` (and from a Print click). Pass
 *   `virtualizeAbove={printing ? Infinity : undefined}` to `DataTable`, so a printout holds every row, not only the
 *   ones in view.
 * - `downloadText(fileName, text, type)`: saves a text as a file (a blob: URL on a temporary link).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { browserToday } from '../../core/rules/temporal-on-demand';
import { css } from '../../styled-system/css';
import { csvFileName } from '../../core/rules/csv';
import { Button } from './button';

export const reportActionTexts = { exportCsv: 'Export CSV', print: 'Print', group: 'Report actions' } as const;

/** Saves `text` as a file named `fileName`. CSV gets a byte-order mark so spreadsheet programs read UTF-8. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const blob = new Blob([type.startsWith('text/csv') ? '\ufeff' : '', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ── printing state (one per document) ──
let printing = false;
const listeners = new Set<() => void>();
function setPrinting(value: boolean) {
  if (printing === value) return;
  printing = value;
  // Synchronously: `beforeprint` handlers must have rendered every row before the browser lays out the printout.
  flushSync(() => listeners.forEach((l) => l()));
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
    }
  };
}
const onBefore = () => setPrinting(true);
const onAfter = () => setPrinting(false);

/** True while the page is being printed (see the header of this file). */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, () => printing, () => false);
}

const bar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', _print: { display: 'none' } });

export interface ReportActionsProps {
  /** Report title (§9 CSV name and print title), e.g. "Invoice Report". */
  title: string;
  vendorName: string;
  /** Appended to the file name where the spec says so. */
  locationName?: string;
  /** The CSV text of what the page shows. */
  csv(): string;
  disabled?: boolean;
  /** The data failed to load: there is nothing to export or print, the buttons are not shown. */
  unavailable?: boolean;
}

/** "Export CSV" and "Print" buttons. */
export function ReportActions({ title, vendorName, locationName, csv, disabled = false, unavailable = false }: ReportActionsProps) {
  usePrinting(); // keeps the print listeners while a report page is open
  if (unavailable) return null;
  // the file's date is today's in the browser's zone, read at once (a report page does not load the Temporal polyfill)
  const exportCsv = () => downloadText(csvFileName(title, browserToday(), vendorName, locationName), csv());
  return (
    <div role="group" aria-label={reportActionTexts.group} className={bar} data-print-hide="">
      <Button variant="secondary" size="sm" disabled={disabled} onClick={exportCsv}>
        {reportActionTexts.exportCsv}
      </Button>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => { setPrinting(true); window.print(); }}>
        {reportActionTexts.print}
      </Button>
    </div>
  );
}

const printCss = `
@media print {
  @page { margin: 12mm; }
  body { background: #fff !important; }
  header, footer, nav, [data-print-hide] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  section, article { box-shadow: none !important; border: 0 !important; }
  [role=row] { break-inside: avoid; }
  [data-print-title] { display: block !important; }
}`;

const printTitle = css({ display: 'none', fontSize: 'xl', fontWeight: '700', mb: '3' });

/** The page's print stylesheet and print title (see the header of this file). */
export function PrintStyles({ title }: { title: string }) {
  const active = usePrinting();
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (active && saved === null) {
      setSaved(document.title);
      document.title = title;
    } else if (!active && saved !== null) {
      document.title = saved;
      setSaved(null);
    }
  }, [active, saved, title]);
  return (
    <>
      <style media="print">{printCss}</style>
      <p data-print-title="" aria-hidden="true" className={printTitle}>{title}</p>
    </>
  );
}
