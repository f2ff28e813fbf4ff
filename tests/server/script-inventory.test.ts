// @vitest-environment node
/**
 * Subresource Integrity and the script inventory (PCI DSS 6.4.3 / 11.6.1), on a real build: the portal is built into
 * a temporary folder (vite.config.ts, with its prerender and first-screen build) and served by the real server, the
 * hosted fields page likewise (vite.payments.config.ts). Every script and module preload of the HTML the server sends
 * carries the sha384 of the bytes it serves at that URL; the import map names every chunk with its right hash; the CSP
 * allows exactly that import map; the inventory lists exactly the built JS files, each with a purpose.
 * In Chromium (refusal of a changed chunk, no unlisted script on the payment journey): tests/e2e/script-inventory.spec.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildPortal, projectRoot, sharedBuild } from '../../scripts/bench/bundle-size';
import { buildPaymentsApp } from '../../server/payments-service/origin.js';
import { IMPORT_MAP_PATTERN, readScriptInventory, scriptTags, sha384Integrity, SCRIPT_INVENTORY_FILE, type ScriptInventory } from '../../server/http/script-integrity.js';
import { startOnDist, stopOnDist, makeDist, writeDist } from './helpers/dist-fixture.js';
import type { TestServer } from './helpers/app.js';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';

const work = mkdtempSync(path.join(tmpdir(), 'sri-build-'));
let dist: string;
const distPayments = path.join(work, 'payments');
let s: TestServer;
let dana: string;
let inventory: ScriptInventory;
let payments: FastifyInstance;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  dist = (await sharedBuild('portal', buildPortal, path.join(work, 'portal'))).outDir;
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'vite.payments.config.ts'), logLevel: 'warn', build: { outDir: distPayments, emptyOutDir: true } });
  inventory = readScriptInventory(dist);
  ({ s, dana } = await startOnDist(dist));
  payments = await buildPaymentsApp({ db: s.db, portalUrl: 'http://portal.test', paymentsUrl: 'http://payments.test', distDir: distPayments, contractPath: path.join(projectRoot, 'openapi/payments.yaml'), logger: false });
}, 240_000);
afterAll(async () => {
  await payments?.close();
  await stopOnDist(s, work);
});

const dashboardPath = () => `/token/${dana}/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;
const digest = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The bytes the server sends at `url` (no content coding asked: the file itself). */
async function served(app: FastifyInstance, url: string): Promise<Buffer> {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-encoding'], url).toBeUndefined();
  return res.rawPayload;
}

/** Every script a page's HTML loads or names for its loader, with the integrity it states. */
function namedScripts(body: string): { url: string; integrity: string | null; crossorigin: boolean }[] {
  const tags = scriptTags(body).map(({ url, integrity, crossorigin }) => ({ url, integrity, crossorigin }));
  for (const m of body.matchAll(/data-entry="([^"]+)" data-entry-integrity="([^"]+)"/g)) tags.push({ url: m[1], integrity: m[2], crossorigin: true });
  for (const m of body.matchAll(/<link rel="pp-modulepreload" href="([^"]+)" integrity="([^"]+)">/g)) tags.push({ url: m[1], integrity: m[2], crossorigin: true });
  return tags;
}

const PAGES: [string, () => string, (body: string) => void][] = [
  ['the landing page (prerendered)', () => '/', (body) => expect(body).toContain('data-prerendered="/"')],
  ['a second prerendered landing page', () => '/performancefoodservice', (body) => expect(body).toContain('data-prerendered')],
  ['the shell (an app route without a token page)', () => '/token/not-a-token/vendors', (body) => expect(body).toContain('<div id="root"></div>')],
  ['a token page with preloads (click-to-pay)', () => `${dashboardPath()}/click2pay`, (body) => expect(body).toContain('id="pp-bootstrap"')],
  ['a token page with its first screen (scripts deferred)', dashboardPath, (body) => expect(body).toContain('id="pp-first-screen"')],
];

describe('the HTML the portal sends', () => {
  it.each(PAGES)('%s: every script and module preload has the sha384 of the bytes served at its URL', async (_label, url, check) => {
    const res = await s.app.inject({ url: url(), headers: html });
    expect(res.statusCode).toBe(200);
    check(res.body);
    const scripts = namedScripts(res.body);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      expect(script.integrity, script.url).toBe(digest(await served(s.app, script.url)));
      expect(script.crossorigin, script.url).toBe(true);
    }
    // …and the loader's elements are not loaded any other way (an element with neither src nor integrity would be).
    expect(res.body).not.toMatch(/<script(?![^>]*\b(?:integrity|type="importmap"|type="application\/json"))[^>]*>/);
  });

  it.each(PAGES)('%s: one import map, before every script, naming every chunk in dist/assets with its right hash', async (_label, url) => {
    const res = await s.app.inject({ url: url(), headers: html });
    const maps = [...res.body.matchAll(IMPORT_MAP_PATTERN)];
    expect(maps).toHaveLength(1);
    const firstScript = res.body.search(/<script(?! type="importmap")\b|<link rel="(pp-)?modulepreload"/);
    expect(maps[0].index!).toBeLessThan(firstScript);
    const map = JSON.parse(maps[0][1]) as { imports: object; integrity: Record<string, string> };
    const chunks = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `/assets/${f}`);
    expect(Object.keys(map.integrity).sort()).toEqual(chunks.sort());
    for (const chunk of chunks) expect(map.integrity[chunk], chunk).toBe(digest(await served(s.app, chunk)));
  });

  it("the CSP's script-src allows exactly the import map (its sha256), never 'unsafe-inline'", async () => {
    for (const [, url] of PAGES) {
      const res = await s.app.inject({ url: url(), headers: html });
      const map = [...res.body.matchAll(IMPORT_MAP_PATTERN)][0][1];
      const hash = `'sha256-${createHash('sha256').update(map, 'utf8').digest('base64')}'`;
      const scriptSrc = String(res.headers['content-security-policy']).split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
      expect(hash).toBe(inventory.importMap!.hash);
    }
  });
});

describe('the script inventory', () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name.startsWith('.') ? [] : e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

  it('lists every JS file of the portal build and nothing else, each with its integrity and a purpose', () => {
    const files = walk(dist).filter((f) => f.endsWith('.js')).map((f) => `/${path.relative(dist, f).split(path.sep).join('/')}`);
    expect(inventory.scripts.map((x) => x.path).sort()).toEqual(files.sort());
    expect(files).toContain('/static/after-first-paint.js');
    for (const script of inventory.scripts) {
      expect(script.integrity, script.path).toBe(sha384Integrity(readFileSync(path.join(dist, script.path))));
      expect(script.purpose.length, script.path).toBeGreaterThan(20);
      expect(['entry', 'route', 'shared', 'vendor', 'runtime', 'loader']).toContain(script.kind);
    }
    // one entry per page: the customer's portal (index.html) and the vendor's console (console.html), each named
    const entries = inventory.scripts.filter((x) => x.kind === 'entry');
    expect(entries.map((x) => /\(([^ ,)]+)/.exec(x.purpose)?.[1]).sort()).toEqual(['console.html', 'index.html']);
  });

  it("lists the hosted fields page's scripts, and the payments origin serves each with that integrity", async () => {
    const own = readScriptInventory(distPayments);
    expect(own.origin).toBe('payments');
    const files = walk(distPayments).filter((f) => f.endsWith('.js')).map((f) => `/hosted-fields/${path.relative(distPayments, f).split(path.sep).join('/')}`);
    expect(own.scripts.map((x) => x.path).sort()).toEqual(files.sort());
    const page = await payments.inject({ url: '/hosted-fields' });
    const scripts = scriptTags(page.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(own.scripts.find((x) => x.path === script.url)?.integrity, script.url).toBe(script.integrity);
      expect(script.integrity).toBe(digest(await served(payments, script.url)));
    }
  });

  it('is required: a build without one does not start (no page is served without integrity)', async () => {
    const bare = makeDist('sri-none-');
    writeDist(bare, { 'assets/index-E1.js': 'export {}' });
    rmSync(path.join(bare, SCRIPT_INVENTORY_FILE));
    try {
      await expect(buildApp({ db: s.db, config: testConfig({ distDir: bare }), logger: false })).rejects.toThrow(/no script inventory.*npm run build/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
