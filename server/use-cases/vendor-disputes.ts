/**
 * The vendor's answers to its customers' disputes and short-pays (the console's Disputes inbox, `/disputes` of the
 * vendor API):
 * - a reply is ONE transaction under the dispute's lock: a message to the contact in the dispute's thread (unread, so
 *   the resolution center and the message list show it as new), a "Vendor Reply" journey entry on the invoice (the
 *   customer's invoice page shows it), and an e-mail (or SMS without an address) with a link to the invoice's page;
 * - resolving and reopening set the dispute's state (who and when) with a journey entry the customer reads;
 *   resolving what is resolved, or reopening what is open, changes nothing and answers the dispute as it is.
 */
import type { Db } from '../db/connect.js';
import { issueToken } from '../db/tokens.js';
import { LINK_TTL_DAYS } from '../domain/request-links.js';
import { contactReach } from '../repos/contacts.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { insertOutboxMessages } from '../repos/outbox.js';
import { disputeOfVendor, insertReply, lockDispute, repliesOf, setResolution, type DisputeRow, type ReplyRow } from '../repos/vendor-disputes.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { attempt, notFoundRefusal, refuse, type Outcome } from './outcome.js';

export const REPLY_ACTION = 'Vendor Reply';
export const RESOLVED_ACTION = 'Dispute Resolved';
export const REOPENED_ACTION = 'Dispute Reopened';

export interface DisputeDetail {
  dispute: DisputeRow;
  replies: ReplyRow[];
}

export async function disputeDetail(db: Db, vendorId: string, disputeId: string): Promise<Outcome<DisputeDetail>> {
  const dispute = await disputeOfVendor(db, vendorId, disputeId);
  if (!dispute) return { ok: false, refusal: notFoundRefusal('dispute') };
  return { ok: true, value: { dispute, replies: await repliesOf(db, disputeId) } };
}

const kindOf = (d: DisputeRow) => (d.paidCents === 0 ? 'dispute' : 'short-pay');

export async function replyToDispute(
  db: Db,
  vendorId: string,
  disputeId: string,
  input: { text: string; by: string },
  at: { now: Date; publicUrl: string },
): Promise<Outcome<DisputeDetail>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      if (!(await lockDispute(trx, vendorId, disputeId))) throw refuse('not_found', 'not_found', 'The dispute was not found.');
      const dispute = (await disputeOfVendor(trx, vendorId, disputeId))!;
      const vendor = await vendorSettings(trx, vendorId);
      const from = vendor?.displayName || vendor?.name || 'Your vendor';
      const text = input.text.trim();
      await insertReply(trx, { ...dispute, vendorId }, { body: `${from} replied: ${text}`, authorLabel: input.by, now: at.now });
      await addJourneyEntries(trx, [{ invoiceId: dispute.invoiceId, contactId: null, action: REPLY_ACTION, detail: text, at: at.now }]);
      const contact = await contactReach(trx, dispute.contactId);
      const channel = contact?.email ? ('email' as const) : contact?.phone ? ('sms' as const) : null;
      if (contact && channel) {
        const ttlDays = LINK_TTL_DAYS.message;
        const token = await issueToken(trx, { contactId: dispute.contactId, vendorId, locationId: dispute.locationId, type: 'message', ttlDays, now: at.now });
        const link = `${at.publicUrl.replace(/\/$/, '')}/token/${token}/vendors/${vendorId}/locations/${dispute.locationId}/invoices/${dispute.invoiceId}`;
        const subject = `${from} replied about invoice ${dispute.displayInvNum}`;
        await insertOutboxMessages(trx, [
          channel === 'email'
            ? {
                channel,
                recipient: contact.email!,
                subject,
                body: `Hello ${contact.firstName},\n\n${from} replied to your ${kindOf(dispute)} of invoice ${dispute.displayInvNum} ("${dispute.reason}"):\n\n${text}\n\nSee the invoice and reply: ${link}\n\nThis link works for ${ttlDays} days.`,
              }
            : { channel, recipient: contact.phone!, subject: null, body: `${subject}. See it: ${link}` },
        ]);
      }
      return { dispute: (await disputeOfVendor(trx, vendorId, disputeId))!, replies: await repliesOf(trx, disputeId) };
    }),
  );
}

export async function setDisputeResolved(
  db: Db,
  vendorId: string,
  disputeId: string,
  input: { resolved: boolean; by: string },
  at: { now: Date },
): Promise<Outcome<DisputeDetail>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      if (!(await lockDispute(trx, vendorId, disputeId))) throw refuse('not_found', 'not_found', 'The dispute was not found.');
      const dispute = (await disputeOfVendor(trx, vendorId, disputeId))!;
      if ((dispute.resolvedAt !== null) !== input.resolved) {
        await setResolution(trx, disputeId, input.resolved ? { at: at.now, by: input.by } : null);
        const what = kindOf(dispute) === 'dispute' ? 'dispute' : 'short-pay';
        await addJourneyEntries(trx, [
          {
            invoiceId: dispute.invoiceId,
            contactId: null,
            action: input.resolved ? RESOLVED_ACTION : REOPENED_ACTION,
            detail: input.resolved ? `Your ${what} ("${dispute.reason}") was marked resolved.` : `Your ${what} ("${dispute.reason}") is open again.`,
            at: at.now,
          },
        ]);
      }
      return { dispute: (await disputeOfVendor(trx, vendorId, disputeId))!, replies: await repliesOf(trx, disputeId) };
    }),
  );
}
