import type { AnyEventObject as EventObject } from 'xstate';

/** Model events for the walk: every event of the lifecycle (the registry keeps those the snapshot accepts). */
export function refundModelEvents(): EventObject[] {
  return [{ type: 'refund.succeed' }, { type: 'refund.fail' }];
}
