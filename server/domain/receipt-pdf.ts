/**
 * The payment receipt ("Receipts"): the same lines as text (the e-mail's body) and as a PDF (pdfkit,
 * built-in Helvetica, as `invoice-pdf.ts` / `statement-pdf.ts`), attached to the receipt e-mails and served by
 * `getPaymentGroupReceiptPdf`.
 *
 * What it holds: the vendor and location, the confirmation number, the payment date, the status (Scheduled,
 * Processing, Completed, Failed, Returned, Canceled), the method (type and last four), each invoice and its amount
 * (credits negative, a dispute $0.00), the card service fee on its own line, the total; and what the customer agreed
 * to: the terms (EPA) version, when and from which IP address, and — for a bank account (ACH) payment — the text of
 * the agreement itself (the document whose SHA-256 the authorization record holds, `epaAgreementText`).
 *
 * The service fee is `receiptServiceFeeCents`: the amount the payment group stores as its own, never worked out again here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output.js';
import { formatCurrency } from '../../core/rules/dollars.js';
import { vendorTimeZone } from '../../core/rules/payment-dates.js';
import { PAYMENT_STATUS_LABELS } from '../../core/rules/reports.js';
import type { ReceiptData } from '../repos/receipts.js';

// ── the amounts ──

/**
 * The card service fee of a payment group: the ONE function that knows where it comes from — the group's stored
 * `service_fee_cents`; for a caller without it (a group of older code has the column's default 0, backfilled by the
 * migration), the total minus the sum of the lines. Never negative.
 */
export function receiptServiceFeeCents(group: { totalCents: number; lines: ReadonlyArray<{ paidCents: number }>; serviceFeeCents?: number | null }): number {
  if (typeof group.serviceFeeCents === 'number') return group.serviceFeeCents;
  const lines = group.lines.reduce((sum, line) => sum + line.paidCents, 0);
  return Math.max(0, group.totalCents - lines);
}

// ── the texts ──

/** What the customer reads for a status (the payment report's texts; Returned for an ACH debit that came back). */
export function receiptStatusLabel(status: string): string {
  if (status === 'returned') return 'Returned';
  return (PAYMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function receiptMethodText(data: Pick<ReceiptData, 'paymentType' | 'method'>): string {
  const type = data.paymentType === 'ACH' ? 'Bank account (ACH)' : 'Card';
  return `${type} ${data.method.name} ending in ${data.method.lastFour}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** yyyy-MM-dd → "December 3, 2026". */
export function receiptDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}` : iso;
}

/** A moment in the vendor's time zone: "December 2, 2026, 12:00 PM EST" (plain spaces: Helvetica has no U+202F). */
export function receiptTime(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
  return text.replace(/[\u202f\u00a0]/g, ' ').replace(' at ', ', ');
}

export function receiptEmailSubject(data: Pick<ReceiptData, 'confirmationNumber'>): string {
  return `Payment receipt — confirmation ${data.confirmationNumber}`;
}

export function receiptPdfFileName(confirmationNumber: string): string {
  const safe = confirmationNumber.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|[._]+$/g, '');
  return `receipt-${safe || 'payment'}.pdf`;
}

export function receiptContentDisposition(confirmationNumber: string): string {
  const name = receiptPdfFileName(confirmationNumber);
  return `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

// ── the agreement's text ──

/** The text the customer agreed to: the document's paragraphs, or null when no document with that hash is on file. */
export interface EpaAgreementText {
  version: string;
  sha256: string;
  /** the paragraphs of the document (its title first), or null when the document agreed to is no longer on file */
  paragraphs: string[] | null;
}

const agreementTexts = new Map<string, string[] | null>();

/**
 * The text of the terms document the authorization record names: the file of `<epaDir>/<version>/` whose SHA-256 is
 * the record's (a document edited since under the same version is a different text, and is not shown as the one agreed
 * to). The text is read from the PDF's text operators (the EPA documents are plain one-page PDFs), paragraphs split at
 * empty lines. Read once per process per hash.
 */
export function epaAgreementText(epaDir: string, version: string, sha256: string): EpaAgreementText {
  const key = `${epaDir}\0${version}\0${sha256}`;
  if (!agreementTexts.has(key)) agreementTexts.set(key, readAgreement(epaDir, version, sha256));
  return { version, sha256, paragraphs: agreementTexts.get(key) ?? null };
}

function readAgreement(epaDir: string, version: string, sha256: string): string[] | null {
  if (!version || /[/\\\0]/.test(version) || version === '.' || version === '..') return null;
  const dir = path.join(epaDir, version);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  for (const name of names.sort()) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(dir, name));
    } catch {
      continue;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== sha256) continue;
    const paragraphs = pdfParagraphs(bytes);
    return paragraphs.length > 0 ? paragraphs : null;
  }
  return null;
}

/** The lines shown by `(…) Tj` in the PDF's content streams, joined into paragraphs at empty lines. */
export function pdfParagraphs(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    let content = text.slice(start, end);
    if (/\/FlateDecode/.test(m[1])) {
      try {
        content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      } catch {
        continue;
      }
    }
    const shows = /\(((?:\\.|[^\\)])*)\)\s*Tj/g;
    let s: RegExpExecArray | null;
    while ((s = shows.exec(content))) lines.push(unescapePdfString(s[1]));
    streams.lastIndex = end;
  }
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length) paragraphs.push(current.join(' '));
      current = [];
    } else current.push(line.trim());
  }
  if (current.length) paragraphs.push(current.join(' '));
  return paragraphs;
}

function unescapePdfString(raw: string): string {
  return raw.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[c] ?? String.fromCharCode(parseInt(c, 8));
  });
}

// ── the receipt as lines ──

export interface ReceiptView {
  title: string;
  /** what the receipt is of, as the e-mail's first sentence names it */
  of: string;
  vendorName: string;
  locationName: string;
  facts: Array<[string, string]>;
  lines: Array<[string, string]>;
  fee: [string, string];
  total: [string, string];
  /** "You agreed to …" (null when the payment has no authorization record) */
  agreement: string | null;
  /** the agreement's text (ACH only) */
  agreementText: string[];
}

/** Everything the receipt says, once, for the PDF and the e-mail. `epaDir` finds the agreement's text (ACH). */
export function receiptView(data: ReceiptData, epaDir: string): ReceiptView {
  const timeZone = vendorTimeZone(data.vendor.eodCutoff as { timezone?: string } | null);
  const fee = receiptServiceFeeCents(data);
  const auth = data.authorization;
  let agreement: string | null = null;
  let agreementText: string[] = [];
  if (auth) {
    const how = auth.kind === 'autopay' ? ' (when AutoPay Plus was set up)' : auth.kind === 'payment_plan' ? ' (when the payment plan was set up)' : '';
    agreement =
      `You agreed to the Electronic Payment Agreement, version ${auth.epaVersion}, on ${receiptTime(auth.agreedAt, timeZone)}` +
      `${auth.ipAddress ? ` from IP address ${auth.ipAddress}` : ''}${how}.`;
    if (data.paymentType === 'ACH') {
      const epa = epaAgreementText(epaDir, auth.epaVersion, auth.epaSha256);
      agreementText = epa.paragraphs ?? [`The text of version ${auth.epaVersion} you agreed to is kept by your vendor (document SHA-256 ${auth.epaSha256}).`];
    }
  }
  return {
    title: 'Payment Receipt',
    of: `your payment to ${data.vendor.displayName} for ${data.location.displayName}`,
    vendorName: data.vendor.displayName,
    locationName: data.location.displayName,
    facts: [
      ['Confirmation number', data.confirmationNumber],
      ['Payment date', receiptDate(data.paymentDate)],
      ['Status', receiptStatusLabel(data.status)],
      ['Payment method', receiptMethodText(data)],
    ],
    lines: data.lines.map((line) => [
      `Invoice ${line.displayInvNum}${line.disputed ? ' (disputed)' : line.paidCents < 0 ? ' (credit)' : ''}`,
      formatCurrency(line.paidCents),
    ]),
    fee: ['Service fee', formatCurrency(fee)],
    total: ['Total', formatCurrency(data.totalCents)],
    agreement,
    agreementText,
  };
}

/** The subject of a refund's receipt e-mail. */
export function refundReceiptSubject(data: Pick<ReceiptData, 'confirmationNumber'>): string {
  return `Refund receipt — payment ${data.confirmationNumber}`;
}

/**
 * A refund's receipt: the payment it gives back from, the day and the method credited, each invoice line refunded,
 * the service fee given back and the total (with the vendor's reason). The same PDF and e-mail layout as a payment's.
 */
export function refundReceiptView(
  data: ReceiptData,
  refund: { amountCents: number; feeCents: number; lines: ReadonlyArray<{ displayInvNum: string; amountCents: number }>; reason: string; resolvedAt: Date },
): ReceiptView {
  const timeZone = vendorTimeZone(data.vendor.eodCutoff as { timezone?: string } | null);
  const lines: Array<[string, string]> = refund.lines.map((line) => [`Invoice ${line.displayInvNum}`, formatCurrency(line.amountCents)]);
  const linesSum = refund.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const rest = refund.amountCents - linesSum - refund.feeCents;
  if (rest > 0) lines.push([`Refund of payment ${data.confirmationNumber}`, formatCurrency(rest)]);
  return {
    title: 'Refund Receipt',
    of: `the refund ${data.vendor.displayName} sent you for ${data.location.displayName}`,
    vendorName: data.vendor.displayName,
    locationName: data.location.displayName,
    facts: [
      ['Payment confirmation number', data.confirmationNumber],
      ['Payment date', receiptDate(data.paymentDate)],
      ['Refunded on', receiptTime(refund.resolvedAt, timeZone)],
      ['Status', 'Refunded'],
      ['Refunded to', receiptMethodText(data)],
      ['Reason', refund.reason],
    ],
    lines,
    fee: ['Service fee refunded', formatCurrency(refund.feeCents)],
    total: ['Total refunded', formatCurrency(refund.amountCents)],
    agreement: null,
    agreementText: [],
  };
}

/** The e-mail's text: the receipt's lines (the PDF is attached). */
export function receiptEmailBody(view: ReceiptView, firstName: string): string {
  const out = [`Hello ${firstName},`, '', `Here is the receipt of ${view.of}. A PDF copy is attached.`, ''];
  for (const [label, value] of view.facts) out.push(`${label}: ${value}`);
  out.push('');
  for (const [label, value] of view.lines) out.push(`${label}: ${value}`);
  out.push(`${view.fee[0]}: ${view.fee[1]}`, `${view.total[0]}: ${view.total[1]}`);
  if (view.agreement) out.push('', view.agreement);
  if (view.agreementText.length) out.push('', 'Authorization:', ...view.agreementText.flatMap((p) => [p, '']));
  return out.join('\n').trimEnd();
}

// ── the PDF ──

export function renderReceiptPdf(view: ReceiptView, options: { compress?: boolean; createdAt?: Date } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: options.compress ?? true,
    info: {
      Title: `${view.title} ${view.facts[0][1]}`,
      Author: view.vendorName,
      Subject: `${view.title} for ${view.locationName}`,
      ...(options.createdAt ? { CreationDate: options.createdAt } : {}),
    },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1a1a1a').text(view.vendorName, left, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(10).fillColor('#333333').text(view.locationName, { width: width / 2 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1a1a1a').text(view.title, left + width / 2, top, { width: width / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 16;

  const pair = (label: string, value: string, bold = false) => {
    if (doc.y + 16 > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#1a1a1a').text(label, left, y, { width: width * 0.4 });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.4, y, { width: width * 0.6 });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  };
  for (const [label, value] of view.facts) pair(label, value);
  doc.y += 10;

  const row = (label: string, value: string, bold = false) => {
    if (doc.y + 16 > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#1a1a1a');
    doc.text(label, left, y, { width: width * 0.7, lineBreak: false, ellipsis: true });
    doc.text(value, left + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
    doc.y = y + 15;
  };
  row('Invoice', 'Amount', true);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999999').stroke();
  doc.y += 4;
  for (const [label, value] of view.lines) row(label, value);
  row(view.fee[0], view.fee[1]);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999999').stroke();
  doc.y += 4;
  row(view.total[0], view.total[1], true);
  doc.y += 12;

  if (view.agreement) {
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#1a1a1a').text('Authorization', left, doc.y, { width });
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(9).fillColor('#333333').text(view.agreement, left, doc.y, { width });
    for (const paragraph of view.agreementText) {
      doc.moveDown(0.6);
      doc.text(paragraph, left, doc.y, { width });
    }
  }
  doc.end();
  return done;
}
