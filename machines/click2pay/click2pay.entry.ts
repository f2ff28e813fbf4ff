import { defineMachine } from '../registry-entry';
import { loadModelEvents } from '../load/load.model';
import { click2payMachine } from './click2pay.machine';
import { click2payModelEvents, modelClick2payInput, modelIds, modelPaymentGroupDetail } from './click2pay.model';
import { paymentConfirmationMachine } from './confirmation.machine';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';

export const click2payEntry = defineMachine({
  machine: click2payMachine,
  input: modelClick2payInput,
  events: click2payModelEvents,
  purpose: 'Click-to-pay page: invoices, methods, calendar loads and the payment form',
  feature: 'Click-to-pay',
});

export const paymentConfirmationEntry = defineMachine({
  machine: paymentConfirmationMachine,
  input: { vendorId: modelVendorId, locationId: modelLocationId, paymentGroupId: modelIds.group },
  events: loadModelEvents(modelPaymentGroupDetail),
  purpose: 'Load lifecycle of a payment confirmation',
  feature: 'Click-to-pay',
});
