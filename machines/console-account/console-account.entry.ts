import { defineMachine } from '../registry-entry';
import { consoleAccountMachine } from './console-account.machine';
import { accountModelInput, consoleAccountModelEvents } from './console-account.model';

export const consoleAccountEntry = defineMachine({
  machine: consoleAccountMachine,
  events: consoleAccountModelEvents,
  input: accountModelInput,
  purpose: 'Console customer account: what a customer set up in the portal — AutoPay (active or paused, and why), payment plans, saved methods (brand and last four), statement deliveries — read for a call, refreshed on demand',
  feature: 'Vendor console',
});
