import { defineMachine } from '../registry-entry';
import { consoleInvoicesMachine } from './console-invoices.machine';
import { consoleInvoicesModelEvents } from './console-invoices.model';

export const consoleInvoicesEntry = defineMachine({
  machine: consoleInvoicesMachine,
  events: consoleInvoicesModelEvents,
  purpose: 'Console Invoices search: the vendor’s invoices filtered on the server by number, customer, status and due dates, a page at a time; the form keeps what was typed',
  feature: 'Vendor console',
});
