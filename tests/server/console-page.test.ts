// @vitest-environment node
/**
 * The vendor console's page as a request opens it (server/http/console-page.ts): the chunks of the page the path
 * opens preloaded with their integrity (from the build's chunk map), and who is signed in inline for the frame's first
 * ask — only for that request's own session cookie, never cached, nothing for an ended session, another cookie or the
 * sign-in page. A tiny dist fixture stands in for the build (console.html, chunk map).
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_ELEMENT_ID } from '../../core/api/bootstrap';
import { consolePageModuleOf } from '../../server/http/console-page';
import type { TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { makeDist, startOnDist, stopOnDist, writeDist } from './helpers/dist-fixture.js';

const dist = makeDist('console-page-dist-');
const CONSOLE_HTML = [
  '<!doctype html><html><head><title>PerformancePay console</title>',
  // (as the build writes it: the script inventory's integrity on the entry)
  '<script type="module" crossorigin src="/assets/console-E1.js" integrity="sha384-ENTRY"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/framework-F1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const CHUNKS = {
  modules: {
    'src/console/main.tsx': 'assets/console-E1.js',
    'src/console/home-page.tsx': 'assets/home-page-H1.js',
    'src/console/customer-page.tsx': 'assets/customer-page-C1.js',
    'src/console/team-page.tsx': 'assets/team-page-T1.js',
  },
  imports: {
    'assets/console-E1.js': ['assets/framework-F1.js'],
    'assets/home-page-H1.js': ['assets/framework-F1.js', 'assets/console-E1.js', 'assets/console-home.machine-M1.js'],
    'assets/customer-page-C1.js': ['assets/console-E1.js', 'assets/data-table-D1.js'],
    'assets/team-page-T1.js': ['assets/console-E1.js'],
  },
  pages: [],
  consolePages: [
    { path: '/', module: 'src/console/home-page.tsx' },
    { path: '/team', module: 'src/console/team-page.tsx' },
    { path: '/customers/:locationId', module: 'src/console/customer-page.tsx' },
  ],
};

let s: TestServer;
let admin: ConsolePerson;
let viewer: ConsolePerson;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  const chunkFiles = Object.fromEntries([...new Set([...Object.values(CHUNKS.modules), ...Object.values(CHUNKS.imports).flat()])].map((f) => [f, `export const file = ${JSON.stringify(f)};`]));
  writeDist(dist, { ...chunkFiles, 'console.html': CONSOLE_HTML, '.vite/chunks.json': CHUNKS, 'static/after-first-paint.js': '/* the first-paint loader */' });
  ({ s } = await startOnDist(dist));
  admin = await signInPerson(s, s.demo.vendors.pfg, 'admin');
  viewer = await signInPerson(s, s.demo.vendors.coastal, 'viewer');
});
afterAll(() => stopOnDist(s, dist));

const inlineSession = (body: string): unknown => {
  const match = new RegExp(`<script type="application/json" id="${CONSOLE_SESSION_ELEMENT_ID}">([^<]*)</script>`).exec(body);
  return match ? JSON.parse(match[1]) : undefined;
};
// (inert until the first-paint loader copies them, after the first frame: public/static/after-first-paint.js)
const preloads = (body: string) => [...body.matchAll(/<link rel="pp-modulepreload" href="\/(assets\/[^"]+)" integrity="sha384-[^"]+">/g)].map((m) => m[1]);

describe('the console page', () => {
  it('carries the signed-in session, the same answer GET /vendor-api/session gives that cookie, never cached', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/console/team', headers: { ...html, cookie: admin.headers.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const api = await s.app.inject({ method: 'GET', url: '/vendor-api/session', headers: { cookie: admin.headers.cookie } });
    expect(inlineSession(res.body)).toEqual(api.json());
    expect(inlineSession(res.body)).toMatchObject({ user: { email: admin.email, role: 'admin' } });
    // the cookie itself is never in the page
    expect(res.body).not.toContain(admin.token);
  });

  it('carries each person their own session, and nothing without a cookie, with an unknown one or after signing out', async () => {
    const other = await s.app.inject({ method: 'GET', url: '/console', headers: { ...html, cookie: viewer.headers.cookie } });
    expect(inlineSession(other.body)).toMatchObject({ user: { email: viewer.email, role: 'viewer' } });
    expect(other.body).not.toContain(admin.email);

    const none = await s.app.inject({ method: 'GET', url: '/console/team', headers: html });
    expect(none.statusCode).toBe(200);
    expect(inlineSession(none.body)).toBeUndefined();
    const forged = await s.app.inject({ method: 'GET', url: '/console/team', headers: { ...html, cookie: admin.headers.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) } });
    expect(inlineSession(forged.body)).toBeUndefined();

    const person = await signInPerson(s, s.demo.vendors.pfg, 'ar');
    expect((await s.app.inject({ method: 'DELETE', url: '/vendor-api/session', headers: person.headers })).statusCode).toBe(204);
    const ended = await s.app.inject({ method: 'GET', url: '/console', headers: { ...html, cookie: person.headers.cookie } });
    expect(inlineSession(ended.body)).toBeUndefined();
    expect(ended.body).not.toContain(person.email);
  });

  it('does not read the session on the sign-in page', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/console/sign-in', headers: { ...html, cookie: admin.headers.cookie } });
    expect(res.statusCode).toBe(200);
    expect(inlineSession(res.body)).toBeUndefined();
  });

  it('preloads the opened page’s chunks (with their integrity), not what the page already loads', async () => {
    const home = await s.app.inject({ method: 'GET', url: '/console', headers: { ...html, 'accept-encoding': 'br' } });
    expect(home.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(home.rawPayload).toString('utf8');
    // the page's chunk after what it imports (the page's own link in the fixture carries no integrity: not matched)
    expect(preloads(body)).toEqual(['assets/console-home.machine-M1.js', 'assets/home-page-H1.js']);
    // the entry starts after the first paint, by the loader, with its integrity
    expect(body).toMatch(/<script defer src="\/static\/after-first-paint\.js" crossorigin integrity="sha384-[^"]+" data-entry="\/assets\/console-E1\.js" data-entry-integrity="sha384-[^"]+"><\/script>/);
    expect(body).not.toContain('<script type="module"');
    // the entry and the framework are in the page already: preloaded once
    expect(body.match(/framework-F1\.js/g)).toHaveLength(1);
    expect(body.match(/console-E1\.js/g)).toHaveLength(1);

    const customer = await s.app.inject({ method: 'GET', url: `/console/customers/${s.demo.locations.blueHeron}`, headers: html });
    expect(preloads(customer.body)).toEqual(expect.arrayContaining(['assets/customer-page-C1.js', 'assets/data-table-D1.js']));
    expect(preloads(customer.body)).not.toContain('assets/home-page-H1.js');

    const unknown = await s.app.inject({ method: 'GET', url: '/console/nowhere/at/all', headers: html });
    expect(unknown.statusCode).toBe(200);
    expect(preloads(unknown.body)).toEqual([]);
  });

  it('matches a path to its page: the home page only at /console, params as one segment', () => {
    expect(consolePageModuleOf(CHUNKS, '/console')).toBe('src/console/home-page.tsx');
    expect(consolePageModuleOf(CHUNKS, '/console/')).toBe('src/console/home-page.tsx');
    expect(consolePageModuleOf(CHUNKS, '/console/team')).toBe('src/console/team-page.tsx');
    expect(consolePageModuleOf(CHUNKS, '/console/customers/abc')).toBe('src/console/customer-page.tsx');
    expect(consolePageModuleOf(CHUNKS, '/console/customers/abc/more')).toBeUndefined();
    expect(consolePageModuleOf(CHUNKS, '/console/teams')).toBeUndefined();
  });
});
