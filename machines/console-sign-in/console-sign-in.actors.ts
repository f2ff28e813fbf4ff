/** Actors of the console's sign-in page: the only place that talks to the API for this flow. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type ConsoleSession = components['schemas']['ConsoleSession'];

/** Sends the sign-in link to the address (202 whoever it is). */
export const requestSignInLink = fromPromise<void, { email: string }>(async ({ input }) => {
  try {
    unwrapConsole(await vendorApi.POST('/session/sign-in-link', { body: { email: input.email } }));
  } catch (error) {
    throw networkError(error);
  }
});

const exchanges = new Map<string, Promise<ConsoleSession>>();

/**
 * Trades the link's token for the session cookie — once per token and page: a link works once, so a second start of
 * the same chart (React's StrictMode starts effects twice in development) gets the first trade's answer, not a refusal.
 */
export const createSession = fromPromise<ConsoleSession, { token: string }>(({ input }) => {
  let exchange = exchanges.get(input.token);
  if (!exchange) {
    exchange = (async () => {
          try {
        return unwrapConsole(await vendorApi.POST('/session', { body: { token: input.token } }));
      } catch (error) {
        throw networkError(error);
      }
    })();
    exchanges.set(input.token, exchange);
    // a trade that failed (the network, the server) may be tried again with the same link
    exchange.catch(() => exchanges.delete(input.token));
  }
  return exchange;
});
