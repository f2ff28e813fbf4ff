/**
 * The built SPA (`dist/`) with the history fallback: a GET that accepts HTML and is not under `/api` or
 * `/payments-api` gets the app's HTML (the SPA shows its own not-found page). Unknown API paths get the Error body.
 *
 * Pages prerendered at build time (scripts/build/prerender.ts) are served for their own route — `dist/index.html`
 * for `/`, `dist/<route>/index.html` for the others — and every other page gets the plain shell `dist/shell.html`
 * (`index.html` in a build without one). Files come precompressed (`.br`, `.gz`, scripts/build/precompress.ts):
 * the brotli or gzip copy is sent with `Content-Encoding` when the client accepts it, always with
 * `Vary: Accept-Encoding`. Hashed files under `assets/` are cached for a year (`immutable`); HTML is `no-cache`.
 * `/favicon.svg` (from public/) is served as `image/svg+xml`; `/favicon.ico` redirects to it.
 * A token page with a valid token gets the shell with its route's preloads and its first screen's data instead
 * (server/http/bootstrap.ts), `no-store`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tokenPageHtml, tokenPageOf } from './bootstrap.js';
import { consolePageHtml } from './console-page.js';
import { warmFirstScreens } from './first-screen.js';
import { sendError } from './errors.js';
import { MAX_URL_PARAM_LENGTH } from './validation.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const API_PREFIXES = ['/api/', '/payments-api/', '/vendor-api/'];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return API_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
}

/**
 * A page navigation: the browser asks for HTML, and the path names no file (`/assets/x.js` that is missing must be
 * a 404 — an HTML page in its place would only hide the error from the SPA's chunk-load handling).
 */
function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  const accept = request.headers.accept ?? '';
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return accept.includes('text/html') && !lastSegment.includes('.');
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to send, from `Accept-Encoding`: brotli before gzip, unless the client ranks gzip higher; an
 * encoding with `q=0` is refused; `*` stands for either.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((e) => weightOf(e) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best ?? null;
}

/** The prerendered pages of a build: `/` → index.html and each `<dir>/index.html` beside the assets. */
function prerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(path.join(distDir, 'index.html'))) return pages;
  pages.set('/', 'index.html');
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'assets' && entry.name !== 'static' && existsSync(path.join(distDir, entry.name, 'index.html'))) {
      pages.set(`/${entry.name}`, `${entry.name}/index.html`);
    }
  }
  return pages;
}

/** Sends an HTML file of the build, precompressed when the client takes it; read per request (a rebuild is picked up). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, file: string) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (encoding && existsSync(file + EXTENSION[encoding])) {
    return reply.header('content-encoding', encoding).send(readFileSync(file + EXTENSION[encoding]));
  }
  return reply.send(readFileSync(file));
}

/**
 * HTML made for one request (a token page with its data, server/http/bootstrap.ts): never stored by any cache, compressed
 * on the fly (brotli quality 4 / gzip 5, on the thread pool) when the client takes it.
 */
async function sendDynamicHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : await gzipAsync(html, { level: 5 });
  return reply.header('content-encoding', encoding).send(body);
}

/** The longest the server's start waits for the page renderer to load its modules (server/http/first-screen.ts). */
export const WARM_UP_MAX_MS = 10_000;

export async function registerSpa(app: FastifyInstance, distDir: string, options: { bootstrapTimeoutMs?: number; renderTimeoutMs?: number } = {}) {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  const shellFile = existsSync(path.join(distDir, 'shell.html')) ? path.join(distDir, 'shell.html') : indexFile;

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      // HTML pages go through sendHtml (their routes below and the history fallback), never a directory index.
      index: false,
      // @fastify/static picks the .br/.gz sibling by Accept-Encoding (brotli first), sets Content-Encoding, the
      // original's Content-Type and Vary: Accept-Encoding; setHeaders below sees the compressed file's path.
      preCompressed: true,
      // Nothing under a dot-folder is public: Vite's manifest (dist/.vite/manifest.json) is read by the server only.
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        if (relative.startsWith('assets/')) reply.header('cache-control', IMMUTABLE);
        else reply.header('cache-control', 'no-cache');
        if (relative === 'static/announcements.json') reply.header('cache-control', 'no-store');
      },
    });
    // The icon is an SVG (public/favicon.svg, linked from index.html, so every page and prerendered page names it).
    // Clients that ask for the conventional /favicon.ico without reading the page are sent to it.
    if (existsSync(path.join(distDir, 'favicon.svg'))) {
      app.get('/favicon.ico', (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));
    }
    // The page renderer loads its modules before the server takes requests (at most WARM_UP_MAX_MS), not inside the
    // first customer's page budget — nor beside it: warming while a page renders slowed that render past its budget.
    app.addHook('onReady', async () => {
      await Promise.race([warmFirstScreens(distDir), new Promise((resolve) => setTimeout(resolve, WARM_UP_MAX_MS).unref())]);
    });
    // The vendor's console: its own page (console.html), for /console and every path below it (its router's)
    const consoleFile = path.join(distDir, 'console.html');
    if (existsSync(consoleFile)) {
      // with the opened page's preloads and who is signed in (server/http/console-page.ts); the plain page if that fails
      const consolePage = async (request: FastifyRequest, reply: FastifyReply) => {
        const html = await consolePageHtml(app, request, distDir, consoleFile).catch((error: unknown) => {
          request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'console page sent without its preloads and session');
          return null;
        });
        return html === null ? sendHtml(request, reply, consoleFile) : sendDynamicHtml(request, reply, html);
      };
      app.get('/console', consolePage);
      app.get('/console/*', consolePage);
    }
    for (const [route, file] of prerenderedPages(distDir)) {
      const handler = (request: FastifyRequest, reply: FastifyReply) => sendHtml(request, reply, path.join(distDir, file));
      app.get(route, handler);
      if (route !== '/') app.get(`${route}/`, handler);
    }
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (!isApiPath(pathname) && (request.method === 'GET' || request.method === 'HEAD') && isPageRequest(request, pathname)) {
      if (hasSpa) {
        // A token page with a valid token: the shell with its route's preloads and its first screen's data.
        const page = request.method === 'GET' ? tokenPageOf(pathname) : null;
        // The inline data and first screen are a speed-up, never a condition of the page: whatever fails while they are
        // made (a build replaced under the running server, a renderer bug), the reader gets the plain shell and the app
        // loads its data itself — not a 500 that leaves them on the link's entry.
        const html = page
          ? await tokenPageHtml(app, distDir, shellFile, page, pathname, options.bootstrapTimeoutMs, options.renderTimeoutMs).catch((error: unknown) => {
              request.log.warn({ reason: error instanceof Error ? error.message : String(error), page: page.kind }, 'token page sent without its first screen');
              return null;
            })
          : null;
        // A page that sends the reader on by its answers alone (a chooser with one option): one redirect, not a page
        // whose script loads only to leave it. Per token and per moment (a second location may come): never cached.
        if (html && typeof html === 'object') return reply.header('cache-control', 'no-store').redirect(html.forward, 302);
        if (html) return sendDynamicHtml(request, reply, html);
        return sendHtml(request, reply, shellFile);
      }
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds first).');
    }
    // With the SPA built, the static files' wildcard route also catches an API path whose parameter is longer than the
    // router's maxParamLength (the parametric route refused it): the same 414 as without the SPA (frameworkErrors).
    if (isApiPath(pathname) && pathname.split('/').some((segment) => segment.length > MAX_URL_PARAM_LENGTH)) {
      return sendError(request, reply, 414, { errorCode: 'uri_too_long', message: 'A segment of the request URL is too long.' });
    }
    return sendError(request, reply, 404, {
      errorCode: 'not_found',
      message: `No such route: ${request.method} ${isApiPath(pathname) ? pathname : 'path'}`,
    });
  });
}
