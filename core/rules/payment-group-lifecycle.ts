/**
 * The lifecycle of a payment group, the one rule the server (settlement, cancellation) and the chart
 * (machines/payment-group/payment-group.machine.ts) share:
 *
 *   scheduled ──charge.send──▶ processing ──charge.succeed──▶ complete ──charge.return──▶ returned
 *       │                           └──────charge.decline──▶ failed
 *       └──payment.cancel──▶ canceled
 *
 * `processing` is entered when the charge's idempotency key is committed, before the processor is called; it is left
 * only by the processor's answer (recorded once), so a group is never canceled or charged again while a charge is in
 * flight. A complete ACH group can still be returned by the customer's bank days later (`charge.return`, the
 * `returns` job: server/jobs/ach-returns.ts): its invoices are payable again. failed, canceled and returned are final
 * for the group (paying again makes a new group).
 */
import type { PaymentGroupStatus } from './reports';

export type PaymentGroupEvent = 'charge.send' | 'charge.succeed' | 'charge.decline' | 'payment.cancel' | 'charge.return';

export const PAYMENT_GROUP_TRANSITIONS: Readonly<Record<PaymentGroupStatus, Partial<Record<PaymentGroupEvent, PaymentGroupStatus>>>> = {
  scheduled: { 'charge.send': 'processing', 'payment.cancel': 'canceled' },
  processing: { 'charge.succeed': 'complete', 'charge.decline': 'failed' },
  complete: { 'charge.return': 'returned' },
  failed: {},
  canceled: {},
  returned: {},
};

/** The status after `event`, or null when the lifecycle does not allow it from `status`. */
export function nextPaymentGroupStatus(status: PaymentGroupStatus, event: PaymentGroupEvent): PaymentGroupStatus | null {
  return PAYMENT_GROUP_TRANSITIONS[status][event] ?? null;
}

/** The status after `event`; throws when the lifecycle does not allow it (a bug, never a customer's mistake). */
export function movePaymentGroup(status: PaymentGroupStatus, event: PaymentGroupEvent): PaymentGroupStatus {
  const next = nextPaymentGroupStatus(status, event);
  if (!next) throw new Error(`a payment group cannot ${event} when ${status}`);
  return next;
}
