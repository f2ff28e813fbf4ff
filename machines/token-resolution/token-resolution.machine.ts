import { assign, setup } from 'xstate';
import { fetchTokenInfo, toTokenInfoFailure } from './token-resolution.actors';
import {
  isPassingTokenInfoFailure, TOKEN_INFO_RETRIES, TOKEN_INFO_RETRY_MS, tokenErrorPath, tokenRedirectPath, type TokenInfo,
} from './token-resolution.redirect';

export interface TokenResolutionContext {
  token: string;
  /** Passing failures asked again so far. */
  retries: number;
}

export interface TokenResolutionInput {
  token: string;
}

/**
 * Token entry (spec §2 "Token entry", §4 "Token info"): loading → loaded (redirect by type and
 * status) | failed (redirect to the error page). A passing failure (no answer, or a busy server: 502/503/504) is
 * asked again after a wait (`retrying`: 1 s, then 2 s; TOKEN_INFO_RETRIES times) before it counts: a link is not
 * called broken because the server was busy for a moment. Navigation is the injected `redirectToTarget` action:
 * the view provides the router's navigate, tests provide a spy.
 */
export const tokenResolutionMachine = setup({
  types: {} as {
    context: TokenResolutionContext;
    // No user events: the chart reacts to the token info call only.
    input: TokenResolutionInput;
  },
  actors: { fetchTokenInfo },
  delays: {
    /** 1 s before the first retry, 2 s before the second. */
    retryWait: ({ context }) => TOKEN_INFO_RETRY_MS * context.retries,
  },
  guards: {
    mayRetry: ({ context, event }) =>
      context.retries < TOKEN_INFO_RETRIES && isPassingTokenInfoFailure(toTokenInfoFailure((event as { error?: unknown }).error)),
  },
  actions: {
    /** Replaced with `.provide({ actions: { redirectToTarget } })`; the default does nothing. */
    redirectToTarget: (_, _params: { to: string }) => {},
    /** Provided: saves the link's action for replay (`machines/replay`); the default does nothing. */
    saveReplay: (_, _params: { token: string; info: TokenInfo }) => {},
  },
}).createMachine({
  id: 'tokenResolution',
  context: ({ input }) => ({ token: input.token, retries: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchTokenInfo',
        src: 'fetchTokenInfo',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'saveReplay', params: ({ context, event }) => ({ token: context.token, info: event.output }) },
            { type: 'redirectToTarget', params: ({ context, event }) => ({ to: tokenRedirectPath(context.token, event.output) }) },
          ],
        },
        onError: [
          { guard: 'mayRetry', target: 'retrying', actions: assign({ retries: ({ context }) => context.retries + 1 }) },
          {
            target: 'failed',
            actions: {
              type: 'redirectToTarget',
              params: ({ context, event }) => ({ to: tokenErrorPath(context.token, toTokenInfoFailure(event.error)) }),
            },
          },
        ],
      },
    },
    /** A passing failure: the page still shows that the link is being opened, and asks again after the wait. */
    retrying: {
      after: { retryWait: 'loading' },
    },
    loaded: { type: 'final' },
    failed: { type: 'final' },
  },
});
