/**
 * The remit slip as a PDF (pdfkit, built-in Helvetica, as `invoice-pdf.ts`): the same content as the remit form's
 * print view (portal-recurring.md §2.7): title "Remit Form", "Printed on" date, the vendor's remit address (where the
 * check goes), the location and account, the rows (Invoice, Invoice Date, Due Date, Open Amount, Amount
 * Paid/Credited, and the row comment), or the numbered blank lines, Subtotal / Credits / Total, the form comments and
 * a dashed "Fold Here" line. Totals follow `core/rules/remit.ts` (shared with the SPA).
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output.js';
import { formatCurrency } from '../../core/rules/dollars.js';
import { remitTexts } from '../../core/rules/remit.js';
import type { Address } from '../db/schema.js';
import { shortDate } from '../../core/rules/display.js';

export interface RemitPdfRow {
  displayInvNum: string;
  invoiceDate: string | null;
  dueDate: string | null;
  openAmountCents: number;
  amountCents: number;
  comment: string;
}

export interface RemitPdfLine {
  number: number;
  description: string;
  amountCents: number | null;
}

export interface RemitPdfData {
  vendor: { brandName: string; displayName: string; remitAddress: Address | null };
  location: { displayName: string; address: Address | null };
  /** the account reference (`accountOf` in core/rules/remit.ts) */
  account: string;
  rows: RemitPdfRow[];
  lines: RemitPdfLine[];
  comments: string;
  subtotalCents: number;
  creditsCents: number;
  totalCents: number;
  /** yyyy-MM-dd in the vendor's time zone */
  printedOn: string;
}

function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.addressLine1, address.addressLine2, cityLine].filter((line) => line && line.trim() !== '');
}

/** `attachment; filename="remit-form-{date}.pdf"`. */
export function remitContentDisposition(printedOn: string): string {
  return `attachment; filename="remit-form-${printedOn.replace(/[^0-9-]/g, '')}.pdf"`;
}

export function renderRemitPdf(data: RemitPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: options.compress ?? true,
    info: { Title: remitTexts.printTitle, Author: data.vendor.displayName, Subject: `${remitTexts.printTitle} for ${data.location.displayName}`, Creator: data.vendor.brandName },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const half = width / 2;

  // title and printed-on date
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1a1a1a').text(remitTexts.printTitle, left, top, { width: half });
  doc.font('Helvetica').fontSize(10).text(`${remitTexts.printedOn} ${shortDate(data.printedOn)}`, left + half, top + 6, { width: half, align: 'right' });
  doc.y = top + 34;

  // remit to (vendor) | location and account
  const blockTop = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text(remitTexts.remitTo, left, blockTop, { width: half });
  doc.font('Helvetica').text(data.vendor.displayName, { width: half });
  for (const line of addressLines(data.vendor.remitAddress)) doc.text(line, { width: half });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').text(remitTexts.location, left + half, blockTop, { width: half });
  doc.font('Helvetica').text(data.location.displayName, { width: half });
  for (const line of addressLines(data.location.address)) doc.text(line, { width: half });
  doc.font('Helvetica-Bold').text(remitTexts.account, { width: half });
  doc.font('Helvetica').text(data.account, { width: half });
  doc.y = Math.max(leftBottom, doc.y) + 16;

  // the dashed fold line
  const foldY = doc.y;
  doc.save().dash(4, { space: 3 }).moveTo(left, foldY).lineTo(left + width, foldY).strokeColor('#777777').stroke().restore();
  doc.font('Helvetica').fontSize(8).fillColor('#555555').text(remitTexts.foldHere, left, foldY + 3, { width, align: 'center' });
  doc.fillColor('#1a1a1a');
  doc.y = foldY + 20;

  // table
  const cols = [
    { label: remitTexts.columns.invoice, w: 0.24, align: 'left' as const },
    { label: remitTexts.columns.invoiceDate, w: 0.16, align: 'left' as const },
    { label: remitTexts.columns.dueDate, w: 0.16, align: 'left' as const },
    { label: remitTexts.columns.openAmount, w: 0.2, align: 'right' as const },
    { label: remitTexts.columns.amountPaid, w: 0.24, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      const w = cols[i].w * width;
      doc.text(cell, x + 2, y, { width: w - 4, align: cols[i].align });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = Math.max(bottom, y + 12) + 3;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#bbbbbb').stroke();
    doc.y += 4;
  };
  row(cols.map((c) => c.label), true);
  rule();
  if (data.rows.length === 0) {
    doc.font('Helvetica').fontSize(9).text(remitTexts.emptyPrinted, left, doc.y, { width });
    doc.y += 6;
    for (const line of data.lines) {
      const y = doc.y;
      doc.text(`${line.number}. ${line.description}`, left + 2, y, { width: width * 0.7 });
      const after = doc.y;
      doc.text(line.amountCents === null ? '' : formatCurrency(line.amountCents), left + width * 0.7, y, { width: width * 0.3 - 2, align: 'right' });
      doc.y = Math.max(after, y + 12) + 3;
    }
  }
  for (const r of data.rows) {
    row([r.displayInvNum, shortDate(r.invoiceDate), shortDate(r.dueDate), formatCurrency(r.openAmountCents), formatCurrency(r.amountCents)]);
    if (r.comment) {
      doc.font('Helvetica-Oblique').fontSize(8).fillColor('#444444').text(`${remitTexts.rowComment}: ${r.comment}`, left + 8, doc.y, { width: width - 16 });
      doc.fillColor('#1a1a1a');
      doc.y += 3;
    }
  }
  rule();
  for (const [label, cents] of [
    [remitTexts.subtotal, data.subtotalCents],
    [remitTexts.credits, data.creditsCents],
    [remitTexts.total, data.totalCents],
  ] as const) {
    const y = doc.y;
    doc.font(label === remitTexts.total ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(label, left + width * 0.5, y, { width: width * 0.26 });
    doc.text(formatCurrency(cents), left + width * 0.76, y, { width: width * 0.24 - 2, align: 'right' });
    doc.y = y + 15;
  }
  if (data.comments) {
    doc.y += 8;
    doc.font('Helvetica-Bold').fontSize(10).text(remitTexts.comments, left, doc.y, { width });
    doc.font('Helvetica').text(data.comments, { width });
  }
  doc.end();
  return done;
}
