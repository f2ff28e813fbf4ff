import { defineMachine } from '../registry-entry';
import { consoleInvoiceMachine } from './console-invoice.machine';
import { consoleInvoiceModelEvents, invoiceModelInput } from './console-invoice.model';

export const consoleInvoiceEntry = defineMachine({
  machine: consoleInvoiceMachine,
  events: consoleInvoiceModelEvents,
  input: invoiceModelInput,
  purpose: 'Console invoice page: the invoice, its customer and its journey as the customer sees it; send a contact a click-to-pay request for it by e-mail or text, once per confirmation',
  feature: 'Vendor console',
});
