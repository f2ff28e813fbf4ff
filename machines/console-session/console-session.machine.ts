import { assign, setup } from 'xstate';
import type { ConsoleSession } from '../console-sign-in/console-sign-in.actors';
import { endSession, loadPasskeyOptions, loadSession, usePasskey, verifyPasskey } from './console-session.actors';

/** Why no one is signed in: never was (or the cookie is gone), signed out here, or the session ended by itself. */
export type SignedOutReason = 'none' | 'signedOut' | 'ended';

export interface ConsoleSessionContext {
  session: ConsoleSession | null;
  reason: SignedOutReason;
  /** the last sign-out did not go through (the network) */
  signOutFailed: boolean;
  /** the session could not be read (the network, the server): retry */
  loadFailed: boolean;
  /** why the passkey did not sign in: cancelled in the browser, or the server's words */
  passkeyProblem: 'cancelled' | string | null;
}

export type ConsoleSessionEvent = { type: 'session.signOut' } | { type: 'session.signOutEverywhere' } | { type: 'session.ended' } | { type: 'session.retry' } | { type: 'passkey.use' };

const unauthorized = (error: unknown) => (error as { status?: number } | undefined)?.status === 401;

/** Signed out; or, when the sign-out did not reach the server, still signed in and told so (a 401 means it had ended). */
const SIGN_OUT_ANSWERS = {
  onDone: { target: '#consoleSession.signedOut', actions: 'markSignedOut' },
  onError: [
    { guard: 'isUnauthorized', target: '#consoleSession.signedOut', actions: 'markSignedOut' },
    // still waiting for its passkey: back to the prompt
    { guard: 'passkeyAwaited', target: '#consoleSession.secondFactor', actions: 'markSignOutFailed' },
    { target: '#consoleSession.signedIn', actions: 'markSignOutFailed' },
  ],
} as const;

/** Why a passkey did not sign in: cancelled in the browser, or the server's words. */
const PROBLEM = ({ event }: { event: { error?: unknown } }) => ((event.error as { errorCode?: string } | undefined)?.errorCode === 'cancelled' ? 'cancelled' : ((event.error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.'));

/**
 * The console's frame: who is signed in (docs/vendor-console.md).
 *
 * loading ──done──▶ signedIn ──signOut / signOutEverywhere──▶ signingOut ──done──▶ signedOut (signedOut)
 *    │                 │                                           └─error──▶ signedIn (signOutFailed)
 *    │                 └──ended (any call answered 401)──▶ signedOut (ended)
 *    ├─done, a passkey awaited──▶ secondFactor ──passkey.use──▶ requesting ──▶ authenticating (the browser's prompt)
 *    │                              ▲                                      ──▶ verifying ──done──▶ signedIn
 *    │                              └──────── cancelled / refused (passkeyProblem) ◀──┘   (sign out and ended as signedIn)
 *    ├─error 401──▶ signedOut (none)
 *    └─error──▶ unreachable ──retry──▶ loading
 */
export const consoleSessionMachine = setup({
  types: {} as { context: ConsoleSessionContext; events: ConsoleSessionEvent },
  actors: { loadSession, endSession, loadPasskeyOptions, usePasskey, verifyPasskey },
  guards: {
    isUnauthorized: ({ event }) => unauthorized((event as { error?: unknown }).error),
    passkeyAwaited: ({ context }) => context.session?.secondFactor === 'pending',
    awaitsPasskey: ({ event }) => (event as unknown as { output?: { secondFactor?: string } }).output?.secondFactor === 'pending',
  },
  actions: { markSignedOut: assign({ reason: 'signedOut' as const }), markSignOutFailed: assign({ signOutFailed: true }) },
}).createMachine({
  id: 'consoleSession',
  context: { session: null, reason: 'none', signOutFailed: false, loadFailed: false, passkeyProblem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          { guard: 'awaitsPasskey', target: 'secondFactor', actions: assign({ session: ({ event }) => event.output, loadFailed: false }) },
          { target: 'signedIn', actions: assign({ session: ({ event }) => event.output, loadFailed: false }) },
        ],
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
    secondFactor: {
      initial: 'ready',
      on: {
        'session.signOut': { target: 'signingOut.here' },
        'session.signOutEverywhere': { target: 'signingOut.everywhere' },
        'session.ended': { target: 'signedOut', actions: assign({ reason: 'ended', session: null }) },
      },
      states: {
        ready: { on: { 'passkey.use': { target: 'requesting', actions: assign({ passkeyProblem: null }) } } },
        requesting: {
          invoke: {
            id: 'loadPasskeyOptions',
            src: 'loadPasskeyOptions',
            onDone: { target: 'authenticating' },
            onError: { target: 'ready', actions: assign({ passkeyProblem: PROBLEM }) },
          },
        },
        authenticating: {
          invoke: {
            id: 'usePasskey',
            src: 'usePasskey',
            input: ({ event }) => ({ options: (event as unknown as { output: never }).output }),
            onDone: { target: 'verifying' },
            onError: { target: 'ready', actions: assign({ passkeyProblem: PROBLEM }) },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyPasskey',
            src: 'verifyPasskey',
            input: ({ event }) => ({ credential: (event as unknown as { output: never }).output }),
            onDone: { target: '#consoleSession.signedIn', actions: assign({ session: ({ event }) => event.output, passkeyProblem: null }) },
            onError: { target: 'ready', actions: assign({ passkeyProblem: PROBLEM }) },
          },
        },
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
