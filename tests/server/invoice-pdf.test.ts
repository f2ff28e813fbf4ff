// @vitest-environment node
/** `server/domain/invoice-pdf.ts`: file names, dates and text the document holds (no database). */
import { describe, expect, it } from 'vitest';
import { invoicePdfFileName, pdfContentDisposition, renderInvoicePdf, type InvoicePdfData } from '../../server/domain/invoice-pdf.js';
import { shortDate as pdfDate } from '../../core/rules/display.js';
import { checkPdfStructure, pdfText } from './helpers/pdf.js';

const data = (over: Partial<InvoicePdfData['invoice']> = {}): InvoicePdfData => ({
  vendor: {
    brandName: 'PerformancePay',
    displayName: 'Performance Foodservice',
    remitAddress: { addressLine1: '7850 Forest Point Blvd', addressLine2: 'Accounts Receivable', city: 'Charlotte', state: 'NC', postalCode: '28273' },
  },
  location: { displayName: 'Blue Heron Grill', address: null },
  invoice: {
    displayInvNum: 'INV-1',
    invoiceDate: '2026-01-02',
    dueDate: null,
    poRefId: null,
    shipTo: null,
    originalAmountCents: 123456,
    openAmountCents: 123456,
    status: 'Open',
    ...over,
  },
  payUrl: 'https://portal.example/',
  generatedAt: new Date('2026-03-04T05:06:07Z'),
});

describe('invoice PDF', () => {
  it('file names keep letters, digits, dot, dash and underscore only', () => {
    expect(invoicePdfFileName('INV4410902')).toBe('invoice-INV4410902.pdf');
    expect(invoicePdfFileName('A/B "C"\r\n;x')).toBe('invoice-A_B_C_x.pdf');
    expect(invoicePdfFileName('../..')).toBe('invoice-copy.pdf');
    expect(invoicePdfFileName('')).toBe('invoice-copy.pdf');
    expect(pdfContentDisposition('Ü 1')).toBe(`inline; filename="invoice-1.pdf"; filename*=UTF-8''invoice-1.pdf`);
    expect(pdfContentDisposition('A"B')).toBe(`inline; filename="invoice-A_B.pdf"; filename*=UTF-8''invoice-A_B.pdf`);
  });

  it('dates are M/D/YY, a missing one "-"', () => {
    expect(pdfDate('2026-01-02')).toBe('1/2/26');
    expect(pdfDate(null)).toBe('-');
  });

  it('uncompressed, the content shows number, amounts, "-" for missing values, the pay link; a well-formed file', async () => {
    const pdf = await renderInvoicePdf(data(), { compress: false });
    expect(checkPdfStructure(pdf).problems).toEqual([]);
    expect(pdf.toString('latin1')).not.toMatch(/FlateDecode/);
    const text = pdfText(pdf);
    expect(text).toContain('Invoice INV-1');
    expect(text).toContain('$1,234.56');
    expect(text).toContain('1/2/26');
    expect(text).toContain('Accounts Receivable');
    expect(text).toContain('Pay online:');
    expect(text).toContain('https://portal.example/');
  });

  it('a credit shows its negative amount and no pay prompt; text outside WinAnsi does not break the document', async () => {
    const pdf = await renderInvoicePdf(data({ openAmountCents: -5820, originalAmountCents: -5820, shipTo: '店 – Main 🍋' }), { compress: false });
    expect(checkPdfStructure(pdf).problems).toEqual([]);
    const text = pdfText(pdf);
    expect(text).toContain('-$58.20');
    expect(text).toContain('Amount Due: $0.00');
    expect(text).not.toContain('Pay online:');
    expect(text).toContain('Main');
  });
});
