/** Payment submit call: `POST .../paymentgroups` with the attempt's Idempotency-Key. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type PaymentGroupRequest = components['schemas']['CreatePaymentGroupRequest'];
export type PaymentGroupCreated = components['schemas']['CreatePaymentGroupResponse'];

export interface SubmitPaymentInput {
  vendorId: string;
  locationId: string;
  idempotencyKey: string;
  request: PaymentGroupRequest;
}

const PATH = '/vendors/{vendorId}/locations/{locationId}/paymentgroups';

export const submitPayment = fromPromise<PaymentGroupCreated, SubmitPaymentInput>(async ({ input, signal }) => {
  const result = await api.POST(PATH, {
    params: { path: { vendorId: input.vendorId, locationId: input.locationId }, header: { 'Idempotency-Key': input.idempotencyKey } },
    body: input.request,
    signal,
  });
  return unwrap(PATH, result);
});
