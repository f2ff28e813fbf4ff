import { assign, setup } from 'xstate';
import { isEmail } from '../contact-form/contact-form.guards';
import { createSession, requestSignInLink, type ConsoleSession } from './console-sign-in.actors';

/** What went wrong last, as the page says it (src/console/texts.ts). */
export type SignInProblem = 'invalid_link' | 'rate_limited' | 'failed' | null;

export interface ConsoleSignInContext {
  email: string;
  /** the link's token (from the address's fragment), while it is being traded */
  token: string | null;
  session: ConsoleSession | null;
  problem: SignInProblem;
}

export type ConsoleSignInEvent = { type: 'link.open'; token: string } | { type: 'email.change'; value: string } | { type: 'link.request' } | { type: 'link.again' };

/** An e-mail address by the landing page's rule (contact-form.guards), within the contract's 254 characters. */
export const isEmailAddress = (value: string) => isEmail(value) && value.trim().length <= 254;

const problemOf = (error: unknown): SignInProblem => {
  const code = (error as { errorCode?: string } | undefined)?.errorCode;
  return code === 'invalid_link' || code === 'rate_limited' ? code : 'failed';
};

/**
 * The console's sign-in page (docs/vendor-console.md).
 *
 * form ──open (the page arrived from a link: its token)──▶ exchanging ──done──▶ signedIn
 *                                                                  └─error──▶ form (problem: invalid_link | failed)
 * form ──request [an address]──▶ requesting ──done──▶ sent ──again──▶ form
 *                                                           └──open (the e-mailed link, in this tab)──▶ exchanging
 *                                           └─error──▶ form (problem: rate_limited | failed)
 */
export const consoleSignInMachine = setup({
  types: {} as { context: ConsoleSignInContext; events: ConsoleSignInEvent },
  actors: { requestSignInLink, createSession },
  guards: {
    isAddress: ({ context }) => isEmailAddress(context.email),
  },
}).createMachine({
  id: 'consoleSignIn',
  context: { email: '', token: null, session: null, problem: null },
  initial: 'form',
  states: {
    exchanging: {
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output, token: null }) },
        onError: { target: 'form', actions: assign({ problem: ({ event }) => problemOf(event.error), token: null }) },
      },
    },
    form: {
      on: {
        'link.open': { target: 'exchanging', actions: assign({ token: ({ event }) => event.token, problem: null }) },
        'email.change': { actions: assign({ email: ({ event }) => event.value }) },
        'link.request': { guard: 'isAddress', target: 'requesting' },
      },
    },
    requesting: {
      entry: assign({ problem: null }),
      invoke: {
        id: 'requestSignInLink',
        src: 'requestSignInLink',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent' },
        onError: { target: 'form', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    // the e-mailed link opened in this same tab
    sent: { on: { 'link.again': { target: 'form' }, 'link.open': { target: 'exchanging', actions: assign({ token: ({ event }) => event.token, problem: null }) } } },
    signedIn: { type: 'final' },
  },
});
