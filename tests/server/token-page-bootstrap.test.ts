// @vitest-environment node
/**
 * A token page's HTML carries its first screen (server/http/bootstrap.ts): for a valid token, the shell with the
 * route's chunk chain preloaded and the API answers the page starts with inline as JSON data — only what that token may
 * read, never cached, no token in the document. A bad, expired or canceled token gets the plain shell as before. A tiny
 * dist fixture stands in for the build (shell, chunk map, public announcements file).
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageModuleOf, scriptSafeJson, tokenPageOf } from '../../server/http/bootstrap';
import { startTestServer, type TestServer } from './helpers/app.js';
import { makeDist, startOnDist, stopOnDist, writeDist } from './helpers/dist-fixture.js';

const dist = makeDist('token-page-dist-');
const SHELL = [
  '<!doctype html><html><head><title>PerformancePay</title>',
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/framework-F1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/app-pages-P1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const CHUNKS = {
  modules: {
    'index.html': 'assets/index-E1.js',
    'src/app/app-pages.ts': 'assets/app-pages-P1.js',
    'src/app/token-guard.tsx': 'assets/token-shell-T1.js',
    'src/features/dashboard/dashboard-page.tsx': 'assets/token-shell-T1.js',
    'src/features/locations/vendor-chooser-page.tsx': 'assets/vendor-chooser-page-V1.js',
    'src/features/click2pay/click2pay-page.tsx': 'assets/click2pay-page-C1.js',
    'node_modules/temporal-polyfill/index.js': 'assets/temporal-polyfill-X1.js',
  },
  imports: {
    'assets/index-E1.js': ['assets/framework-F1.js'],
    'assets/token-shell-T1.js': ['assets/framework-F1.js', 'assets/index-E1.js', 'assets/api-A1.js'],
    'assets/api-A1.js': [],
    'assets/vendor-chooser-page-V1.js': ['assets/token-shell-T1.js', 'assets/use-chooser-U1.js'],
    'assets/click2pay-page-C1.js': ['assets/data-table-D1.js'],
  },
  pages: [
    { path: 'vendors/:vendorId/locations/:locationId/click2pay/disputed', module: 'src/features/click2pay/disputed-page.tsx' },
    { path: 'vendors/:vendorId/locations/:locationId/click2pay', module: 'src/features/click2pay/click2pay-page.tsx' },
  ],
};
const PUBLIC_FILE = { announcements: [{ id: 'public-1', type: 'info', message: 'Public notice', expirationDate: null }] };

let s: TestServer;
let dana: string;
let marcus: string;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  // every chunk of the map as a file, so the fixture's script inventory lists it (a preload carries its integrity)
  const chunkFiles = Object.fromEntries([...new Set([...Object.values(CHUNKS.modules), ...Object.values(CHUNKS.imports).flat()])].map((f) => [f, `export const file = ${JSON.stringify(f)};`]));
  writeDist(dist, { ...chunkFiles, 'shell.html': SHELL, '.vite/chunks.json': CHUNKS, 'static/announcements.json': PUBLIC_FILE, 'assets/index-E1.js': 'export {}' });
  ({ s, dana, marcus } = await startOnDist(dist));
});
afterAll(() => stopOnDist(s, dist));

const dashboardPath = (token: string, vendorId = s.demo.vendors.pfg, locationId = s.demo.locations.blueHeron) =>
  `/token/${token}/vendors/${vendorId}/locations/${locationId}`;

/** The inline data of a page's HTML, parsed as the SPA parses it, or null. */
function inlineData(body: string): { page: string; api: Record<string, unknown>; files: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="pp-bootstrap">([\s\S]*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1]) : null;
}

async function apiGet(token: string, url: string) {
  const res = await s.app.inject({ url: `/api${url}`, headers: { ...s.auth(token), accept: 'application/json' } });
  return res.json() as unknown;
}

describe('a token page with a valid token', () => {
  it("inlines the dashboard's first screen exactly as the API answers that token, with no-store and no token in the page", async () => {
    const res = await s.app.inject({ url: dashboardPath(dana), headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const data = inlineData(res.body);
    const { pfg } = s.demo.vendors;
    const base = `/vendors/${pfg}/locations/${s.demo.locations.blueHeron}`;
    expect(data?.page).toBe(`/vendors/${pfg}/locations/${s.demo.locations.blueHeron}`);
    expect(Object.keys(data!.api).sort()).toEqual(['/announcements', '/vendors', `/vendors/${pfg}/announcements`, `/vendors/${pfg}/locations`, `${base}/autopay`, `${base}/paymentplans`, `${base}/messages?contactNotRead=true`].sort());
    for (const [call, body] of Object.entries(data!.api)) expect(body, call).toEqual(await apiGet(dana, call));
    expect(data!.files).toEqual({ '/static/announcements.json': PUBLIC_FILE });
    expect(res.body).not.toContain(dana);
    // The chain of token guard and dashboard (one chunk) with its imports, not what the shell already loads, and not
    // the Temporal polyfill (the seeded global announcement is dated, but a browser with its own Temporal never needs it).
    const preloads = [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)" integrity="sha384-[^"]+">/g)].map((m) => m[1]);
    expect(preloads.slice(-2)).toEqual(['assets/api-A1.js', 'assets/token-shell-T1.js']);
    expect(preloads).not.toContain('assets/temporal-polyfill-X1.js');
    expect(preloads.filter((f) => f === 'assets/framework-F1.js' || f === 'assets/index-E1.js')).toHaveLength(1); // the shell's own
    expect(new Set(preloads).size).toBe(preloads.length);
  });

  it("preloads a page's own chunks under a location too (its page module's chain after the token guard's)", async () => {
    const res = await s.app.inject({ url: `${dashboardPath(dana)}/click2pay`, headers: html });
    expect(res.statusCode).toBe(200);
    const preloads = [...res.body.matchAll(/<link rel="(?:pp-)?modulepreload"(?: crossorigin)? href="\/([^"]+)" integrity="sha384-[^"]+">/g)].map((m) => m[1]);
    expect(preloads.slice(-4)).toEqual(['assets/api-A1.js', 'assets/token-shell-T1.js', 'assets/data-table-D1.js', 'assets/click2pay-page-C1.js']);
    expect(new Set(preloads).size).toBe(preloads.length);
  });

  it("holds only the contact's own vendors and locations: another customer's ids and names never appear", async () => {
    const res = await s.app.inject({ url: dashboardPath(dana), headers: html });
    expect(res.body).not.toContain(s.demo.locations.saltmarsh);
    expect(res.body).not.toContain('Saltmarsh');
    const theirs = await s.app.inject({ url: dashboardPath(marcus, s.demo.vendors.pfg, s.demo.locations.saltmarsh), headers: html });
    const data = inlineData(theirs.body)!;
    expect(theirs.body).toContain(s.demo.locations.saltmarsh);
    expect(JSON.stringify(data)).not.toContain(s.demo.locations.blueHeron);
    expect(theirs.body).not.toContain(marcus);
  });

  it("inlines nothing of a location outside the token's scope (the API's 404), only the contact's own lists", async () => {
    const res = await s.app.inject({ url: dashboardPath(marcus, s.demo.vendors.pfg, s.demo.locations.blueHeron), headers: html });
    const data = inlineData(res.body)!;
    expect(Object.keys(data.api).some((call) => call.includes(s.demo.locations.blueHeron))).toBe(false);
    expect(res.body).not.toContain('Blue Heron');
    expect(data.api['/vendors']).toEqual(await apiGet(marcus, '/vendors'));
  });

  it('preloads the vendor chooser chain and inlines the vendors on /vendors', async () => {
    const res = await s.app.inject({ url: `/token/${dana}/vendors`, headers: html });
    const data = inlineData(res.body)!;
    expect(data.page).toBe('/vendors');
    expect(Object.keys(data.api).sort()).toEqual(['/announcements', '/vendors']);
    expect(res.body).toContain('href="/assets/vendor-chooser-page-V1.js"');
    expect(res.body).toContain('href="/assets/use-chooser-U1.js"');
  });

  it('is compressed when the browser accepts it', async () => {
    const res = await s.app.inject({ url: dashboardPath(dana), headers: { ...html, 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(inlineData(brotliDecompressSync(res.rawPayload).toString())?.page).toContain('/vendors/');
  });

  it('escapes HTML in the data: a name with </script> cannot end the element, and reads back the same', async () => {
    const name = 'Evil </script><script>alert(1)</script> & <!-- Co';
    const rename = (displayName: string) => s.db.updateTable('locations').set({ displayName }).where('id', '=', s.demo.locations.blueHeron).execute();
    await rename(name);
    try {
      const res = await s.app.inject({ url: dashboardPath(dana), headers: html });
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body.match(/<\/script>/g)).toHaveLength(2); // the entry's and the data element's own
      const locations = inlineData(res.body)!.api[`/vendors/${s.demo.vendors.pfg}/locations`] as { locations: { id: string; displayName: string }[] };
      expect(locations.locations.find((l) => l.id === s.demo.locations.blueHeron)?.displayName).toBe(name);
    } finally {
      await rename('Blue Heron Grill');
    }
  });
});

describe('a token page without a valid token, and other pages', () => {
  it('an unknown token gets the plain shell, no-cache as before', async () => {
    const res = await s.app.inject({ url: dashboardPath('not-a-real-token-000000000000000'), headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an expired or canceled token gets the plain shell', async () => {
    const expired = await s.token({ ttlDays: -1 });
    const canceled = await s.token({ status: 'canceled' });
    for (const token of [expired, canceled]) {
      expect((await s.app.inject({ url: `/token/${token}/vendors`, headers: { ...s.auth(token), accept: 'application/json' } })).statusCode).not.toBe(200);
      const res = await s.app.inject({ url: dashboardPath(token), headers: html });
      expect(res.body).toBe(SHELL);
    }
  });

  it('a malformed id and the landing page are served as before', async () => {
    for (const url of [`/token/${dana}/vendors/not-a-uuid/locations`]) {
      const res = await s.app.inject({ url, headers: html });
      expect(res.body, url).toBe(SHELL);
    }
    expect((await s.app.inject({ url: '/', headers: html })).body).toContain('LANDING');
  });

  it('a database slower than the page may wait gets the plain shell at once (the SPA then loads as before)', async () => {
    // The vendors answer comes only after the page was sent: had the page waited for it, it could not have been sent.
    let answer: (value: { vendors: never[] }) => void = () => {};
    const late = new Promise<{ vendors: never[] }>((resolve) => { answer = resolve; });
    const slow = await startTestServer({
      config: { distDir: dist, bootstrapTimeoutMs: 50 },
      handlers: { listVendors: async () => late },
    });
    try {
      const token = await slow.token({});
      const res = await slow.app.inject({ url: `/token/${token}/vendors`, headers: html });
      expect(res.body).toBe(SHELL);
    } finally {
      answer({ vendors: [] });
      await slow.close();
    }
  });

  it('whatever fails while the first screen is made, the reader gets the plain shell, not a 500 (a chunk map the server cannot read)', async () => {
    const broken = makeDist('token-page-broken-');
    // a build whose chunk map lost its imports (replaced half-way, or of another version): reading its chain throws
    writeDist(broken, { 'shell.html': SHELL, '.vite/chunks.json': { modules: CHUNKS.modules }, 'assets/index-E1.js': 'export {}' });
    const other = await startOnDist(broken);
    try {
      for (const url of [dashboardPath(other.dana, other.s.demo.vendors.pfg, other.s.demo.locations.blueHeron), `/token/${other.dana}/ap`, `/token/${other.dana}/vendors`]) {
        const res = await other.s.app.inject({ url, headers: html });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(SHELL);
      }
    } finally {
      await stopOnDist(other.s, broken);
    }
  });

  it('a `$` in the data is text: `$\'`, `$&` and `$\`` never splice the page into itself', async () => {
    const name = "Pay $' now $& and $` too";
    const rename = (displayName: string) => s.db.updateTable('locations').set({ displayName }).where('id', '=', s.demo.locations.blueHeron).execute();
    await rename(name);
    try {
      const res = await s.app.inject({ url: dashboardPath(dana), headers: html });
      expect(res.body.match(/<div id="root"><\/div>/g)).toHaveLength(1);
      expect(res.body.match(/<\/html>/g)).toHaveLength(1);
      const locations = inlineData(res.body)!.api[`/vendors/${s.demo.vendors.pfg}/locations`] as { locations: { id: string; displayName: string }[] };
      expect(locations.locations.find((l) => l.id === s.demo.locations.blueHeron)?.displayName).toBe(name);
    } finally {
      await rename('Blue Heron Grill');
    }
  });

  it('the chunk map is not served', async () => {
    const res = await s.app.inject({ url: '/.vite/chunks.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('token-shell');
  });
});

describe('token page paths and the JSON escaping', () => {
  it('recognises the pages whose first screen is inlined', () => {
    const v = '11111111-1111-4111-8111-111111111111';
    const l = '22222222-2222-4222-8222-222222222222';
    expect(tokenPageOf(`/token/abc/vendors`)).toMatchObject({ token: 'abc', page: '/vendors', kind: 'vendors' });
    expect(tokenPageOf(`/token/abc/vendors/${v}/locations`)).toMatchObject({ kind: 'locations', vendorId: v });
    expect(tokenPageOf(`/token/abc/vendors/${v}/locations/${l}/`)).toMatchObject({ kind: 'dashboard', page: `/vendors/${v}/locations/${l}`, locationId: l });
    const click2pay = tokenPageOf(`/token/abc/vendors/${v}/locations/${l}/click2pay`);
    expect(click2pay).toMatchObject({ kind: 'location-page', page: `/vendors/${v}/locations/${l}/click2pay` });
    expect(click2pay?.module).toBeUndefined();
    // …its module comes from the chunk map's routes: `:param` segments match any id, literal ones only themselves
    expect(pageModuleOf(CHUNKS, click2pay!.page)).toBe('src/features/click2pay/click2pay-page.tsx');
    expect(pageModuleOf(CHUNKS, `/vendors/${v}/locations/${l}/click2pay/disputed`)).toBe('src/features/click2pay/disputed-page.tsx');
    expect(pageModuleOf(CHUNKS, `/vendors/${v}/locations/${l}/click2pay/other`)).toBeUndefined();
    expect(pageModuleOf(CHUNKS, `/vendors/${v}/locations/${l}/statement`)).toBeUndefined();
    // the token entry and its aliases: the server resolves the link there when it can (page-first-screen.test.ts)
    for (const alias of ['', '/', '/c2p', '/ap', '/pp']) expect(tokenPageOf(`/token/abc${alias}`)).toMatchObject({ token: 'abc', kind: 'entry', page: alias === '/' ? '' : alias });
    expect(tokenPageOf('/token/abc/c2px')).toBeNull();
    // an error page, with or without its code: painted from the app on the server too, asking nothing of the API
    expect(tokenPageOf('/token/abc/error/expired')).toMatchObject({ kind: 'error', page: '/error/expired' });
    expect(tokenPageOf('/token/abc/error')).toMatchObject({ kind: 'error', page: '/error' });
    expect(tokenPageOf('/token/abc/error/expired/more')).toBeNull();
    expect(tokenPageOf(`/token/abc/vendors/x/locations`)).toBeNull();
    expect(tokenPageOf('/performancefoodservice')).toBeNull();
  });

  it('escapes every character that could end or open markup, and parses back to the same value', () => {
    const value = { text: '</script><!-- & \u2028\u2029 >' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
