// @vitest-environment node
/**
 * The built SPA as a browser receives it: precompressed files with the right Content-Encoding and
 * Vary, year-long immutable caching of hashed assets, no-cache HTML, and the prerendered landing pages served
 * for their own routes while every other page gets the plain shell — compressed too. A tiny dist fixture is
 * written by the same precompression step as the build (no Vite build here).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding, registerSpa } from '../../server/http/spa';
import { precompressDir } from '../../scripts/build/precompress';

const dist = mkdtempSync(path.join(tmpdir(), 'landing-dist-'));
const filler = (label: string) => `/* ${label} */\n` + Array.from({ length: 120 }, (_, i) => `export const value${i} = ${JSON.stringify(label)} + ${i};`).join('\n');
const page = (marker: string) => `<!doctype html><html><head><title>${marker}</title></head><body><div id="root">${marker}${'<p>padding text for compression</p>'.repeat(60)}</div></body></html>`;

let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'static'));
  mkdirSync(path.join(dist, 'performancefoodservice'));
  writeFileSync(path.join(dist, 'index.html'), page('LANDING'));
  writeFileSync(path.join(dist, 'performancefoodservice', 'index.html'), page('PFS-LANDING'));
  writeFileSync(path.join(dist, 'shell.html'), page('SHELL'));
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), filler('entry'));
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.css'), `.a{color:red}\n`.repeat(200));
  writeFileSync(path.join(dist, 'assets', 'tiny-Z9.js'), 'export{}');
  writeFileSync(path.join(dist, 'static', 'announcements.json'), JSON.stringify({ announcements: [], padding: 'x'.repeat(2000) }));
  // The real icon, as Vite copies public/ into dist/.
  copyFileSync(path.join(__dirname, '../../public/favicon.svg'), path.join(dist, 'favicon.svg'));
  precompressDir(dist);
  app = Fastify();
  await registerSpa(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

describe('precompressed static assets', () => {
  it('sends brotli to a browser that accepts it, with the JavaScript type, Vary and a year of immutable caching', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(filler('entry'));
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/text\/css/);
    expect(decoded(gz)).toBe(`.a{color:red}\n`.repeat(200));
    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(filler('entry'));
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('serves small files as they are, and a missing asset is a 404, never a page', async () => {
    const tiny = await app.inject({ url: '/assets/tiny-Z9.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export{}');
    const missing = await app.inject({ url: '/assets/missing-1.js', headers: { accept: '*/*', 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the public announcements file uncached, compressed or not', async () => {
    const res = await app.inject({ url: '/static/announcements.json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(decoded(res)).announcements).toEqual([]);
  });
});

describe('pages', () => {
  it('serves the prerendered landing page for / and its own page for /performancefoodservice, compressed and no-cache', async () => {
    for (const [url, marker] of [['/', 'LANDING'], ['/performancefoodservice', 'PFS-LANDING'], ['/performancefoodservice/', 'PFS-LANDING']] as const) {
      const res = await app.inject({ url, headers: { ...html, 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      expect(decoded(res), url).toContain(`<div id="root">${marker}<p>`);
    }
  });

  it('gives every other page the plain shell through the history fallback, compressed and no-cache', async () => {
    for (const url of ['/token/abc/vendors', '/no/such/page', '/404?x=1']) {
      const res = await app.inject({ url, headers: { ...html, 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toContain('<div id="root">SHELL');
    }
    const plain = await app.inject({ url: '/token/abc', headers: html });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">SHELL');
  });

  it('never serves index.html under /index.html as a cached asset', async () => {
    const res = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the favicon (no 404 in the console of any page)', () => {
  it('every page links the SVG icon: index.html (the template of the shell and the prerendered pages) names it', () => {
    expect(readFileSync(path.join(__dirname, '../../index.html'), 'utf8')).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
  });

  it('serves /favicon.svg as image/svg+xml, the PerformancePay mark', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const svg = decoded(res);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('fill="#175bb4"');
  });

  it('sends a client asking for /favicon.ico to the SVG instead of a 404', async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
    const followed = await app.inject({ url: String(res.headers.location) });
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeNull();
  });
});
