import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { consoleSessionSample } from '../console-sign-in/console-sign-in.model';
import type { consoleSessionMachine } from './console-session.machine';

/** Model events: the person's buttons, a call that found the session ended, and each actor's kinds of answer. */
/** The same person, come by link, with a passkey to use. */
export const pendingSessionSample = { ...consoleSessionSample, secondFactor: 'pending' as const };

/** The browser's answer of a passkey (what @simplewebauthn/browser gives), as the walk hands it to the server. */
export const passkeyAnswerSample = {
  id: 'q2xv3Zf1mVh8Wc0s7N4t9A',
  rawId: 'q2xv3Zf1mVh8Wc0s7N4t9A',
  type: 'public-key' as const,
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_k', signature: 'MEUCIQDw7dNbs5Vf1ZC3' },
  clientExtensionResults: {},
};

/**
 * Model events: the person's buttons, a call that found the session ended, and each actor's kinds of answer — the
 * session as signed in, or waiting for a passkey; the passkey's options, the browser's prompt (answered, or
 * cancelled), the server's verification (signed in, or refused).
 */
export function consoleSessionModelEvents(snapshot: SnapshotFrom<typeof consoleSessionMachine>): EventObject[] {
  const candidates: AnyEventObject[] = [
    { type: 'xstate.done.actor.loadSession', output: pendingSessionSample },
    { type: 'passkey.use' },
    { type: 'xstate.done.actor.loadPasskeyOptions', output: { challenge: 'Qk9hS2x2cEJ0N3FmU0RnZ3ZvWGR4dw', rpId: 'localhost', allowCredentials: [{ id: 'q2xv3Zf1mVh8Wc0s7N4t9A', type: 'public-key' }] } },
    { type: 'xstate.error.actor.loadPasskeyOptions', error: new ConsoleApiError(0) },
    { type: 'xstate.done.actor.usePasskey', output: passkeyAnswerSample },
    { type: 'xstate.error.actor.usePasskey', error: new ConsoleApiError(0, 'cancelled', 'The operation either timed out or was not allowed.') },
    { type: 'xstate.done.actor.verifyPasskey', output: consoleSessionSample },
    { type: 'xstate.error.actor.verifyPasskey', error: new ConsoleApiError(422, 'passkey_not_verified', 'That passkey could not be verified. Try again, or use another passkey.') },
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
