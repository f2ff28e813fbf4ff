/**
 * Payment receipts: when a payment group is scheduled (click-to-pay, payment request, portal, AutoPay, plan
 * installment) and when it completes, fails or is returned, its contact gets ONE receipt:
 * - an e-mail "Payment receipt — confirmation …" whose text has the receipt's lines, with the receipt PDF attached
 *   (`domain/receipt-pdf.ts`);
 * - a contact without an e-mail address: an SMS, a short text with a 7-day link to the payment's detail page (where
 *   the receipt can be downloaded);
 * - a failure or a return: the receipt is the failure notice itself — `announcePaymentFailure` attaches the PDF to
 *   its e-mail (`failureReceipt`), so the customer never gets two near-identical messages; an SMS-only contact gets
 *   the notice's SMS (its link to pay again).
 *
 * Exactly once per group and event: called in the transaction of the change, it first inserts the
 * `payment_receipts` row (PRIMARY KEY (payment_group_id, event)); a rerun, a second process or a replay finds the row
 * and writes nothing. The event is the group's status when called: scheduled, complete, failed or returned (a group
 * processing or canceled gets no receipt from here).
 */
import { defaultEpaDir } from '../config.js';
import type { Db } from '../db/connect.js';
import type { OutboxChannel, ReceiptEvent } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { formatCurrency } from '../../core/rules/dollars.js';
import {
  receiptEmailBody,
  receiptEmailSubject,
  receiptPdfFileName,
  receiptStatusLabel,
  receiptView,
  renderReceiptPdf,
} from '../domain/receipt-pdf.js';
import { contactReach } from '../repos/contacts.js';
import { insertOutboxMessages, insertOutboxMessageWithAttachments, type OutboxAttachment } from '../repos/outbox.js';
import { claimReceipt, loadReceiptData, setReceiptMessage, type ReceiptData } from '../repos/receipts.js';

/** Days the link of a receipt SMS works. */
export const RECEIPT_LINK_TTL_DAYS = 7;

export interface ReceiptContext {
  now: Date;
  /** the portal's address, for the SMS link (default http://127.0.0.1:8080) */
  publicUrl?: string;
  /** the terms documents (AppConfig.epaDir; default the server's own) */
  epaDir?: string;
}

const EVENTS: Record<string, ReceiptEvent> = { scheduled: 'scheduled', complete: 'complete', failed: 'failed', returned: 'returned' };

/** The receipt's event for a group in `status`, or null when that status gets no receipt. */
export function receiptEventOf(status: string): ReceiptEvent | null {
  return EVENTS[status] ?? null;
}

/** The receipt PDF of a loaded group (the download route and the messages). */
export async function receiptPdfOf(data: ReceiptData, ctx: { epaDir?: string; compress?: boolean; now?: Date }) {
  const view = receiptView(data, ctx.epaDir ?? defaultEpaDir());
  const pdf = await renderReceiptPdf(view, { compress: ctx.compress, createdAt: ctx.now });
  return { view, pdf, fileName: receiptPdfFileName(data.confirmationNumber) };
}

/** The path of the payment's detail page under the portal. */
export function paymentDetailPath(data: Pick<ReceiptData, 'vendorId' | 'locationId' | 'paymentGroupId'>): string {
  return `/vendors/${data.vendorId}/locations/${data.locationId}/payments/${data.paymentGroupId}`;
}

/**
 * Writes the receipt of the group's current status (see the file header), once. Call it inside the transaction that
 * made the change, after the change. Returns the channel it went by, or null (already sent, no receipt for this
 * status, or the contact has neither e-mail nor phone).
 */
export async function sendPaymentReceipt(trx: Db, paymentGroupId: string, ctx: ReceiptContext): Promise<OutboxChannel | null> {
  const data = await loadReceiptData(trx, paymentGroupId);
  const event = data && receiptEventOf(data.status);
  if (!data || !event) return null;
  if (!(await claimReceipt(trx, paymentGroupId, event))) return null;
  const contact = await contactReach(trx, data.contactId);
  if (contact?.email) {
    const { view, pdf, fileName } = await receiptPdfOf(data, ctx);
    const outboxId = await insertOutboxMessageWithAttachments(
      trx,
      { channel: 'email', recipient: contact.email, subject: receiptEmailSubject(data), body: receiptEmailBody(view, contact.firstName) },
      [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
    );
    await setReceiptMessage(trx, paymentGroupId, event, 'email', outboxId);
    return 'email';
  }
  if (contact?.phone) {
    const token = await issueToken(trx, {
      contactId: data.contactId,
      vendorId: data.vendorId,
      locationId: data.locationId,
      type: 'login',
      ttlDays: RECEIPT_LINK_TTL_DAYS,
      now: ctx.now,
    });
    const link = `${(ctx.publicUrl ?? 'http://127.0.0.1:8080').replace(/\/$/, '')}/token/${token}${paymentDetailPath(data)}`;
    const [outboxId] = await insertOutboxMessages(trx, [{ channel: 'sms', recipient: contact.phone, subject: null, body: receiptSmsBody(data, link) }]);
    await setReceiptMessage(trx, paymentGroupId, event, 'sms', outboxId);
    return 'sms';
  }
  return null;
}

/** "Acme: payment ABC123 of $10.00 Scheduled for 12/3. Receipt: <link>" — short, one segment of text and the link. */
export function receiptSmsBody(data: ReceiptData, link: string): string {
  const [, month, day] = data.paymentDate.split('-').map(Number);
  return `${data.vendor.displayName}: payment ${data.confirmationNumber} of ${formatCurrency(data.totalCents)} ${receiptStatusLabel(data.status)} (${month}/${day}). Receipt: ${link}`;
}

/**
 * For the failure notice (`announcePaymentFailure`): claims the receipt of the failed (or returned) group and answers
 * the PDF to attach to the notice's e-mail and how to record the message that carried it; null when the receipt was
 * already sent (then the notice goes without it) or the group has no receipt for its status.
 */
export async function failureReceipt(
  trx: Db,
  paymentGroupId: string,
  ctx: ReceiptContext,
): Promise<{ attachment: OutboxAttachment; carriedBy(channel: OutboxChannel, outboxId: string): Promise<void> } | null> {
  const data = await loadReceiptData(trx, paymentGroupId);
  const event = data && receiptEventOf(data.status);
  if (!data || !event) return null;
  if (!(await claimReceipt(trx, paymentGroupId, event))) return null;
  const { pdf, fileName } = await receiptPdfOf(data, ctx);
  return {
    attachment: { filename: fileName, contentType: 'application/pdf', content: pdf },
    carriedBy: (channel, outboxId) => setReceiptMessage(trx, paymentGroupId, event, channel, outboxId),
  };
}
