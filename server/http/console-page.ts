/**
 * The vendor console's page (console.html) as one request opens it:
 * - the chunks of the page the path opens (src/console/routes.tsx loads each page lazily; the build's chunk map lists
 *   them, scripts/build/chunk-map.ts), preloaded from the HTML with their integrity, so the page's code comes with the
 *   entry instead of a round trip after the router has run;
 * - who is signed in: the answer of `GET /vendor-api/session` for the request's cookie, inline as
 *   `<script type="application/json" id="pp-console-session">` (core/api/vendor-client.ts answers the frame's first
 *   `GET /session` from it, once), so the frame does not wait a round trip before the page can ask for its data. Only a
 *   200 is inlined; without a session the page asks as always (and goes to the sign-in page).
 * Made per request, never cached (`no-store`): it carries the person's e-mail and role. Whatever fails here, the
 * reader gets the plain page, which works the same, a round trip slower.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSOLE_SESSION_ELEMENT_ID } from '../../core/api/bootstrap.js';
import { chunkChain, deferScripts, readChunkMap, scriptSafeJson, shellScripts, type ChunkMap } from './bootstrap.js';
import { integrityLookup, readScriptInventory } from './script-integrity.js';


/** The console page module of a path under /console (`/customers/<id>` → src/console/customer-page.tsx), or undefined. */
export function consolePageModuleOf(map: ChunkMap, pathname: string): string | undefined {
  const rest = pathname.replace(/^\/console/, '').replace(/\/+$/, '') || '/';
  const segments = rest.split('/').slice(1);
  const found = (map.consolePages ?? []).find(({ path: route }) => {
    if (route === '/') return rest === '/';
    const parts = route.split('/').slice(1);
    return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
  });
  return found?.module;
}

/** The session's answer for the request's cookie, or undefined (no cookie, no session, any failure). */
async function sessionAnswer(app: FastifyInstance, request: FastifyRequest): Promise<unknown> {
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  try {
    const res = await app.inject({ method: 'GET', url: '/vendor-api/session', headers: { cookie, accept: 'application/json' } });
    return res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json') && !res.headers['content-encoding'] ? (res.json() as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** console.html for this request: the opened page's preloads and the signed-in session, when there are. */
export async function consolePageHtml(app: FastifyInstance, request: FastifyRequest, distDir: string, consoleFile: string): Promise<string> {
  const html = readFileSync(consoleFile, 'utf8');
  const map = readChunkMap(distDir);
  const pathname = request.url.split('?')[0];
  const module = map ? consolePageModuleOf(map, pathname) : undefined;
  const integrity = integrityLookup(readScriptInventory(distDir));
  let links = '';
  if (map && module) {
    links = chunkChain(map, [module], shellScripts(html))
      .filter((file) => integrity(`/${file}`))
      .map((file) => `  <link rel="modulepreload" crossorigin href="/${file}" integrity="${integrity(`/${file}`)}">\n`)
      .join('');
  }
  const session = pathname.startsWith('/console/sign-in') ? undefined : await sessionAnswer(app, request);
  const data = session === undefined ? '' : `<script type="application/json" id="${CONSOLE_SESSION_ELEMENT_ID}">${scriptSafeJson(session)}</script>\n    `;
  // (replacement functions, not strings: a `$&` in a vendor's name is text, not a replacement pattern)
  const page = html.replace('</head>', () => `${links}</head>`).replace('<div id="root">', () => `${data}<div id="root">`);
  // The page paints the frame's loading state from the HTML (console.html); its scripts start right after that first
  // frame (public/static/after-first-paint.js, as a token page with its first screen), so the stylesheet does not share
  // the connection with the scripts on a slow network.
  return integrity ? deferScripts(page, integrity) : page;
}
