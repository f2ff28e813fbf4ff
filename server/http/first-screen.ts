/**
 * A token page's first screen in its HTML: the dashboard paints from the HTML and the stylesheet, before any
 * JavaScript runs. The markup comes from the app's own components, rendered here with the answers the page carries
 * inline (server/http/bootstrap.ts) by the server-side build of src/first-screen.tsx (`dist/.ssr/first-screen.mjs`,
 * written by `npm run build`). It goes before `#root` as `<div id="pp-first-screen">`; the app renders into `#root`
 * unseen and removes it once its own screen is the same (src/ui/first-screen.ts).
 *
 * Without the server-side build (a server run from source with an older build), or when the renderer cannot render
 * (an answer missing) or throws, the page is sent without it, as before.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ApiAnswer, PageRender, PageRenderInput } from '../../core/api/bootstrap.js';
import type { Bootstrap, TokenPage } from './token-page.js';

export const FIRST_SCREEN_ID = 'pp-first-screen';
export const FIRST_SCREEN_MODULE = path.join('.ssr', 'first-screen.mjs');

interface Renderer {
  renderDashboardFirstScreen(input: { path: string; token: string; vendorId: string; locationId: string; api: Record<string, unknown>; files: Record<string, unknown> }): string | null;
  /** src/server-render/render-page.tsx */
  renderPageFirstScreen?(input: PageRenderInput): Promise<PageRender>;
  /** src/server-render/render-page.tsx */
  warmPageRenderer?(): Promise<{ loaded: number; failed: number }>;
}

let cached: { file: string; mtimeMs: number; renderer: Promise<Renderer | null> } | null = null;

function rendererOf(distDir: string): Promise<Renderer | null> {
  const file = path.join(distDir, FIRST_SCREEN_MODULE);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return Promise.resolve(null);
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.renderer;
  const renderer = import(`${pathToFileURL(file).href}?v=${mtimeMs}`).then(
    (module: Partial<Renderer>) => (typeof module.renderDashboardFirstScreen === 'function' ? (module as Renderer) : null),
    () => null,
  );
  cached = { file, mtimeMs, renderer };
  return renderer;
}

/**
 * Loads the renderer and every page module it may need, once, at server start (registerSpa awaits it in `onReady`,
 * so the server takes no request meanwhile): the first customer's page is then rendered in its usual time, not with the
 * modules' loading inside its budget. Never throws; answers null without a server-side build.
 */
export async function warmFirstScreens(distDir: string): Promise<{ loaded: number; failed: number } | null> {
  try {
    const renderer = await rendererOf(distDir);
    return (await renderer?.warmPageRenderer?.()) ?? null;
  } catch {
    return null;
  }
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The longest a location page's first screen may take to render (its actors' answers included); a slower one is left
 * out and the page loads as it always did.
 */
export const PAGE_FIRST_SCREEN_TIMEOUT_MS = 1000;

/**
 * At most this many page renders at once per process (each takes ~60 ms of CPU across its passes); a page asked for
 * beyond that is sent without its first screen, as before — under a flood of page loads the server degrades to the
 * plain shell instead of queueing renders.
 */
export const MAX_CONCURRENT_PAGE_RENDERS = 4;
let rendering = 0;

/** `to` is a page of the same token (`/token/<token>/vendors…`), nothing else: no other origin, token or app path. */
export function isTokenPageOf(token: string, to: string): boolean {
  return to.startsWith(`/token/${encodeURIComponent(token)}/vendors`) && !to.includes('//') && !/[\\?#]/.test(to);
}

/**
 * The first screen of a token page — the vendor and location choosers, the dashboard and every page under a
 * location — rendered by the app itself on the server
 * (src/server-render/render-page.tsx): the element to put before `#root` — one variant per width class, the CSS shows
 * the one for the window — and every answer its actors used (to carry inline, so the app in the browser reaches the
 * same screen without asking again). The page's API calls are answered by `app.inject` with the page's token: the
 * route, auth, scope check and handler a browser's call takes; only GETs (the renderer never writes).
 */
export async function pageFirstScreenHtml(
  app: FastifyInstance,
  distDir: string,
  page: TokenPage,
  pathname: string,
  bootstrap: Bootstrap,
  timeoutMs = PAGE_FIRST_SCREEN_TIMEOUT_MS,
): Promise<{ html: string; api: Record<string, unknown>; hydration?: { actors: string; session: string } } | { forward: string } | null> {
  const renderer = await rendererOf(distDir);
  if (!renderer?.renderPageFirstScreen) return null;
  if (rendering >= MAX_CONCURRENT_PAGE_RENDERS) return null;
  const headers = { authorization: `ContactAccess ${page.token}`, accept: 'application/json' };
  const get = async (pathWithQuery: string): Promise<ApiAnswer> => {
    const res = await app.inject({ method: 'GET', url: `/api${pathWithQuery}`, headers });
    const json = String(res.headers['content-type'] ?? '').includes('json') && !res.headers['content-encoding'] && res.body.length > 0;
    return { status: res.statusCode, body: json ? (res.json() as unknown) : undefined };
  };
  rendering += 1;
  try {
    const rendered = await renderer.renderPageFirstScreen({ path: pathname, token: page.token, api: bootstrap.api, files: bootstrap.files, get, timeoutMs });
    // The page sends the reader on by its answers alone (a chooser with one option, AutoPay set up or not): the server
    // redirects the request — only within the same token's pages.
    if (rendered.forward && isTokenPageOf(page.token, rendered.forward)) return { forward: rendered.forward };
    if (!rendered.markup) return null;
    // Width classes whose markup is the same (a page without method labels is the same below 550 px) share one variant:
    // `data-viewport` lists them (index.css matches each name as a word) — a long report is sent twice, not three times.
    const names = new Map<string, string[]>();
    for (const [name, markup] of Object.entries(rendered.markup)) names.set(markup, [...(names.get(markup) ?? []), name]);
    const variants = [...names].map(([markup, shared]) => `<div data-viewport="${attribute(shared.join(' '))}">${markup}</div>`).join('');
    return { html: `<div id="${FIRST_SCREEN_ID}" data-path="${attribute(pathname)}" data-release="settled">${variants}</div>`, api: rendered.api, hydration: rendered.hydration };
  } catch {
    return null;
  } finally {
    rendering -= 1;
  }
}

/** The first screen of `page` (requested as `pathname`), as the element to put before `#root`, or null. */
export async function firstScreenHtml(distDir: string, page: TokenPage, pathname: string, bootstrap: Bootstrap): Promise<string | null> {
  if (page.kind !== 'dashboard' || !page.vendorId || !page.locationId) return null;
  const renderer = await rendererOf(distDir);
  if (!renderer) return null;
  let markup: string | null;
  try {
    markup = renderer.renderDashboardFirstScreen({ path: pathname, token: page.token, vendorId: page.vendorId, locationId: page.locationId, api: bootstrap.api, files: bootstrap.files });
  } catch {
    return null;
  }
  return markup ? `<div id="${FIRST_SCREEN_ID}" data-path="${attribute(pathname)}">${markup}</div>` : null;
}
