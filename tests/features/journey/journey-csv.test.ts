import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { modelJourney } from '../../../machines/invoice-journey/invoice-journey.model';
import { journeyCsv } from '../../../src/features/journey/journey-csv';
import { csvText } from '../../../src/features/journey/journey-export';
import { journeyTimestamp } from '../../../src/features/journey/format';

describe('journey CSV', () => {
  it('names the file after the print title, the date and the vendor, with the page columns in the order given', () => {
    const doc = journeyCsv({ invoiceNumber: 'INV-30555', vendorName: 'Acme Foodservice', date: '2026-11-23', entries: modelJourney.journeys, timeZone: 'America/Chicago' });
    expect(doc.fileName).toBe('Invoice Journey INV-30555 2026-11-23 Acme Foodservice.csv');
    expect(doc.rows).toEqual([
      ['Date & Time', 'Action', 'Details'],
      ['11/1/26 - 3:00 AM', 'Invoice created', 'Invoice INV-30555 created'],
      ['11/3/26 - 9:30 AM', 'Reminder sent', 'Email reminder'],
    ]);
    expect(journeyCsv({ invoiceNumber: 'A/B:1', vendorName: 'X', date: '2026-11-23', entries: [] }).fileName).toBe('Invoice Journey A-B-1 2026-11-23 X.csv');
  });

  it('neutralises formula cells and round-trips quotes and commas', () => {
    const text = csvText([['Details'], ['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['a, "b"']]);
    const back = Papa.parse<string[]>(text).data.map((r) => r[0]);
    expect(back).toEqual(['Details', `'=HYPERLINK("x")`, "'+1", "'-2", "'@SUM(A1)", 'a, "b"']);
  });

  it('shows times as M/D/YY - h:mm a', () => {
    expect(journeyTimestamp('2026-11-20T18:05:00Z', 'America/Chicago')).toBe('11/20/26 - 12:05 PM');
    expect(journeyTimestamp('2026-01-02T06:00:00Z', 'UTC')).toBe('1/2/26 - 6:00 AM');
  });
});
