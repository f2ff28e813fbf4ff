import { defineMachine } from '../registry-entry';
import { consoleDisputeMachine } from './console-dispute.machine';
import { consoleDisputeModelEvents, disputeModelInput } from './console-dispute.model';

export const consoleDisputeEntry = defineMachine({
  machine: consoleDisputeMachine,
  events: consoleDisputeModelEvents,
  input: disputeModelInput,
  purpose: 'Console dispute page: what the customer disputed or short-paid and the replies so far; reply (the customer reads it on the invoice, in messages and by e-mail), resolve, reopen — once per confirmation',
  feature: 'Vendor console',
});
