/**
 * The vendor cancels a scheduled payment before it is charged (`POST /vendor-api/payment-groups/{id}/cancel`): in one
 * transaction, under the group's row lock, it must still be `scheduled` (a payment already sent to the processor,
 * charged, failed or canceled answers 422 `not_cancelable`); it becomes `canceled` through the one cancel step
 * (`cancel-scheduled-groups.ts`: its invoices open and payable again unless another scheduled payment pays them, a
 * "Payment Canceled" journey entry per line with the vendor's reason, `payment_group.canceled`), and the customer is
 * told by e-mail (SMS without an address) with a 7-day link to their invoices.
 *
 * Decided: an AutoPay payment the vendor cancels is not made again by AutoPay (the vendor meant it), and a plan
 * installment the vendor cancels is not retried (its row reads Open); the customer can pay those invoices by hand.
 */
import { formatCurrency } from '../../core/rules/dollars.js';
import { shortDate } from '../../core/rules/display.js';
import type { Db } from '../db/connect.js';
import { issueToken } from '../db/tokens.js';
import { toDateString } from '../domain/dates.js';
import { contactReach } from '../repos/contacts.js';
import { insertOutboxMessages } from '../repos/outbox.js';
import { invoiceNumbersOf, lockVendorGroup, payingLinesOf } from '../repos/payment-groups.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { cancelScheduledGroups } from './cancel-scheduled-groups.js';
import { notFoundRefusal, ok, refusal, type Outcome } from './outcome.js';

export const VENDOR_CANCELED_EMAIL_SUBJECT = 'Your scheduled payment was canceled';
const LINK_TTL_DAYS = 7;

export async function cancelPaymentByVendor(
  db: Db,
  vendorId: string,
  groupId: string,
  input: { reason: string },
  ctx: { now: Date; publicUrl: string },
): Promise<Outcome<{ id: string }>> {
  return db.transaction().execute(async (trx) => {
    const group = await lockVendorGroup(trx, vendorId, groupId);
    if (!group) return { ok: false, refusal: notFoundRefusal('payment group') };
    if (group.status !== 'scheduled') {
      return {
        ok: false,
        refusal: refusal('unprocessable', 'not_cancelable', `Only a scheduled payment can be canceled: this one is ${group.status}.`),
      };
    }
    const vendor = await vendorSettings(trx, vendorId);
    const vendorName = vendor?.displayName ?? vendor?.name ?? 'the vendor';
    const scope = { contactId: group.contactId, vendorId, locationId: group.locationId };
    await cancelScheduledGroups(trx, scope, [group.id], { kind: 'vendor-canceled', vendorName, reason: input.reason }, ctx.now);

    const lines = await payingLinesOf(trx, [group.id]);
    const numbers = await invoiceNumbersOf(trx, [...new Set(lines.map((l) => l.invoiceId))]);
    const contact = await contactReach(trx, group.contactId);
    const channel = contact?.email ? ('email' as const) : contact?.phone ? ('sms' as const) : null;
    if (contact && channel) {
      const token = await issueToken(trx, { contactId: group.contactId, vendorId, locationId: group.locationId, type: 'login', ttlDays: LINK_TTL_DAYS, now: ctx.now });
      const link = `${ctx.publicUrl.replace(/\/$/, '')}/token/${token}/vendors/${vendorId}/locations/${group.locationId}`;
      const about = numbers.length === 0 ? '' : numbers.length === 1 ? ` for invoice ${numbers[0]}` : ` for invoices ${numbers.join(', ')}`;
      const text =
        `Your payment of ${formatCurrency(Number(group.paymentTotalCents))} (confirmation ${group.confirmationNumber}) scheduled for ` +
        `${shortDate(toDateString(group.paymentDate))}${about} was canceled by ${vendorName}: ${input.reason}. Nothing will be charged.` +
        (numbers.length > 0 ? ` ${numbers.length === 1 ? 'The invoice is' : 'The invoices are'} open again.` : '');
      await insertOutboxMessages(trx, [
        channel === 'email'
          ? {
              channel,
              recipient: contact.email!,
              subject: VENDOR_CANCELED_EMAIL_SUBJECT,
              body: `Hello ${contact.firstName},\n\n${text}\n\nYour invoices: ${link}\n\nThis link works for ${LINK_TTL_DAYS} days.`,
            }
          : { channel, recipient: contact.phone!, subject: null, body: `${text} ${link}` },
      ]);
    }
    return ok({ id: group.id });
  });
}
