import { defineMachine } from '../registry-entry';
import { paymentGroupMachine } from './payment-group.machine';
import { paymentGroupModelEvents } from './payment-group.model';

export const paymentGroupEntry = defineMachine({
  machine: paymentGroupMachine,
  events: paymentGroupModelEvents,
  purpose: 'A payment group on the server: scheduled → processing (charge sent) → complete | failed; scheduled → canceled; complete → returned (ACH return)',
  feature: 'Payments',
});
