import { assign, setup } from 'xstate';
import type { ConsoleSession } from '../console-sign-in/console-sign-in.actors';
import { endSession, loadSession } from './console-session.actors';

/** Why no one is signed in: never was (or the cookie is gone), signed out here, or the session ended by itself. */
export type SignedOutReason = 'none' | 'signedOut' | 'ended';

export interface ConsoleSessionContext {
  session: ConsoleSession | null;
  reason: SignedOutReason;
  /** the last sign-out did not go through (the network) */
  signOutFailed: boolean;
  /** the session could not be read (the network, the server): retry */
  loadFailed: boolean;
}

export type ConsoleSessionEvent = { type: 'session.signOut' } | { type: 'session.signOutEverywhere' } | { type: 'session.ended' } | { type: 'session.retry' };

const unauthorized = (error: unknown) => (error as { status?: number } | undefined)?.status === 401;

/** Signed out; or, when the sign-out did not reach the server, still signed in and told so (a 401 means it had ended). */
const SIGN_OUT_ANSWERS = {
  onDone: { target: '#consoleSession.signedOut', actions: 'markSignedOut' },
  onError: [
    { guard: 'isUnauthorized', target: '#consoleSession.signedOut', actions: 'markSignedOut' },
    { target: '#consoleSession.signedIn', actions: 'markSignOutFailed' },
  ],
} as const;

/**
 * The console's frame: who is signed in (docs/vendor-console.md).
 *
 * loading ──done──▶ signedIn ──signOut / signOutEverywhere──▶ signingOut ──done──▶ signedOut (signedOut)
 *    │                 │                                           └─error──▶ signedIn (signOutFailed)
 *    │                 └──ended (any call answered 401)──▶ signedOut (ended)
 *    ├─error 401──▶ signedOut (none)
 *    └─error──▶ unreachable ──retry──▶ loading
 */
export const consoleSessionMachine = setup({
  types: {} as { context: ConsoleSessionContext; events: ConsoleSessionEvent },
  actors: { loadSession, endSession },
  guards: { isUnauthorized: ({ event }) => unauthorized((event as { error?: unknown }).error) },
  actions: { markSignedOut: assign({ reason: 'signedOut' as const }), markSignOutFailed: assign({ signOutFailed: true }) },
}).createMachine({
  id: 'consoleSession',
  context: { session: null, reason: 'none', signOutFailed: false, loadFailed: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output, loadFailed: false }) },
        onError: [
          { guard: 'isUnauthorized', target: 'signedOut', actions: assign({ reason: 'none' }) },
          { target: 'unreachable', actions: assign({ loadFailed: true }) },
        ],
      },
    },
    unreachable: { on: { 'session.retry': { target: 'loading' } } },
    signedIn: {
      on: {
        'session.signOut': { target: 'signingOut.here' },
        'session.signOutEverywhere': { target: 'signingOut.everywhere' },
        'session.ended': { target: 'signedOut', actions: assign({ reason: 'ended', session: null }) },
      },
    },
    signingOut: {
      entry: assign({ signOutFailed: false }),
      initial: 'here',
      states: {
        here: { invoke: { id: 'endSession', src: 'endSession', input: { everywhere: false }, ...SIGN_OUT_ANSWERS } },
        everywhere: { invoke: { id: 'endSession', src: 'endSession', input: { everywhere: true }, ...SIGN_OUT_ANSWERS } },
      },
    },
    signedOut: { entry: assign({ session: null }), type: 'final' },
  },
});
