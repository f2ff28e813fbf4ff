/**
 * The invoice copy as a PDF document (pdfkit, built-in Helvetica: no font files, WinAnsi text).
 *
 * Decisions:
 * - The document is generated from the portal's own invoice data (the vendor's original document is not stored).
 * - The pay link goes to the portal's public address (the landing page, where the customer asks for a login link),
 *   never with the caller's token: a PDF is saved and forwarded, and must not carry access.
 * - Streams are compressed unless `compress: false` (tests read the text either way, see tests/server/documents).
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output.js';
import { formatCurrency } from '../../core/rules/dollars.js';
import type { Address } from '../db/schema.js';
import { shortDate } from '../../core/rules/display.js';

export interface InvoicePdfData {
  vendor: { brandName: string; displayName: string; remitAddress: Address | null };
  location: { displayName: string; address: Address | null };
  invoice: {
    displayInvNum: string;
    /** yyyy-MM-dd or null */
    invoiceDate: string | null;
    dueDate: string | null;
    poRefId: string | null;
    shipTo: string | null;
    originalAmountCents: number;
    openAmountCents: number;
    status: 'Closed' | 'Open' | 'Scheduled';
  };
  /** absolute URL printed and linked as "Pay online" */
  payUrl: string;
  /** when the document was generated (printed in the footer) */
  generatedAt: Date;
}


function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.addressLine2, address.addressLine1, cityLine].filter((line) => line && line.trim() !== '');
}

/** A file name for Content-Disposition: `invoice-<number>.pdf`, the number reduced to safe characters. */
/**
 * The pay link printed on a copy (an invoice's, a statement's): the portal's landing page, no token. The document
 * route and the statement job print the same one.
 */
export function payLinkOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/`;
}

export function invoicePdfFileName(displayInvNum: string): string {
  const safe = displayInvNum.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 80);
  return `invoice-${safe || 'copy'}.pdf`;
}

/** `inline; filename="…"; filename*=UTF-8''…` (RFC 6266). */
export function pdfContentDisposition(displayInvNum: string): string {
  const name = invoicePdfFileName(displayInvNum);
  return `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function renderInvoicePdf(data: InvoicePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { vendor, location, invoice } = data;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: options.compress ?? true,
    info: {
      Title: `Invoice ${invoice.displayInvNum}`,
      Author: vendor.displayName,
      Subject: `Invoice ${invoice.displayInvNum} for ${location.displayName}`,
      Creator: vendor.brandName,
      CreationDate: data.generatedAt,
    },
  });
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // header: brand and vendor remit address (left), title and number (right)
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1a1a1a').text(vendor.brandName, left, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(vendor.displayName, { width: width / 2 });
  doc.text('Remit to:', { width: width / 2 });
  for (const line of addressLines(vendor.remitAddress)) doc.text(line, { width: width / 2 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#1a1a1a').text('INVOICE', left + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(`Invoice ${invoice.displayInvNum}`, { width: width / 2, align: 'right' });
  doc.text(`Status: ${invoice.status}`, { width: width / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;

  // bill-to (location) and ship-to
  const blockTop = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', left, blockTop, { width: width / 2 });
  doc.font('Helvetica').text(location.displayName, { width: width / 2 });
  for (const line of addressLines(location.address)) doc.text(line, { width: width / 2 });
  const billBottom = doc.y;
  doc.font('Helvetica-Bold').text('Ship to', left + width / 2, blockTop, { width: width / 2 });
  doc.font('Helvetica').text(invoice.shipTo ?? '-', { width: width / 2 });
  doc.y = Math.max(billBottom, doc.y) + 18;

  // details table
  const rows: Array<[string, string]> = [
    ['Invoice Number', invoice.displayInvNum],
    ['Invoice Date', shortDate(invoice.invoiceDate)],
    ['Due Date', shortDate(invoice.dueDate)],
    ['PO/Ref Number', invoice.poRefId ?? '-'],
    ['Status', invoice.status],
    ['Invoice Amount', formatCurrency(invoice.originalAmountCents)],
    ['Open Amount', formatCurrency(invoice.openAmountCents)],
  ];
  const labelWidth = 160;
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999999').stroke();
  doc.y += 6;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, left, y, { width: labelWidth });
    doc.font('Helvetica').text(value, left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, y + 14) + 4;
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.y += 12;
  doc.font('Helvetica-Bold').fontSize(12).text(`Amount Due: ${formatCurrency(Math.max(invoice.openAmountCents, 0))}`, left, doc.y, {
    width,
    align: 'right',
  });
  doc.y += 18;

  // pay link
  if (invoice.status === 'Open' && invoice.openAmountCents > 0) {
    doc.font('Helvetica').fontSize(10).fillColor('#1a1a1a').text('Pay online:', left, doc.y, { continued: true });
    doc.fillColor('#0645ad').text(` ${data.payUrl}`, { link: data.payUrl, underline: true });
  } else {
    doc.font('Helvetica').fontSize(10).fillColor('#1a1a1a').text('View your invoices and payments online:', left, doc.y, { continued: true });
    doc.fillColor('#0645ad').text(` ${data.payUrl}`, { link: data.payUrl, underline: true });
  }
  doc.fillColor('#666666').fontSize(8).text(`Copy generated ${data.generatedAt.toISOString().slice(0, 10)} by ${vendor.brandName}.`, left, doc.y + 24, {
    width,
  });

  doc.end();
  return done;
}
