/** Actors of the console's payment page: one payment group, its refunds, refunding and canceling it. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';
import type { PaymentGroup } from '../console-payments/console-payments.actors';

export type Refund = components['schemas']['Refund'];

export interface PaymentDetail {
  group: PaymentGroup;
  refunds: Refund[];
}

export const loadPayment = fromPromise<PaymentDetail, { paymentGroupId: string }>(async ({ input }) => {
  const params = { params: { path: { paymentGroupId: input.paymentGroupId } } };
  try {
    const [group, refunds] = await Promise.all([vendorApi.GET('/payment-groups/{paymentGroupId}', params), vendorApi.GET('/payment-groups/{paymentGroupId}/refunds', params)]);
    return { group: unwrapConsole(group), refunds: unwrapConsole(refunds).refunds };
  } catch (error) {
    throw networkError(error);
  }
});

/**
 * A refund: of an amount (dollars), or of everything still refundable (`amount` null, the invoices reopened or not).
 * The idempotency key is the confirmation's: a retry of the same confirmation refunds once.
 */
export const createRefund = fromPromise<Refund, { paymentGroupId: string; amount: number | null; reason: string; reopenInvoices: boolean; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/payment-groups/{paymentGroupId}/refunds', {
        params: { path: { paymentGroupId: input.paymentGroupId } },
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: input.amount === null ? { reason: input.reason, reopenInvoices: input.reopenInvoices } : { amount: input.amount, reason: input.reason, reopenInvoices: false },
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

export const cancelPayment = fromPromise<PaymentGroup, { paymentGroupId: string; reason: string; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/payment-groups/{paymentGroupId}/cancel', {
        params: { path: { paymentGroupId: input.paymentGroupId } },
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: { reason: input.reason },
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});
