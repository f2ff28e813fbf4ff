import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { paymentGroupSample } from '../console-payments/console-payments.model';
import type { Refund } from './console-payment.actors';
import type { consolePaymentMachine } from './console-payment.machine';

export const completeSample = paymentGroupSample(3, 'complete', 'CC', 2440.95);
export const scheduledSample = paymentGroupSample(2, 'scheduled', 'ACH', 884.15);
export const paymentModelInput = { paymentGroupId: completeSample.id };

export const refundSample = (amount: number): Refund => ({
  id: '5e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  paymentGroupId: completeSample.id,
  status: 'refund_pending',
  amount,
  serviceFee: 0,
  lines: [],
  reopenInvoices: false,
  reason: 'Damaged goods.',
  sendOn: '2026-11-29',
  processorRefundId: null,
  failure: null,
  createdAt: '2026-11-29T04:30:00.000Z',
  resolvedAt: null,
});

/**
 * Model events: the page's loads (a completed card payment, a scheduled bank payment; not found; offline), the refund
 * form (full or an amount — a valid one and one over what is left — and a reason), the cancellation, and each answer.
 */
export function consolePaymentModelEvents(snapshot: SnapshotFrom<typeof consolePaymentMachine>): EventObject[] {
  const { refund, cancelReason, refunds } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'payment.retry' },
    { type: 'xstate.done.actor.loadPayment', output: { group: completeSample, refunds: [] } },
    { type: 'xstate.done.actor.loadPayment', output: { group: scheduledSample, refunds: [] } },
    { type: 'xstate.error.actor.loadPayment', error: new ConsoleApiError(404, 'not_found') },
    { type: 'xstate.error.actor.loadPayment', error: new ConsoleApiError(0) },
    ...(refunds.length === 0 ? [{ type: 'refund.open' }] : []),
    ...(refund.kind === 'full' ? [{ type: 'refund.change', field: 'kind', value: 'amount' }] : []),
    ...(refund.kind === 'amount' ? ['100.00', '99999'].filter((v) => v !== refund.amount).map((value) => ({ type: 'refund.change', field: 'amount', value })) : []),
    ...(refund.reason === '' ? [{ type: 'refund.change', field: 'reason', value: 'Damaged goods.' }] : []),
    { type: 'refund.submit' },
    { type: 'xstate.done.actor.createRefund', output: refundSample(refund.kind === 'full' ? completeSample.total : 100) },
    { type: 'xstate.error.actor.createRefund', error: new ConsoleApiError(422, 'refund_exceeds_payment', 'The refund is more than what is left to refund ($2,340.95).') },
    { type: 'cancel.open' },
    ...(cancelReason === '' ? [{ type: 'cancel.change', value: 'Paid by check.' }] : []),
    { type: 'cancel.submit' },
    { type: 'xstate.done.actor.cancelPayment', output: { ...scheduledSample, status: 'canceled' } },
    { type: 'xstate.error.actor.cancelPayment', error: new ConsoleApiError(409, 'not_cancelable', 'This payment is being charged now and can no longer be canceled.') },
    { type: 'dialog.close' },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
