/**
 * The console's API client: openapi-fetch over the vendor API's generated `paths` (openapi/vendor.yaml), the same
 * contract the vendor's programs call. A person is known by the session cookie (HttpOnly: this code never sees it);
 * the browser adds the page's Origin to every changing request, which the server checks. Only the console's machine
 * actors (`machines/console/*.actors.ts`) call it.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './vendor-schema';

/** A non-OK answer: the HTTP status (0: the network failed), the contract's errorCode and message. */
export class ConsoleApiError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  constructor(status: number, errorCode?: string, message?: string) {
    super(message ?? `console call failed (${status || 'network'}${errorCode ? `, ${errorCode}` : ''})`);
    this.name = 'ConsoleApiError';
    this.status = status;
    this.errorCode = errorCode;
  }
}

type EndedListener = () => void;
const endedListeners = new Set<EndedListener>();

/** Called when any call answers 401: the session ended (idle, signed out elsewhere, removed). */
export function onSessionEnded(listener: EndedListener): () => void {
  endedListeners.add(listener);
  return () => void endedListeners.delete(listener);
}

/** Tells every listener that the session ended (a call answered 401). */
export function notifySessionEnded(): void {
  for (const listener of [...endedListeners]) listener();
}

const sessionEndedMiddleware: Middleware = {
  onResponse({ response, request }) {
    // the sign-in calls themselves (POST /session, POST /session/sign-in-link) answer 401 for a bad link: not an ended session
    const signingIn = request.method === 'POST' && new URL(request.url).pathname.startsWith('/vendor-api/session');
    if (response.status === 401 && !signingIn) notifySessionEnded();
    return undefined;
  },
};

export const vendorApi = createClient<paths>({
  // the page's own origin (an absolute base: `Request` needs one outside a page, in the machines' tests)
  baseUrl: `${typeof location === 'undefined' ? 'http://localhost' : location.origin}/vendor-api`,
  credentials: 'same-origin',
  // looked up per call, not captured at load (a test's fake network, a service worker's patch)
  fetch: (request) => globalThis.fetch(request),
});
vendorApi.use(sessionEndedMiddleware);

/** The data of an OK answer, or a ConsoleApiError with the answer's code and message. */
export function unwrapConsole<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  const error = result.error as { errorCode?: string; message?: string } | undefined;
  throw new ConsoleApiError(result.response.status, error?.errorCode, error?.message);
}

/** A fetch that failed to reach the server at all (offline): the same error type, status 0. */
export function networkError(error: unknown): ConsoleApiError {
  return error instanceof ConsoleApiError ? error : new ConsoleApiError(0, undefined, error instanceof Error ? error.message : String(error));
}
