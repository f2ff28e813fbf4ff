import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import type { unauthorizedMachine } from './unauthorized.machine';

/** Model events for the walk: a 401 notice, and the delayed redirect. */
export function unauthorizedModelEvents(snapshot: SnapshotFrom<typeof unauthorizedMachine>): EventObject[] {
  const events: EventObject[] = [{ type: 'unauthorized.received', token: 'tok-A', errorCode: 'expired' }];
  if (snapshot.matches('debouncing')) events.push({ type: 'xstate.after.redirectDelay.unauthorized.debouncing' });
  return events;
}
