/**
 * The HTML of a token page carries its first screen (dashboard figures). A page under
 * `/token/<token>/vendors/...` used to reach its data through a chain — entry → page loaders → token guard →
 * page chunk → API client → API calls → Temporal for a dated announcement — each step waiting for the one before.
 * The shell sent for such a page now has:
 *
 * - `<link rel="modulepreload">` for the whole chunk chain of its route (token guard and page module, every static
 *   import of theirs), from the build's chunk map `dist/.vite/chunks.json` (scripts/build/chunk-map.ts), minus what
 *   the shell already loads (not the Temporal polyfill: a browser with its own Temporal never needs it);
 * - the API answers its first screen needs, inline as `<script type="application/json" id="pp-bootstrap">` (data,
 *   never run: the CSP needs no change): vendors, the vendor's locations, the announcements (global, vendor, public
 *   file) and, on the dashboard, AutoPay and payment plans. Each is fetched by `app.inject` with the page's token —
 *   the very route, auth, scope check, handler and serialisation an API call takes — and only a 200 is inlined, so
 *   the page holds exactly what the token may read. `<` `>` `&` and U+2028/2029 are escaped in the JSON. The SPA's
 *   client answers each call once from it (core/api/bootstrap.ts), only on that page and for that token.
 *
 * A dashboard's HTML also carries its first screen, rendered from these answers (server/http/first-screen.ts).
 *
 * A token that does not answer `GET /vendors` with 200 (unknown, expired, canceled) gets the plain shell, exactly as
 * before. HTML with data is `Cache-Control: no-store` and holds no token in its data (the JSON names the page without it; the first screen's links, like the app's, carry the page's own token).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SNAPSHOTS_ELEMENT_ID } from '../../core/api/hydration.js';
import { firstScreenHtml, pageFirstScreenHtml } from './first-screen.js';
import { integrityLookup, readScriptInventory, stampIntegrity } from './script-integrity.js';
import type { Bootstrap, TokenPage } from './token-page.js';

export type { Bootstrap, TokenPage, TokenPageKind } from './token-page.js';

/**
 * `dist/.vite/chunks.json`, written by the build (scripts/build/chunk-map.ts, which uses this declaration: one format
 * for the writer and the reader).
 */
export interface ChunkMap {
  /** Source module (path from the project root, `/` separators) → its chunk's file (e.g. `assets/x-abc.js`). */
  modules: Record<string, string>;
  /** Chunk file → the chunk files it imports statically. */
  imports: Record<string, string[]>;
  /**
   * The token pages loaded through `app-pages.ts`: each route's path under `/token/:token/` (src/app/router.tsx, with
   * its `:param` segments) and the page's source module — so the server preloads a page's own chunks with the HTML,
   * not only after the router has asked for them. Every build writes it; a map without it (an older build) preloads
   * the token guard's chain only.
   */
  pages?: PageModule[];
  /**
   * The vendor console's pages (src/console/routes.tsx, `lazy: page(() => import('…'), …)`): each route's path under
   * `/console` (`/` for the home page, with its `:param` segments) and the page's source module, so the server preloads
   * the opened page's chunks from the HTML (server/http/console-page.ts).
   */
  consolePages?: PageModule[];
}

export interface PageModule {
  path: string;
  module: string;
}

/**
 * The page module of a token page's path (`/vendors/<id>/locations/<id>/click2pay` → its page's source module), from
 * the chunk map's routes, or undefined. Its chunks are preloaded with the HTML: otherwise they are asked for only once
 * the router runs, a round trip later, and evaluated together in one long task.
 */
export function pageModuleOf(map: ChunkMap, page: string): string | undefined {
  const segments = page.replace(/^\/+|\/+$/g, '').split('/');
  const found = (map.pages ?? []).find(({ path: route }) => {
    const parts = route.split('/');
    return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
  });
  return found?.module;
}

export const CHUNK_MAP_FILE = path.join('.vite', 'chunks.json');
export const BOOTSTRAP_ELEMENT_ID = 'pp-bootstrap';
/** Reads a page's snapshots in the browser (src/main.tsx loads it when the page carries them). */
export const HYDRATE_PAGE_MODULE = 'src/app/hydrate-page.tsx';
/** The public announcements file (served from dist/static), inlined beside the API answers. */
export const PUBLIC_ANNOUNCEMENTS_FILE = '/static/announcements.json';

/** The modules a route under /token/:token renders (src/app/router.tsx, src/app/app-pages.ts). */
export const TOKEN_GUARD_MODULE = 'src/app/token-guard.tsx';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const TOKEN_PATH = new RegExp(`^/token/([^/]+)(/vendors(?:/(${UUID})/locations(?:/(${UUID})(/.*)?)?)?|/c2p|/ap|/pp|/error(?:/[^/]+)?)?/?$`);
/** The token entry's page module (src/app/router.tsx): the token base and its aliases. */
export const TOKEN_ENTRY_MODULE = 'src/features/access/token-entry-page.tsx';
/** The error page's module (src/app/router.tsx): `/error` and `/error/<code>` under the token base. */
export const ERROR_PAGE_MODULE = 'src/features/access/error-page.tsx';

/**
 * The token page of a path: the token entry (the token base, `/c2p`, `/ap`, `/pp`), the vendor chooser, a vendor's
 * location chooser, the dashboard, or another page of a location (which shares the header, the announcements and the
 * location frame), or an error page. Other token paths and paths with a malformed id (the SPA sends them to /404) are
 * not token pages: they get the shell.
 */
export function tokenPageOf(pathname: string): TokenPage | null {
  const match = TOKEN_PATH.exec(pathname);
  if (!match) return null;
  const [, rawToken, rest, vendorId, locationId, below] = match;
  let token: string;
  try {
    token = decodeURIComponent(rawToken);
  } catch {
    return null;
  }
  if (!token) return null;
  const page = (rest ?? '').replace(/\/$/, '');
  if (page.startsWith('/error')) return { token, page, kind: 'error', module: ERROR_PAGE_MODULE };
  if (!page.startsWith('/vendors')) return { token, page, kind: 'entry', module: TOKEN_ENTRY_MODULE };
  if (!vendorId) return page === '/vendors' ? { token, page, kind: 'vendors', module: 'src/features/locations/vendor-chooser-page.tsx' } : null;
  if (!locationId) return { token, page, kind: 'locations', vendorId, module: 'src/features/locations/location-chooser-page.tsx' };
  if (!below || below === '/') return { token, page, kind: 'dashboard', vendorId, locationId, module: 'src/features/dashboard/dashboard-page.tsx' };
  return { token, page, kind: 'location-page', vendorId, locationId };
}

/** The API calls (paths under /api) whose answers the page's first screen needs. */
export function bootstrapCalls(page: TokenPage): string[] {
  if (page.kind === 'error') return []; // the page asks nothing, and its token may well not answer
  const calls = ['/vendors', '/announcements'];
  if (page.vendorId) calls.push(`/vendors/${page.vendorId}/locations`, `/vendors/${page.vendorId}/announcements`);
  if (page.kind === 'dashboard') {
    const base = `/vendors/${page.vendorId}/locations/${page.locationId}`;
    // …and the MESSAGES tile's unread count (asked by the app only when the location has unread messages).
    calls.push(`${base}/autopay`, `${base}/paymentplans`, `${base}/messages?contactNotRead=true`);
  }
  return calls;
}

/**
 * The page waits at most this long for its first screen's answers; a slower database gets the plain shell at once and
 * the SPA loads as it always did (the calls still finish: they are reads).
 */
export const BOOTSTRAP_TIMEOUT_MS = 800;

/**
 * The page's first-screen data, or null when the token does not answer `GET /vendors` with 200 (then the page gets
 * the plain shell and the SPA finds out as it always did) or the answers take longer than `timeoutMs`. An error page
 * asks nothing: its data is the public files alone. Calls run in
 * parallel through the app's own API routes.
 */
export async function loadBootstrap(app: FastifyInstance, page: TokenPage, distDir: string, timeoutMs = BOOTSTRAP_TIMEOUT_MS): Promise<Bootstrap | null> {
  const headers = { authorization: `ContactAccess ${page.token}`, accept: 'application/json' };
  const calls = bootstrapCalls(page);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const all = Promise.all(
    calls.map(async (call) => {
      try {
        const res = await app.inject({ method: 'GET', url: `/api${call}`, headers });
        return res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json') && !res.headers['content-encoding'] ? (res.json() as unknown) : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const answers = await Promise.race([all, late]).finally(() => clearTimeout(timer));
  if (!answers || (calls.length > 0 && answers[0] === undefined)) return null;
  const api: Record<string, unknown> = {};
  calls.forEach((call, i) => {
    if (answers[i] !== undefined) api[call] = answers[i];
  });
  const files: Record<string, unknown> = {};
  const publicFile = path.join(distDir, PUBLIC_ANNOUNCEMENTS_FILE);
  try {
    if (existsSync(publicFile)) files[PUBLIC_ANNOUNCEMENTS_FILE] = JSON.parse(readFileSync(publicFile, 'utf8'));
  } catch {
    /* an unreadable file: the SPA fetches it as usual */
  }
  return { page: page.page, api, files };
}

/** JSON safe inside `<script type="application/json">`: no `</script>`, no `<!--`, no HTML-significant characters. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

let chunkMapCache: { file: string; mtimeMs: number; map: ChunkMap } | null = null;

/** The build's chunk map (re-read when the build changes), or null without one. */
export function readChunkMap(distDir: string): ChunkMap | null {
  const file = path.join(distDir, CHUNK_MAP_FILE);
  try {
    const { mtimeMs } = statSync(file);
    if (chunkMapCache && chunkMapCache.file === file && chunkMapCache.mtimeMs === mtimeMs) return chunkMapCache.map;
    const map = JSON.parse(readFileSync(file, 'utf8')) as ChunkMap;
    chunkMapCache = { file, mtimeMs, map };
    return map;
  } catch {
    return null;
  }
}

/** The chunks of these modules and every chunk they import statically, imports first, minus the `loaded` files. */
export function chunkChain(map: ChunkMap, modules: string[], loaded: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of map.imports[file] ?? []) visit(imported);
    if (!loaded.has(file)) out.push(file);
  };
  for (const module of modules) {
    const file = map.modules[module];
    if (file) visit(file);
  }
  return out;
}

/** URL path → `sha384-…` of the script the server serves there (server/http/script-integrity.ts), or undefined. */
export type IntegrityLookup = (url: string) => string | undefined;

/**
 * The shell with the route's preloads, the inline data and, when there is one, the first screen before `#root`. Every
 * script and preload carries its integrity from `integrity`; a preload of a chunk the inventory does not list is left
 * out (a preload only saves a round trip; a script without integrity is never sent).
 */
export function tokenShellHtml(
  shell: string,
  { preloads, bootstrap, firstScreen = null, hydration, integrity }: {
    preloads: string[];
    bootstrap: Bootstrap;
    firstScreen?: string | null;
    /** What the first screen's actors reached (core/api/hydration.ts): the browser hydrates the first screen from it. */
    hydration?: { actors: string; session: string };
    integrity: IntegrityLookup;
  },
): string {
  const links = preloads
    .filter((file) => integrity(`/${file}`))
    .map((file) => `  <link rel="modulepreload" crossorigin href="/${file}" integrity="${integrity(`/${file}`)}">\n`)
    .join('');
  let data = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>`;
  if (firstScreen && hydration) data += `\n    <script type="application/json" id="${SNAPSHOTS_ELEMENT_ID}">${scriptSafeJson({ page: bootstrap.page, ...hydration })}</script>`;
  // (replacement functions, not strings: a `$'` or `$&` in a customer's data is text, not a replacement pattern)
  let html = stampIntegrity(shell, integrity)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `${firstScreen ?? ''}<div id="root"></div>\n    ${data}`);
  // With its first screen in the HTML the page paints from the HTML and the stylesheet alone; the scripts are for what
  // comes after. They start right after the first frame (public/static/after-first-paint.js), so the stylesheet and
  // the logo do not share the connection with 150 KB of scripts on a slow network.
  if (firstScreen) html = deferScripts(html, integrity);
  return html;
}

export const AFTER_FIRST_PAINT_SCRIPT = '/static/after-first-paint.js';

/**
 * The entry script and the module preloads of `html`, loaded by AFTER_FIRST_PAINT_SCRIPT after the first frame: the
 * entry's URL and integrity as `data-entry` and `data-entry-integrity` of the loader (which has its own integrity),
 * each preload as `<link rel="pp-modulepreload">` keeping its `integrity` (inert until the loader copies it).
 */
export function deferScripts(html: string, integrity: IntegrityLookup): string {
  const loader = integrity(AFTER_FIRST_PAINT_SCRIPT);
  if (!loader) throw new Error(`script integrity: ${AFTER_FIRST_PAINT_SCRIPT} is not in the script inventory`);
  return html
    .replace(
      /<script type="module" crossorigin src="([^"]+)" integrity="([^"]+)"><\/script>/,
      `<script defer src="${AFTER_FIRST_PAINT_SCRIPT}" crossorigin integrity="${loader}" data-entry="$1" data-entry-integrity="$2"></script>`,
    )
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)" integrity=/g, '<link rel="pp-modulepreload" href="$1" integrity=');
}

/** Files the shell already loads or preloads (`/assets/x.js` → `assets/x.js`). */
export function shellScripts(shell: string): Set<string> {
  return new Set([...shell.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]));
}

/**
 * The HTML for a token page with a valid token, or null (send the plain shell): the shell, the preloads of its
 * route's chunks and its first screen's data; or where the page sends the reader on by its answers alone
 * (`{ forward }`: a chooser with one option — the server redirects the request there).
 */
export async function tokenPageHtml(
  app: FastifyInstance,
  distDir: string,
  shellFile: string,
  page: TokenPage,
  pathname = `/token/${encodeURIComponent(page.token)}${page.page}`,
  timeoutMs = BOOTSTRAP_TIMEOUT_MS,
  renderTimeoutMs?: number,
): Promise<string | { forward: string } | null> {
  let bootstrap = await loadBootstrap(app, page, distDir, timeoutMs);
  if (!bootstrap) return null;
  const shell = readFileSync(shellFile, 'utf8');
  if (!shell.includes('<div id="root"></div>')) return null;
  const map = readChunkMap(distDir);
  const pageModule = page.module ?? (map ? pageModuleOf(map, page.page) : undefined);
  let firstScreen: string | null = null;
  let hydration: { actors: string; session: string } | undefined;
  // Every token page (the choosers, the dashboard, every page under a location) is rendered by the app itself, with
  // the answers its actors asked for inline and, when they can be carried, their snapshots to hydrate from.
  const rendered = await pageFirstScreenHtml(app, distDir, page, pathname, bootstrap, renderTimeoutMs);
  if (rendered && 'forward' in rendered) return rendered;
  if (rendered) {
    firstScreen = rendered.html;
    hydration = rendered.hydration;
    bootstrap = { ...bootstrap, api: { ...bootstrap.api, ...rendered.api } };
  } else {
    // (a dashboard the app could not render in time — a busy server — still gets the first screen built from the
    // answers the page carries anyway: src/first-screen.tsx, which the browser's render then replaces)
    firstScreen = await firstScreenHtml(distDir, page, pathname, bootstrap);
  }
  // (with snapshots to hydrate from, the module that reads them too)
  const modules = [TOKEN_GUARD_MODULE, ...(pageModule ? [pageModule] : []), ...(hydration ? [HYDRATE_PAGE_MODULE] : [])];
  const preloads = map ? chunkChain(map, modules, shellScripts(shell)) : [];
  return tokenShellHtml(shell, { preloads, bootstrap, firstScreen, hydration, integrity: integrityLookup(readScriptInventory(distDir)) });
}
