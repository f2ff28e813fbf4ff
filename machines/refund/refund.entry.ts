import { defineMachine } from '../registry-entry';
import { refundMachine } from './refund.machine';
import { refundModelEvents } from './refund.model';

export const refundEntry = defineMachine({
  machine: refundMachine,
  events: refundModelEvents,
  purpose: "A vendor's refund of a completed payment on the server: refund_pending (key written, sent to the processor) → refunded | refund_failed",
  feature: 'Payments',
});
