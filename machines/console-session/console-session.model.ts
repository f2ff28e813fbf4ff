import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { consoleSessionSample } from '../console-sign-in/console-sign-in.model';
import type { consoleSessionMachine } from './console-session.machine';

/** Model events: the person's buttons, a call that found the session ended, and each actor's kinds of answer. */
export function consoleSessionModelEvents(snapshot: SnapshotFrom<typeof consoleSessionMachine>): EventObject[] {
  const candidates: AnyEventObject[] = [
    { type: 'session.signOut' },
    { type: 'session.signOutEverywhere' },
    { type: 'session.ended' },
    { type: 'session.retry' },
    { type: 'xstate.done.actor.loadSession', output: consoleSessionSample },
    { type: 'xstate.error.actor.loadSession', error: new ConsoleApiError(401, 'session_ended') },
    { type: 'xstate.error.actor.loadSession', error: new ConsoleApiError(0) },
    { type: 'xstate.done.actor.endSession' },
    { type: 'xstate.error.actor.endSession', error: new ConsoleApiError(401, 'session_ended') },
    { type: 'xstate.error.actor.endSession', error: new ConsoleApiError(0) },
  ];
  return candidates.filter((event) => snapshot.can(event as never));
}
