import { defineMachine } from '../registry-entry';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import { paymentSubmitMachine } from './payment-submit.machine';
import { paymentSubmitModelEvents } from './payment-submit.model';

export const paymentSubmitEntry = defineMachine({
  machine: paymentSubmitMachine,
  input: { vendorId: modelVendorId, locationId: modelLocationId, createKey: () => 'model-idempotency-key' },
  events: paymentSubmitModelEvents,
  purpose: 'Payment submit with one Idempotency-Key per attempt',
  feature: 'Click-to-pay',
});
