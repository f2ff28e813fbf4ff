/**
 * The first screen's data a token page's HTML carries (server/http/bootstrap.ts): `<script type="application/json"
 * id="pp-bootstrap">` with the page it was made for (the path after `/token/<token>`), GET answers of the API by path
 * and public files by path. Read once; each answer is handed out once, only while the browser is still on that page
 * and only for a call carrying that page's token — a later call (a refresh, another page, another token) goes to the
 * server as always. The API client answers from it (`bootstrapMiddleware`), so machines and actors are unchanged.
 */
import type { Middleware } from 'openapi-fetch';
import type { ActorSnapshots } from './hydration';

export const BOOTSTRAP_ELEMENT_ID = 'pp-bootstrap';
/** Where the vendor console's HTML carries who is signed in (server/http/console-page.ts, core/api/vendor-client.ts). */
export const CONSOLE_SESSION_ELEMENT_ID = 'pp-console-session';

interface Bootstrap {
  page: string;
  api: Record<string, unknown>;
  files: Record<string, unknown>;
}

let bootstrap: Bootstrap | null | undefined;

/**
 * On the server, while a page's first screen is rendered (src/server-render/), the answers come from there instead: every
 * GET the page's actors make is answered by the server's own API for the page's token, and nothing else goes out
 * (no network on the server, no writes from a first screen). Installed only by the server-side build, never in a
 * browser.
 */
export interface ServerAnswers {
  /** The inline value of `kind` at `key` for the page being rendered, else undefined. */
  take(kind: 'api' | 'files', key: string): unknown;
  /** The answer to an API request of the page being rendered. */
  answer(request: Request): Promise<Response>;
}

export const SERVER_ANSWERS = Symbol.for('performancepay.server-answers');

/** An API answer as the server hands it to a page rendered for its first screen. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * What the server gives the server-side build's page renderer (src/server-render/render-page.tsx), and what it gets
 * back (server/http/first-screen.ts): the one contract between the two floors.
 */
export interface PageRenderInput {
  /** The page's path as requested (`/token/<token>/vendors/…`). */
  path: string;
  token: string;
  /** Answers already there (the slices read them synchronously), by API path with query. */
  api: Record<string, unknown>;
  /** Public files by path. */
  files: Record<string, unknown>;
  /** A GET under /api with the page's token, answered by the server's own API. */
  get(pathWithQuery: string): Promise<ApiAnswer>;
  /** The render gives up after this many milliseconds (then the page goes without a first screen). */
  timeoutMs: number;
  /**
   * What an earlier render of the same page reached (PageRender.snapshots): its actors are started from these instead
   * of from the answers (so the page can be rendered again, in the browser too, without asking for them).
   */
  restore?: PageSnapshots;
}

/** A rendered page's actors: the hooks' machines by their React id, and the session's slices by slice. */
export interface PageSnapshots {
  actors: ActorSnapshots;
  session: ActorSnapshots;
}

export interface PageRender {
  /** One markup per width class, by name; null when the page could not be rendered (in time, settled, here). */
  markup: Record<string, string> | null;
  /** Every 200 answer the page's actors used, by API path with query (to carry in the HTML). */
  api: Record<string, unknown>;
  /** The page sends the reader on to this path by its answers alone (the server may redirect the request there). */
  forward?: string;
  /** What its actors reached once the page settled (with a markup only). */
  snapshots?: PageSnapshots;
  /** The same, as text for the page's HTML (core/api/hydration.ts); absent when a snapshot cannot be carried. */
  hydration?: { actors: string; session: string };
  /** How many width classes were rendered: the others share the markup of a rendered class whose reads of the width decide alike. */
  widthsRendered?: number;
}

export function serverAnswers(): ServerAnswers | undefined {
  return (globalThis as { [SERVER_ANSWERS]?: ServerAnswers })[SERVER_ANSWERS];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function read(): Bootstrap | null {
  if (bootstrap !== undefined) return bootstrap;
  bootstrap = null;
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (isRecord(parsed) && typeof parsed.page === 'string' && isRecord(parsed.api) && isRecord(parsed.files)) {
      bootstrap = { page: parsed.page, api: { ...parsed.api }, files: { ...parsed.files } };
    }
  } catch {
    /* not JSON: nothing inline, every call goes to the server */
  }
  return bootstrap;
}

/** `/token/<token>/rest` → the token and `/rest` (no trailing slash). */
function currentPage(): { token: string; page: string } | null {
  const pathname = typeof window !== 'undefined' ? window.location.pathname : '';
  const match = /^\/token\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  try {
    return { token: decodeURIComponent(match[1]), page: (match[2] ?? '').replace(/\/$/, '') };
  } catch {
    return null;
  }
}

/**
 * The inline value of `kind` at `key` (an API path under /api with its query, or a public file's path), once, when the
 * browser is on the page it was made for and `token` is that page's token; else undefined.
 */
export function takeBootstrap(kind: 'api' | 'files', key: string, token: string | null): unknown {
  const server = serverAnswers();
  if (server) return server.take(kind, key);
  const data = read();
  if (!data || !token) return undefined;
  const here = currentPage();
  if (!here || here.token !== token || here.page !== data.page) return undefined;
  const entries = data[kind];
  if (!Object.prototype.hasOwnProperty.call(entries, key)) return undefined;
  const value = entries[key];
  delete entries[key];
  return value;
}

/** Answers a GET from the inline data (once) instead of the network; any other call goes on as usual. */
export const bootstrapMiddleware: Middleware = {
  onRequest({ request }) {
    const server = serverAnswers();
    if (server) return server.answer(request);
    if (request.method !== 'GET') return undefined;
    const header = request.headers.get('Authorization') ?? '';
    const token = header.startsWith('ContactAccess ') ? header.slice('ContactAccess '.length) : null;
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/')) return undefined;
    const answer = takeBootstrap('api', url.pathname.slice('/api'.length) + url.search, token);
    if (answer === undefined) return undefined;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  },
};

/** Tests: forget what was read. */
export function resetBootstrapForTests(): void {
  bootstrap = undefined;
}
