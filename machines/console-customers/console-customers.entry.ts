import { defineMachine } from '../registry-entry';
import { consoleCustomersMachine } from './console-customers.machine';
import { consoleCustomersModelEvents } from './console-customers.model';

export const consoleCustomersEntry = defineMachine({
  machine: consoleCustomersMachine,
  events: consoleCustomersModelEvents,
  purpose: 'Console Customers: the vendor’s locations searched by part of their name on the server, a page at a time; the search keeps what was typed',
  feature: 'Vendor console',
});
