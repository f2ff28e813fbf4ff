import type { AnyEventObject as EventObject } from 'xstate';
import type { PaymentGroupRequest } from './payment-submit.actors';

export const modelPaymentRequest: PaymentGroupRequest = {
  paymentMethodId: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
  paymentDate: '2026-12-01',
  partialPayments: [],
  invoices: ['11111111-1111-4111-8111-111111111111'],
  epaVersion: '2024-01',
};

export const modelPaymentGroupId = '44444444-4444-4444-8444-444444444444';

export function paymentSubmitModelEvents(): EventObject[] {
  return [
    { type: 'payment.submit', request: modelPaymentRequest },
    { type: 'payment.submit', request: { ...modelPaymentRequest, invoices: [] } },
    { type: 'xstate.done.actor.submitPayment', output: { allDisputed: false, paymentGroupId: modelPaymentGroupId } },
    { type: 'xstate.error.actor.submitPayment', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/paymentgroups') },
    { type: 'payment.retry' },
    { type: 'payment.dismiss' },
  ];
}
