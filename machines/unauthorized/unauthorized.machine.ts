import { assign, setup } from 'xstate';
import { paths } from '../../core/rules/paths';

export interface UnauthorizedContext {
  token: string | null;
  errorCode: string;
}

export type UnauthorizedEvent = {
  type: 'unauthorized.received';
  /** The token the rejected call carried. */
  token: string;
  /** errorCode from the body, or 'invalid'. */
  errorCode: string;
};

/** Debounce of the redirect after a 401/403 (spec §9). */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 100;

/** The error page path for a token and code: `/token/{token}/error/{code}`. */
export function errorPagePath(token: string, errorCode: string): string {
  return paths.error(token, errorCode || 'invalid');
}

/**
 * Unauthorised handling (spec §8): any 401/403 clears session storage and the persisted state at
 * once, then — debounced 100 ms, so a burst of failing calls gives one redirect — navigates to
 * `/token/{token}/error/{errorCode}`. Storage clearing and navigation are provided by the app.
 */
export const unauthorizedMachine = setup({
  types: {} as { context: UnauthorizedContext; events: UnauthorizedEvent },
  actions: {
    recordNotice: assign({
      token: ({ event }) => event.token,
      errorCode: ({ event }) => event.errorCode || 'invalid',
    }),
    /** Provided: clears sessionStorage and the persisted store key. */
    clearSession: () => {},
    /** Provided: navigates to the error page (receives the path). */
    goToErrorPage: (_, _params: { to: string }) => {},
  },
  delays: { redirectDelay: UNAUTHORIZED_REDIRECT_DELAY_MS },
}).createMachine({
  id: 'unauthorized',
  context: { token: null, errorCode: 'invalid' },
  initial: 'idle',
  states: {
    idle: {
      on: { 'unauthorized.received': { target: 'debouncing', actions: ['recordNotice', 'clearSession'] } },
    },
    // Waits for the burst of 401s to settle; every new one restarts the 100 ms timer.
    debouncing: {
      on: { 'unauthorized.received': { target: 'debouncing', reenter: true, actions: ['recordNotice', 'clearSession'] } },
      after: {
        redirectDelay: {
          target: 'idle',
          actions: { type: 'goToErrorPage', params: ({ context }) => ({ to: errorPagePath(context.token ?? '', context.errorCode) }) },
        },
      },
    },
  },
});
