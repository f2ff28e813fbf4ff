/**
 * The events a vendor hears (openapi/vendor.yaml, "Events"): written with `recordEvent` inside the transaction of
 * the change that causes them — no event without its change, no change without its event — and delivered afterwards
 * by server/jobs/webhooks.ts. Amounts in dollars, as everywhere in the vendor API.
 */
import { centsToAmount } from '../../core/rules/money.js';
import type { Db } from '../db/connect.js';
import { vendorPaymentGroup } from '../domain/vendor-payment-group.js';
import { paymentGroupById } from '../repos/vendor-payment-groups.js';
import { insertEvent } from '../repos/webhooks.js';

export const EVENT_TYPES = [
  'payment_group.scheduled',
  'payment_group.completed',
  'payment_group.failed',
  'payment_group.canceled',
  'invoice.disputed',
  'invoice.short_paid',
  'comment.added',
  'autopay.enabled',
  'autopay.updated',
  'autopay.disabled',
  'payment_plan.created',
  'payment_plan.method_changed',
  'payment_method.added',
  'payment_method.deleted',
  'statement_delivery.changed',
  'reminder.added',
  'reminder.deleted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export async function recordEvent(trx: Db, vendorId: string, type: EventType, data: Record<string, unknown>, now = new Date()): Promise<string> {
  return insertEvent(trx, vendorId, type, data, now);
}

/** `payment_group.<status>` with the group as it now is, in the shape of the reconciliation feed's PaymentGroup. */
export async function recordPaymentGroupEvent(
  trx: Db,
  type: 'payment_group.scheduled' | 'payment_group.completed' | 'payment_group.failed' | 'payment_group.canceled',
  groupId: string, now = new Date()) {
  const group = await paymentGroupById(trx, groupId);
  if (!group) return;
  await recordEvent(trx, group.vendorId, type, { paymentGroup: vendorPaymentGroup(group) }, now);
}

/**
 * `invoice.disputed` ($0 with a reason) and `invoice.short_paid` (less than open, with its reason): one event per
 * adjusted invoice of a payment the customer just scheduled.
 */
export async function recordAdjustmentEvents(
  trx: Db,
  vendorId: string,
  adjustments: Array<{ invoiceId: string; invoiceExternalId: string; displayInvNum: string; openCents: number; paidCents: number; reason: string; notes: string; contactId: string; paymentGroupId: string | null }>,
  now = new Date(),
) {
  for (const a of adjustments) {
    await recordEvent(
      trx,
      vendorId,
      a.paidCents === 0 ? 'invoice.disputed' : 'invoice.short_paid',
      {
        invoice: { id: a.invoiceId, externalId: a.invoiceExternalId, displayInvNum: a.displayInvNum, openAmount: centsToAmount(a.openCents) },
        newAmount: centsToAmount(a.paidCents),
        reason: a.reason,
        notes: a.notes,
        contactId: a.contactId,
        paymentGroupId: a.paymentGroupId,
      },
      now,
    );
  }
}
