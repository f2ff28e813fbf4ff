import { defineMachine } from '../registry-entry';
import { paymentMethodDeleteMachine } from './payment-method-delete.machine';
import { paymentMethodsMachine } from './payment-methods.machine';
import { modelDeleteInput, modelLocationId, modelVendorId, paymentMethodDeleteModelEvents, paymentMethodsModelEvents } from './payment-methods.model';

export const paymentMethodsEntry = defineMachine({
  machine: paymentMethodsMachine,
  input: { vendorId: modelVendorId, locationId: modelLocationId },
  events: paymentMethodsModelEvents,
  purpose: 'Saved payment methods of a location (session-level) and the selected one',
  feature: 'Payment methods',
});

export const paymentMethodDeleteEntry = defineMachine({
  machine: paymentMethodDeleteMachine,
  input: modelDeleteInput,
  events: paymentMethodDeleteModelEvents,
  purpose: 'Delete a payment method: usage check, confirmation, refusal when in use',
  feature: 'Payment methods',
});
