/**
 * Telling the customer that a payment failed — the one path for every failure (an AutoPay charge declined by the
 * AutoPay run, a scheduled payment group declined at settlement): in the caller's transaction, so the failure and its
 * notice commit together, once.
 * - one "Payment Failed" message in the resolution center, filed under one invoice (the resolution center lists
 *   messages per invoice), unread;
 * - a "Payment Failed" journey entry on each invoice the failure touches;
 * - one e-mail (or, for a contact without an e-mail address, one SMS) through the outbox, with the message's text and
 *   a 7-day link to act: change the AutoPay method, or pay the invoices again. A failure of a payment group
 *   (`paymentGroupId`) is also its receipt (`use-cases/payment-receipts.ts#failureReceipt`): the e-mail carries the
 *   receipt PDF, so the customer gets one message, not a notice and a near-identical receipt.
 */
import type { Db } from '../db/connect.js';
import type { TokenType } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { contactReach } from '../repos/contacts.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { addPaymentFailedMessage, PAYMENT_FAILED_SUBJECT } from '../repos/messages.js';
import { insertOutboxMessages, insertOutboxMessageWithAttachments, type NewOutboxMessage } from '../repos/outbox.js';
import { failureReceipt } from './payment-receipts.js';

export { PAYMENT_FAILED_SUBJECT };

/** Days the link of a failure notice works. */
export const FAILURE_LINK_TTL_DAYS = 7;

export interface PaymentFailure {
  vendorId: string;
  locationId: string;
  contactId: string;
  /** the invoice the resolution-center message is filed under */
  invoiceId: string;
  /** what failed and what the customer can do (the message's body, and the e-mail's / SMS's text) */
  body: string;
  /** a journey entry per invoice the failure touches */
  journeys: ReadonlyArray<{ invoiceId: string; detail: string }>;
  emailSubject: string;
  /** the link: a token of `tokenType` for the location, opening `page` under the location's path ('' = its home) */
  link: { tokenType: TokenType; page: string; label: string };
  /** the payment group that failed (or came back): its receipt goes with the notice, once */
  paymentGroupId?: string;
}

export async function announcePaymentFailure(trx: Db, failure: PaymentFailure, at: { now: Date; publicUrl: string; epaDir?: string }): Promise<void> {
  const { vendorId, locationId, contactId } = failure;
  await addPaymentFailedMessage(trx, { vendorId, locationId, contactId, invoiceId: failure.invoiceId, body: failure.body }, at.now);
  await addJourneyEntries(
    trx,
    failure.journeys.map((j) => ({ invoiceId: j.invoiceId, contactId: null, action: PAYMENT_FAILED_SUBJECT, detail: j.detail, at: at.now })),
  );
  const receipt = failure.paymentGroupId ? await failureReceipt(trx, failure.paymentGroupId, at) : null;
  const contact = await contactReach(trx, contactId);
  const channel = contact?.email ? ('email' as const) : contact?.phone ? ('sms' as const) : null;
  if (!contact || !channel) return;
  const token = await issueToken(trx, { contactId, vendorId, locationId, type: failure.link.tokenType, ttlDays: FAILURE_LINK_TTL_DAYS, now: at.now });
  const link = `${at.publicUrl.replace(/\/$/, '')}/token/${token}/vendors/${vendorId}/locations/${locationId}${failure.link.page}`;
  const message: NewOutboxMessage =
    channel === 'email'
      ? {
          channel,
          recipient: contact.email!,
          subject: failure.emailSubject,
          body:
            `Hello ${contact.firstName},\n\n${failure.body}\n\n${failure.link.label}: ${link}\n\nThis link works for ${FAILURE_LINK_TTL_DAYS} days.` +
            (receipt ? '\n\nThe receipt of the payment is attached.' : ''),
        }
      : { channel, recipient: contact.phone!, subject: null, body: `${failure.emailSubject}. ${failure.link.label}: ${link}` };
  const outboxId =
    receipt && channel === 'email'
      ? await insertOutboxMessageWithAttachments(trx, message, [receipt.attachment])
      : (await insertOutboxMessages(trx, [message]))[0];
  await receipt?.carriedBy(channel, outboxId);
}
