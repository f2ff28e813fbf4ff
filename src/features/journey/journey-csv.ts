/**
 * The journey's CSV (spec §9): rows newest first with the columns of the page, and the file name from the print
 * title ("Invoice Journey {number}"), the date (YYYY-MM-DD) and the vendor name. Pure: the export block turns the
 * rows into CSV text (papaparse, formula cells neutralised).
 */
import type { JourneyEntry } from '../../../machines/invoice-journey/invoice-journey.actors';
import { journeyTimestamp } from './format';
import { journeyTexts as t } from './texts';

export interface CsvDocument {
  fileName: string;
  rows: string[][];
}

/** Characters a file name may not hold on common systems, replaced by "-". */
function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').replace(/\s+/g, ' ').trim();
}

export function journeyCsv(input: { invoiceNumber: string; vendorName: string; date: string; entries: readonly JourneyEntry[]; timeZone?: string }): CsvDocument {
  const header = [t.dateTime, t.action, t.details];
  const rows = input.entries.map((e) => [journeyTimestamp(e.updatedAt, input.timeZone), e.action, e.detail]);
  return {
    fileName: `${safeFileName(`${t.printTitle(input.invoiceNumber)} ${input.date} ${input.vendorName}`)}.csv`,
    rows: [header, ...rows],
  };
}
