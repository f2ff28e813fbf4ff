import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import { modelLocationId, modelPending, modelVendorId } from '../payment-methods/payment-methods.model';
import type { PaymentMethodVerifyInput, paymentMethodVerifyMachine } from './payment-method-verify.machine';

export const modelVerifyInput: PaymentMethodVerifyInput = { vendorId: modelVendorId, locationId: modelLocationId, paymentMethodId: modelPending.id };

/** The sandbox's deposits ($0.32 and $0.45, openapi/payments.yaml / server sandbox). */
export const sandboxDepositsCents: [number, number] = [32, 45];

export function paymentMethodVerifyModelEvents(snapshot: SnapshotFrom<typeof paymentMethodVerifyMachine>): EventObject[] {
  if (snapshot.value === 'verifying') {
    return [
      { type: 'xstate.done.actor.verifyPaymentMethod', output: { result: 'verified', paymentMethod: { ...modelPending, displayExtra: { ...modelPending.displayExtra, verificationRequired: false } } } },
      { type: 'xstate.done.actor.verifyPaymentMethod', output: { result: 'wrong', attemptsLeft: 2 } },
      { type: 'xstate.done.actor.verifyPaymentMethod', output: { result: 'locked' } },
      { type: 'xstate.error.actor.verifyPaymentMethod', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/paymentmethods/{paymentMethodId}/verify') },
    ];
  }
  return [
    { type: 'verify.submit', amountsCents: sandboxDepositsCents },
    { type: 'verify.submit', amountsCents: [0, 145] },
    { type: 'verify.cancel' },
  ];
}
