/**
 * The account statement as a PDF (pdfkit, built-in Helvetica, as `invoice-pdf.ts`): vendor brand and remit address,
 * the location, "Account Statement" as of the vendor's date, the invoice table (classification, dates, amounts),
 * totals, the aging summary, the disclaimer and a pay link. The same document is served to the page
 * (`getStatementPdf`) and attached to the statement e-mails (`server/jobs/statements.ts`).
 *
 * The link printed on the page's copy is the portal's landing page (never the caller's token); the e-mailed copy
 * carries the e-mail's own click-to-pay link.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output.js';
import { formatCurrency } from '../../core/rules/dollars.js';
import type { Address } from '../db/schema.js';
import type { StatementData } from '../repos/statements.js';
import { shortDate } from '../../core/rules/display.js';

/** Spec §2.4 disclaimer (the page shows the same text). */
export const STATEMENT_DISCLAIMER =
  'This statement was generated at the time shown above. Payments in transit may not be shown. If you have already paid an obligation listed here, please disregard it.';

export const CLASSIFICATION_LABELS = { credit: 'Credit', pastDue: 'Past Due', current: 'Current' } as const;

export const AGING_LABELS = {
  current: 'Current',
  days1to30: '1-30 Days',
  days31to60: '31-60 Days',
  days61to90: '61-90 Days',
  over90: 'Over 90 Days',
} as const;

function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.addressLine2, address.addressLine1, cityLine].filter((line) => line && line.trim() !== '');
}

export function statementPdfFileName(asOfDate: string): string {
  return `statement-${asOfDate}.pdf`;
}

export function statementContentDisposition(asOfDate: string): string {
  const name = statementPdfFileName(asOfDate);
  return `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function renderStatementPdf(data: StatementData, options: { payUrl: string; compress?: boolean }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: options.compress ?? true,
    info: {
      Title: `Account Statement as of ${shortDate(data.asOfDate)}`,
      Author: data.vendor.displayName,
      Subject: `Account Statement for ${data.location.displayName}`,
      Creator: data.vendor.brandName,
      CreationDate: data.asOf,
    },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1a1a1a').text(data.vendor.brandName, left, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(10).fillColor('#333333').text(data.vendor.displayName, { width: width / 2 });
  doc.text('Remit to:', { width: width / 2 });
  for (const line of addressLines(data.vendor.remitAddress)) doc.text(line, { width: width / 2 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1a1a1a').text('Account Statement', left + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(`as of ${shortDate(data.asOfDate)}`, { width: width / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 14;

  doc.font('Helvetica-Bold').fontSize(10).text('Account', left, doc.y, { width });
  doc.font('Helvetica').text(data.location.displayName, { width });
  for (const line of addressLines(data.location.address)) doc.text(line, { width });
  doc.y += 12;

  // table
  const columns = [
    { header: 'Invoice', width: 0.26, align: 'left' as const },
    { header: 'Invoice Date', width: 0.15, align: 'left' as const },
    { header: 'Due Date', width: 0.15, align: 'left' as const },
    { header: 'Status', width: 0.2, align: 'left' as const },
    { header: 'Open Amount', width: 0.24, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y + 16 > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('#1a1a1a');
    cells.forEach((cell, i) => {
      const w = columns[i].width * width;
      doc.text(cell, x + 2, y, { width: w - 4, align: columns[i].align, lineBreak: false, ellipsis: true });
      x += w;
    });
    doc.y = y + 14;
  };
  row(columns.map((c) => c.header), true);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999999').stroke();
  doc.y += 4;
  if (data.lines.length === 0) {
    doc.font('Helvetica').fontSize(10).text('There are no open credits or invoices at this time.', left, doc.y, { width });
    doc.y += 6;
  }
  for (const line of data.lines) {
    const status = line.classification === 'pastDue' ? `Past Due (${line.daysPastDue} days)` : CLASSIFICATION_LABELS[line.classification];
    row([line.displayInvNum, shortDate(line.invoiceDate), shortDate(line.dueDate), status, formatCurrency(line.openAmountCents)]);
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.y += 10;

  const pair = (label: string, value: string, bold = false) => {
    if (doc.y + 16 > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(label, left + width / 2, y, { width: width / 4 });
    doc.text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    doc.y = y + 15;
  };
  pair('Invoices', formatCurrency(data.totals.invoices));
  pair('Credits', formatCurrency(data.totals.credits));
  pair('Past Due', formatCurrency(data.totals.pastDue));
  pair('Balance', formatCurrency(data.totals.balance), true);
  doc.y += 8;

  if (doc.y + 60 > bottom()) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).text('Aging Summary', left, doc.y, { width });
  doc.y += 2;
  const keys = Object.keys(AGING_LABELS) as Array<keyof typeof AGING_LABELS>;
  const cell = width / keys.length;
  const agingTop = doc.y;
  keys.forEach((key, i) => {
    doc.font('Helvetica').fontSize(9).text(AGING_LABELS[key], left + i * cell, agingTop, { width: cell - 4, align: 'center' });
    doc.font('Helvetica-Bold').text(formatCurrency(data.aging[key]), left + i * cell, agingTop + 13, { width: cell - 4, align: 'center' });
  });
  doc.y = agingTop + 36;

  if (doc.y + 80 > bottom()) doc.addPage();
  doc.font('Helvetica').fontSize(10).fillColor('#1a1a1a').text('Pay online:', left, doc.y, { continued: true });
  doc.fillColor('#0645ad').text(` ${options.payUrl}`, { link: options.payUrl, underline: true });
  doc.moveDown(1);
  doc.fillColor('#555555').fontSize(8).text(STATEMENT_DISCLAIMER, left, doc.y, { width });
  doc.end();
  return done;
}
