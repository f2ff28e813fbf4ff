/**
 * The one API client (openapi-fetch over the generated `paths`), with the ContactAccess auth
 * middleware and the 401/403 notifier. Only machine actors (`machines/<flow>/<flow>.actors.ts`)
 * call it; views never import this module.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { bootstrapMiddleware, serverAnswers } from './bootstrap';
import type { paths } from './schema';

let authToken: string | null = null;

/** Sets (or clears with `null`) the token sent as `Authorization: ContactAccess <token>`. */
export function setAuthToken(token: string | null): void {
  const next = token && token.length > 0 ? token : null;
  if (next !== authToken) revalidated.clear(); // nothing of one token's answers stays in memory for the next
  authToken = next;
}

export function getAuthToken(): string | null {
  return authToken;
}

/** What a 401/403 tells the unauthorised handler. */
export interface UnauthorizedNotice {
  /** The token the failed call carried. */
  token: string;
  /** `errorCode` from the response body, or 'invalid' when absent. */
  errorCode: string;
  status: number;
}

type UnauthorizedListener = (notice: UnauthorizedNotice) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribes to 401/403 answers of calls made with a token. Returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** A non-OK answer of the API, thrown by actors; the message follows the error catalogue (§8). */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly path: string;
  constructor(message: string, init: { status: number; path: string; errorCode?: string }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.path = init.path;
    this.errorCode = init.errorCode;
  }
}

/**
 * Builds the ApiError of a failed call: "failed calling api on path {path}", or for a plain
 * POST without credentials (e.g. /letmein) "failed calling api".
 */
export function apiError(path: string, response: Response | undefined, error?: unknown, opts: { plainPost?: boolean } = {}): ApiError {
  const errorCode = typeof error === 'object' && error !== null && 'errorCode' in error ? String((error as { errorCode: unknown }).errorCode) : undefined;
  const message = opts.plainPost ? 'failed calling api' : `failed calling api on path ${path}`;
  return new ApiError(message, { status: response?.status ?? 0, path, errorCode });
}

/**
 * Unwraps an openapi-fetch result: the data when the answer is OK, otherwise throws ApiError.
 * `path` is the contract path (with its `{params}`) used in the message.
 */
export function unwrap<T>(path: string, result: { data?: T; error?: unknown; response: Response }, opts: { plainPost?: boolean } = {}): T {
  if (!result.response.ok || result.error !== undefined) throw apiError(path, result.response, result.error, opts);
  return result.data as T;
}

/** Adds `Authorization: ContactAccess <token>` when a token is set. */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    if (authToken && !request.headers.has('Authorization')) request.headers.set('Authorization', `ContactAccess ${authToken}`);
    return request;
  },
};

/** On 401/403 of a call that carried a token, notifies the unauthorised listeners. */
export const unauthorizedMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.status !== 401 && response.status !== 403) return undefined;
    const header = request.headers.get('Authorization') ?? '';
    const token = header.startsWith('ContactAccess ') ? header.slice('ContactAccess '.length) : authToken;
    if (!token) return undefined;
    let errorCode = 'invalid';
    try {
      const body: unknown = await response.clone().json();
      if (body && typeof body === 'object' && 'errorCode' in body && typeof body.errorCode === 'string' && body.errorCode) errorCode = body.errorCode;
    } catch {
      // A call its caller dropped (the page moved on) before its body arrived: its code is unknown, not 'invalid'. Told
      // as 'invalid', it replaced the error page another call had just opened with the right code (/error/canceled).
      if (request.signal.aborted) return undefined;
      /* no JSON body: 'invalid' */
    }
    const notice: UnauthorizedNotice = { token, errorCode, status: response.status };
    for (const listener of [...unauthorizedListeners]) listener(notice);
    return undefined;
  },
};

/**
 * Answers the server marks with an `ETag` (the invoice list: `listInvoices`), kept per token and URL so the next call
 * asks with `If-None-Match` and a 304 (nothing changed; no body sent) is answered from here as the 200 it stands for.
 * The server's ETag changes with any write to the location's invoices or requests, by anyone, so a kept answer is
 * only used after the server confirmed it is current. At most `MAX_REVALIDATED` answers, the most recent.
 */
interface KeptAnswer {
  etag: string;
  body: string;
  contentType: string;
}
const revalidated = new Map<string, KeptAnswer>();
/** the kept answer a request asked about (it may leave `revalidated` before the 304 arrives) */
const askedAbout = new WeakMap<Request, KeptAnswer>();
const MAX_REVALIDATED = 4;
const revalidationKey = (request: Request) => `${request.headers.get('Authorization') ?? ''} ${request.url}`;

export const revalidationMiddleware: Middleware = {
  onRequest({ request }) {
    // a first screen rendered on the server keeps nothing between pages (or tokens)
    if (serverAnswers()) return request;
    if (request.method !== 'GET' || request.headers.has('If-None-Match')) return request;
    const kept = revalidated.get(revalidationKey(request));
    if (kept) {
      request.headers.set('If-None-Match', kept.etag);
      askedAbout.set(request, kept);
    }
    return request;
  },
  async onResponse({ request, response }) {
    if (request.method !== 'GET' || serverAnswers()) return undefined;
    const key = revalidationKey(request);
    const kept = askedAbout.get(request);
    if (response.status === 304 && kept) {
      return new Response(kept.body, { status: 200, headers: { 'Content-Type': kept.contentType, ETag: kept.etag } });
    }
    const etag = response.headers.get('ETag');
    revalidated.delete(key);
    if (!response.ok || !etag) return undefined;
    revalidated.set(key, { etag, body: await response.clone().text(), contentType: response.headers.get('Content-Type') ?? 'application/json' });
    while (revalidated.size > MAX_REVALIDATED) revalidated.delete(revalidated.keys().next().value!);
    return undefined;
  },
};

/** Absolute base URL (jsdom/undici need absolute URLs); `/api` on the page's origin. */
function apiBaseUrl(): string {
  if (typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null') return `${window.location.origin}/api`;
  // Node has no page to be relative to: there the client only runs to render a first screen on the server, where every
  // request is answered by the server's own API (./bootstrap `serverAnswers`) and none leaves — an absolute URL that
  // resolves nowhere.
  if (typeof window === 'undefined') return 'http://first-screen.invalid/api';
  return '/api';
}

// `fetch` is looked up per call (not captured at start-up) so test interceptors (MSW) and polyfills apply.
export const api = createClient<paths>({ baseUrl: apiBaseUrl(), fetch: (request) => globalThis.fetch(request) });
// After the auth header is set: a first-screen answer inline in the page's HTML (./bootstrap) is used once instead of
// the network, only for that page's token.
api.use(authMiddleware, bootstrapMiddleware, unauthorizedMiddleware, revalidationMiddleware);

export type Api = typeof api;
