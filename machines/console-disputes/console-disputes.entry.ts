import { defineMachine } from '../registry-entry';
import { consoleDisputesMachine } from './console-disputes.machine';
import { consoleDisputesModelEvents } from './console-disputes.model';

export const consoleDisputesEntry = defineMachine({
  machine: consoleDisputesMachine,
  events: consoleDisputesModelEvents,
  purpose: 'Console Disputes inbox: what customers disputed or short-paid, newest first, open or resolved, of one kind or both, filtered on the server a page at a time',
  feature: 'Vendor console',
});
