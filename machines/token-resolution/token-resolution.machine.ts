import { setup } from 'xstate';
import { fetchTokenInfo, toTokenInfoFailure } from './token-resolution.actors';
import { tokenErrorPath, tokenRedirectPath, type TokenInfo } from './token-resolution.redirect';

export interface TokenResolutionContext {
  token: string;
}

export interface TokenResolutionInput {
  token: string;
}

/**
 * Token entry (spec §2 "Token entry", §4 "Token info"): loading → loaded (redirect by type and
 * status) | failed (redirect to the error page). Navigation is the injected `redirectToTarget` action:
 * the view provides the router's navigate, tests provide a spy.
 */
export const tokenResolutionMachine = setup({
  types: {} as {
    context: TokenResolutionContext;
    // No user events: the chart reacts to the token info call only.
    input: TokenResolutionInput;
  },
  actors: { fetchTokenInfo },
  actions: {
    /** Replaced with `.provide({ actions: { redirectToTarget } })`; the default does nothing. */
    redirectToTarget: (_, _params: { to: string }) => {},
    /** Provided: saves the link's action for replay (`machines/replay`); the default does nothing. */
    saveReplay: (_, _params: { token: string; info: TokenInfo }) => {},
  },
}).createMachine({
  id: 'tokenResolution',
  context: ({ input }) => ({ token: input.token }),
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
        onError: {
          target: 'failed',
          actions: {
            type: 'redirectToTarget',
            params: ({ context, event }) => ({ to: tokenErrorPath(context.token, toTokenInfoFailure(event.error)) }),
          },
        },
      },
    },
    loaded: { type: 'final' },
    failed: { type: 'final' },
  },
});
