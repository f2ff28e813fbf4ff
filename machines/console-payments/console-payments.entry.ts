import { defineMachine } from '../registry-entry';
import { consolePaymentsMachine } from './console-payments.machine';
import { consolePaymentsModelEvents } from './console-payments.model';

export const consolePaymentsEntry = defineMachine({
  machine: consolePaymentsMachine,
  events: consolePaymentsModelEvents,
  purpose: 'Console Payments list: the vendor’s payments newest first, filtered by status, payment date and method on the server, a page at a time, exported as CSV',
  feature: 'Vendor console',
});
