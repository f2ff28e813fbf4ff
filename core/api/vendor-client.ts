/**
 * The console's API client: openapi-fetch over the vendor API's generated `paths` (openapi/vendor.yaml), the same
 * contract the vendor's programs call. A person is known by the session cookie (HttpOnly: this code never sees it);
 * the browser adds the page's Origin to every changing request, which the server checks. Only the console's machine
 * actors (`machines/console/*.actors.ts`) call it.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './vendor-schema';
import { CONSOLE_SESSION_ELEMENT_ID } from './bootstrap';

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

let inlineSessionTaken = false;

/**
 * The page's first `GET /session` is answered from the session its HTML carries, when it carries one: the server read
 * it for this request's cookie a moment ago, and the frame need not wait a round trip for it. Only once per page load
 * (every later ask, e.g. after a sign-in or a passkey, goes to the server), and never without the element.
 */
const inlineSessionMiddleware: Middleware = {
  onRequest({ request }) {
    if (inlineSessionTaken || request.method !== 'GET' || typeof document === 'undefined') return undefined;
    if (new URL(request.url).pathname !== '/vendor-api/session') return undefined;
    inlineSessionTaken = true;
    const element = document.getElementById(CONSOLE_SESSION_ELEMENT_ID);
    if (!element?.textContent) return undefined;
    element.remove();
    return new Response(element.textContent, { status: 200, headers: { 'Content-Type': 'application/json' } });
  },
};

export const vendorApi = createClient<paths>({
  // the page's own origin (an absolute base: `Request` needs one outside a page, in the machines' tests)
  baseUrl: `${typeof location === 'undefined' ? 'http://localhost' : location.origin}/vendor-api`,
  credentials: 'same-origin',
  // looked up per call, not captured at load (a test's fake network, a service worker's patch)
  fetch: (request) => globalThis.fetch(request),
});
vendorApi.use(inlineSessionMiddleware, sessionEndedMiddleware);

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
