import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { modelJourney } from '../../../machines/invoice-journey/invoice-journey.model';
import { csvFileName, toCsv } from '../../../core/rules/csv';
import { journeyCsvColumns } from '../../../src/features/journey/journey-csv';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { journeyTexts } from '../../../src/features/journey/texts';

/** The file name ReportActions gives the journey's CSV (title = the print title). */
const fileName = (invoiceNumber: string, date: string, vendorName: string) => csvFileName(journeyTexts.printTitle(invoiceNumber), date, vendorName);
const parse = (text: string) => Papa.parse<string[]>(text, { newline: '\r\n' }).data;

describe('journey CSV', () => {
  it('names the file after the print title, the date and the vendor, with the page columns in the order given', () => {
    expect(fileName('INV-30555', '2026-11-23', 'Acme Foodservice')).toBe('Invoice Journey INV-30555 2026-11-23 Acme Foodservice.csv');
    expect(parse(toCsv(journeyCsvColumns('America/Chicago'), modelJourney.journeys))).toEqual([
      ['Date & Time', 'Action', 'Details'],
      ['11/1/26 - 3:00 AM', 'Invoice created', 'Invoice INV-30555 created'],
      ['11/3/26 - 9:30 AM', 'Reminder sent', 'Email reminder'],
    ]);
    expect(fileName('A/B:1', '2026-11-23', 'X')).toBe('Invoice Journey A-B-1 2026-11-23 X.csv');
  });

  it('neutralises formula cells and round-trips quotes and commas', () => {
    const details = ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=1\n2', 'a, "b"', '-', '-2'];
    const text = toCsv([{ header: 'Details', value: (d: string) => d }], details);
    const back = parse(text).map((r) => r[0]);
    // A lone "-" and a plain number run nothing in a spreadsheet: they are left as they are (core/rules/csv.ts).
    expect(back).toEqual(['Details', `'=HYPERLINK("x")`, "'+1+1", "'-2+3", "'@SUM(A1)", "'\tx", "'\rx", "'=1\n2", 'a, "b"', '-', '-2']);
  });

  it('shows times as M/D/YY - h:mm a', () => {
    expect(journeyTimestamp('2026-11-20T18:05:00Z', 'America/Chicago')).toBe('11/20/26 - 12:05 PM');
    expect(journeyTimestamp('2026-01-02T06:00:00Z', 'UTC')).toBe('1/2/26 - 6:00 AM');
  });
});
