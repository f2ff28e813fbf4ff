/**
 * The journey's CSV columns (spec §9): the columns of the page, for `toCsv` (core/rules/csv.ts), which neutralises
 * formula cells. The file is named by `<ReportActions title={journeyTexts.printTitle(number)}>`:
 * "Invoice Journey {number} {YYYY-MM-DD} {vendor}.csv".
 */
import type { JourneyEntry } from '../../../machines/invoice-journey/invoice-journey.actors';
import type { CsvColumn } from '../../../core/rules/csv';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { journeyTexts as t } from './texts';

/** Date & Time (in `timeZone`, default the browser's), Action, Details. */
export function journeyCsvColumns(timeZone?: string): CsvColumn<JourneyEntry>[] {
  return [
    { header: t.dateTime, value: (e) => journeyTimestamp(e.updatedAt, timeZone) },
    { header: t.action, value: (e) => e.action },
    { header: t.details, value: (e) => e.detail },
  ];
}
