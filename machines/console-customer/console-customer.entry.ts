import { defineMachine } from '../registry-entry';
import { consoleCustomerMachine } from './console-customer.machine';
import { consoleCustomerModelEvents, customerModelInput } from './console-customer.model';

export const consoleCustomerEntry = defineMachine({
  machine: consoleCustomerMachine,
  events: consoleCustomerModelEvents,
  input: customerModelInput,
  purpose: 'Console customer page: a location, its address and contacts; send one of them a login link, the statement or an AutoPay invitation by e-mail or text, after a confirmation, once per confirmation',
  feature: 'Vendor console',
});
