import type { AnyEventObject as EventObject } from 'xstate';

/** Model events for the walk: every event of the lifecycle (the registry keeps those the snapshot accepts). */
export function paymentGroupModelEvents(): EventObject[] {
  return [{ type: 'charge.send' }, { type: 'charge.succeed' }, { type: 'charge.decline' }, { type: 'payment.cancel' }, { type: 'charge.return' }];
}
