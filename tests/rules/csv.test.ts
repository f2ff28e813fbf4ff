import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCurrency, csvFileName, neutralizeCell, toCsv, type CsvColumn } from '../../core/rules/csv';

type Row = { num: string; amount: number; note: string | null };

describe('CSV export', () => {
  const columns: CsvColumn<Row>[] = [
    { header: 'Invoice', value: (r) => r.num },
    { header: 'Amount', value: (r) => r.amount },
    { header: 'Note', value: (r) => r.note },
  ];

  it('writes a header row and one line per row, quoting commas, quotes and line breaks', () => {
    const text = toCsv(columns, [
      { num: 'INV-1', amount: 12.5, note: 'a, "b"' },
      { num: 'INV-2', amount: 0, note: 'line\nbreak' },
    ]);
    expect(text.split('\r\n')[0]).toBe('Invoice,Amount,Note');
    const parsed = Papa.parse<string[]>(text).data;
    expect(parsed).toEqual([['Invoice', 'Amount', 'Note'], ['INV-1', '12.5', 'a, "b"'], ['INV-2', '0', 'line\nbreak']]);
  });

  it('neutralises cells that a spreadsheet would run as a formula', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '=1', '-A1', '--5', '-$5+1', '\t']) {
      expect(neutralizeCell(bad)).toBe(`'${bad}`);
    }
    const parsed = Papa.parse<string[]>(toCsv(columns, [{ num: '=1+1', amount: -3, note: '@x' }])).data;
    expect(parsed[1]).toEqual(["'=1+1", '-3', "'@x"]);
  });

  it('leaves ordinary text, numbers and empty cells alone', () => {
    expect(neutralizeCell('INV-100')).toBe('INV-100');
    // §2 "A missing due date shows '-'": a lone minus is a placeholder, not a formula.
    expect(neutralizeCell('-')).toBe('-');
    // Plain amounts a spreadsheet reads as numbers run nothing: a credit stays "-$212.00".
    for (const amount of ['-$212.00', '-12.5', '+3', '-$1,234.50', '$-5.00']) expect(neutralizeCell(amount)).toBe(amount);
    expect(neutralizeCell(-12.5)).toBe(-12.5);
    expect(neutralizeCell(null)).toBe('');
    expect(neutralizeCell(undefined)).toBe('');
  });

  it('writes amounts as currency with 2 decimals, as the printed tables show them (§9)', () => {
    expect([96310, 47500, 100000, -21200, 0, 123456789].map(csvCurrency)).toEqual(['$963.10', '$475.00', '$1,000.00', '-$212.00', '$0.00', '$1,234,567.89']);
    type Line = { num: string; due: string; cents: number };
    const lines: CsvColumn<Line>[] = [
      { header: 'Invoice', value: (r) => r.num },
      { header: 'Due Date', value: (r) => r.due },
      { header: 'Amount', value: (r) => csvCurrency(r.cents) },
    ];
    const text = toCsv(lines, [{ num: 'INV-1', due: '-', cents: 96310 }, { num: 'CM-2', due: '12/1/26', cents: -100000 }]);
    expect(text.split('\r\n')).toEqual(['Invoice,Due Date,Amount', 'INV-1,-,$963.10', 'CM-2,12/1/26,"-$1,000.00"']);
  });

  it('names the file title, date, vendor and (where the spec says so) location', () => {
    expect(csvFileName('Invoice Report', '2026-11-23', 'Coastal Produce Co.')).toBe('Invoice Report 2026-11-23 Coastal Produce Co..csv');
    expect(csvFileName('Payment Detail', '2026-11-23', 'Acme', 'Blue Heron Grill')).toBe('Payment Detail 2026-11-23 Acme Blue Heron Grill.csv');
    expect(csvFileName('Invoice Report', '2026-11-23', 'A/B: "C"')).toBe('Invoice Report 2026-11-23 A-B- -C-.csv');
  });
});
