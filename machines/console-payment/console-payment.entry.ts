import { defineMachine } from '../registry-entry';
import { consolePaymentMachine } from './console-payment.machine';
import { consolePaymentModelEvents, paymentModelInput } from './console-payment.model';

export const consolePaymentEntry = defineMachine({
  machine: consolePaymentMachine,
  input: paymentModelInput,
  events: consolePaymentModelEvents,
  purpose: 'Console payment page: a payment with its lines, fee, authorization and refunds; refund (in full or an amount) or cancel, each after a confirmation',
  feature: 'Vendor console',
});
