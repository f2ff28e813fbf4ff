/**
 * The built SPA (`dist/`) with the history fallback: a GET that accepts HTML and is not under `/api` or
 * `/payments-api` gets `index.html` (the SPA shows its own not-found page). Unknown API paths get the Error body.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.js';

const API_PREFIXES = ['/api/', '/payments-api/'];

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

export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = existsSync(indexFile);

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: 'index.html',
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
        if (relative === 'static/announcements.json') reply.header('cache-control', 'no-store');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (!isApiPath(pathname) && (request.method === 'GET' || request.method === 'HEAD') && isPageRequest(request, pathname)) {
      if (hasSpa) {
        // Read per request: a rebuild while the server runs is picked up.
        return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(readFileSync(indexFile));
      }
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds first).');
    }
    return sendError(request, reply, 404, {
      errorCode: 'not_found',
      message: `No such route: ${request.method} ${isApiPath(pathname) ? pathname : 'path'}`,
    });
  });
}
