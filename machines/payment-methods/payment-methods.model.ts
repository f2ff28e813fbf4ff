/** Model events and contract-shaped samples of the payment-method list and delete machines. */
import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import type { PaymentMethodDeleteInput } from './payment-method-delete.machine';
import type { paymentMethodDeleteMachine } from './payment-method-delete.machine';
import type { PaymentMethod, PaymentMethodList, PaymentsByMethod } from './payment-methods.actors';
import type { paymentMethodsMachine } from './payment-methods.machine';

export const modelVendorId = '0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01';
export const modelLocationId = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export const modelCard: PaymentMethod = {
  id: '1c0d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', type: 'CC', provider: 'plastiq-cc', deletedAt: null,
  displayExtra: { name: 'Visa Business', lastFour: '4821', serviceFee: '2.9', verificationRequired: false },
  contactFirstName: 'Dana', contactLastName: 'Reyes',
};
export const modelChecking: PaymentMethod = {
  id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b', type: 'ACH', provider: 'priority-ach', deletedAt: null,
  displayExtra: { name: 'Operating Checking', lastFour: '6789', serviceFee: null, verificationRequired: false },
  contactFirstName: 'Dana', contactLastName: 'Reyes',
};
export const modelPending: PaymentMethod = {
  id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', type: 'ACH', provider: 'priority-ach', deletedAt: null,
  displayExtra: { name: 'Payroll Savings', lastFour: '0015', serviceFee: null, verificationRequired: true },
  contactFirstName: 'Dana', contactLastName: 'Reyes',
};

export const modelList: PaymentMethodList = {
  paymentMethods: [modelCard, modelChecking, modelPending],
  paymentMethodsJwt: 'model.jwt.token',
  hostedFieldsUrl: 'http://payments.test/hosted-fields',
  clientFlowInfo: {
    'plastiq-cc': { tokenizerUrl: '/payments-api/tokenizer', serviceFee: '2.9' },
    'priority-ach': { tokenizerUrl: '/payments-api/tokenizer', serviceFee: null },
  },
};

export const modelUsage: PaymentsByMethod = {
  payments: [{ id: '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e', paymentDate: '2026-12-04', paidAmount: 1250.5, displayInvNum: 'INV-10042' }],
  hasAutopay: false,
  hasPaymentPlan: false,
};
export const modelUsageAutopay: PaymentsByMethod = { payments: [], hasAutopay: true, hasPaymentPlan: false };

export const modelDeleteInput: PaymentMethodDeleteInput = { vendorId: modelVendorId, locationId: modelLocationId, method: modelCard };

/** An API failure as the actors throw it (shape of `ApiError`; this file may not import the client). */
export function apiFailure(path: string, status: number, errorCode?: string): Error {
  return Object.assign(new Error(`failed calling api on path ${path}`), { name: 'ApiError', status, path, errorCode });
}

const listPath = '/vendors/{vendorId}/locations/{locationId}/paymentmethods';

const modelAdded: PaymentMethod = { ...modelCard, id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f', displayExtra: { ...modelCard.displayExtra, name: 'Ops Visa', lastFour: '4242' } };
const modelVerified: PaymentMethod = { ...modelPending, displayExtra: { ...modelPending.displayExtra, verificationRequired: false } };

/**
 * Model events of the list. The changes other machines send (select, removed, updated, added) are
 * offered one after the other as a chain, and refresh only before any change: every state and
 * transition is still taken, while the simple paths stay few (each change alters the context, and
 * every ordering of them would be a new path).
 */
export function paymentMethodsModelEvents(snapshot: SnapshotFrom<typeof paymentMethodsMachine>): EventObject[] {
  const { methods, selectedId } = snapshot.context;
  if (snapshot.value === 'loading') {
    return [
      { type: 'xstate.done.actor.loadPaymentMethods', output: modelList },
      { type: 'xstate.error.actor.loadPaymentMethods', error: apiFailure(listPath, 500) },
    ];
  }
  if (snapshot.value === 'failed') return [{ type: 'paymentMethods.refresh' }];
  const has = (id: string) => methods.some((m) => m.id === id);
  const pendingStill = methods.some((m) => m.id === modelPending.id && m.displayExtra.verificationRequired);
  if (selectedId === null && has(modelCard.id)) return [{ type: 'paymentMethods.refresh' }, { type: 'paymentMethods.select', paymentMethodId: modelChecking.id }];
  if (has(modelCard.id)) return [{ type: 'paymentMethods.removed', paymentMethodId: modelCard.id }];
  if (pendingStill) return [{ type: 'paymentMethods.updated', paymentMethod: modelVerified }];
  if (!has(modelAdded.id)) return [{ type: 'paymentMethods.added', paymentMethod: modelAdded }];
  return [];
}

const deletePath = '/vendors/{vendorId}/locations/{locationId}/paymentmethods/{paymentMethodId}';

export function paymentMethodDeleteModelEvents(snapshot: SnapshotFrom<typeof paymentMethodDeleteMachine>): EventObject[] {
  switch (snapshot.value) {
    case 'checkingUsage':
      return [
        { type: 'xstate.done.actor.checkPaymentMethodUsage', output: modelUsage },
        { type: 'xstate.done.actor.checkPaymentMethodUsage', output: modelUsageAutopay },
        { type: 'xstate.error.actor.checkPaymentMethodUsage', error: apiFailure('/vendors/{vendorId}/locations/{locationId}/payments', 500) },
      ];
    case 'deleting':
      return [
        { type: 'xstate.done.actor.deletePaymentMethod', output: undefined },
        { type: 'xstate.error.actor.deletePaymentMethod', error: apiFailure(deletePath, 409, 'payment_method_in_use') },
        { type: 'xstate.error.actor.deletePaymentMethod', error: apiFailure(deletePath, 409, 'scheduled_payments_exist') },
        { type: 'xstate.error.actor.deletePaymentMethod', error: apiFailure(deletePath, 500) },
      ];
    default:
      return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
  }
}
