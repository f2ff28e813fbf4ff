// @vitest-environment node
/**
 * Deterministic bundle budgets. Builds the portal (with its prerender and precompression) and the bare
 * React 19 + react-router 7 page of scripts/bench/baseline/ with the same Vite, then checks what the landing page
 * loads until the network is idle with no interaction — the entry, the landing route's chunk, the modules it imports
 * as it starts (LANDING_START_MODULES: its announcements; tests/e2e/landing-scripts.spec.ts checks in Chromium that
 * this is exactly what `/` loads), and their static imports:
 * - its gzip size stays within the budget relative to the baseline;
 * - it holds no Temporal polyfill, no Ark dialog or field, no API client and no session machinery (each loads
 *   when needed: an expiring announcement, the submit, a /token/ page);
 * - every route's navigation (entry, token shell, page chunk and their static imports, from the build's chunk map
 *   that the server preloads from) stays within its budget in scripts/bench/route-budgets.json, which lists every route;
 * - the prerendered pages carry the headline, the form and the stylesheet, and have precompressed copies.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBaseline,
  buildPortal,
  sharedBuild,
  gzipBytes,
  chunkClosure,
  entryFileOf,
  gzipFiles,
  kb,
  LANDING_BUDGET_RATIO,
  LANDING_ROUTE_MODULES,
  LANDING_START_MODULES,
  landingScripts,
  pageChunks,
  readChunkMap,
  ROUTE_BUDGETS_FILE,
  CONSOLE_MODULES,
  projectRoot,
  routeModules,
  type BuiltApp,
} from '../../scripts/bench/bundle-size';
import { landingTexts } from '../../src/features/access/texts';
import { ERROR_PAGE_MODULE, TOKEN_ENTRY_MODULE } from '../../server/http/bootstrap';

const work = mkdtempSync(path.join(tmpdir(), 'landing-budget-'));
let portal: BuiltApp;
let baseline: BuiltApp;

beforeAll(async () => {
  baseline = await buildBaseline(path.join(work, 'baseline'));
  portal = await sharedBuild('portal', buildPortal, path.join(work, 'portal'));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Everything the workflow atlas (/atlas) brings: its page, the chart tooling, ELK, path generation, the registry. */
const ATLAS_MODULES = /src[\\/](atlas|features[\\/]atlas|dev)[\\/]|machines[\\/](registry(-entry)?\.ts|[^\\/]+[\\/][^\\/]+\.entry\.ts)$|node_modules[\\/](elkjs|@statelyai)[\\/]|xstate-graph/;

const FORBIDDEN: [string, RegExp][] = [
  ['the Temporal polyfill', /node_modules[\\/](temporal-polyfill|temporal-utils)[\\/]/],
  ['the Ark dialog', /node_modules[\\/](@zag-js[\\/](dialog|focus-trap)|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]dialog)[\\/]/],
  ['the Ark field', /@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]field[\\/]/],
  ['the API client', /core[\\/]api[\\/]client\.ts$|node_modules[\\/]openapi-fetch[\\/]/],
  ['the session machinery', /src[\\/]features[\\/]shell[\\/]session\.tsx$|src[\\/]app[\\/]token-guard\.tsx$/],
  // The contact form's machine, the announcements and the app-wide actors load after the first paint.
  ['XState', /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]|src[\\/]app[\\/]app-services\.tsx$/],
  // ── workflow atlas ──
  ['the workflow atlas', ATLAS_MODULES],
];

/** The chunks the landing page loads until the network is idle (the chunk infos of `landingScripts`). */
const untilIdle = () => landingScripts(portal.outDir).map((file) => portal.chunks.get(file)!);

describe('landing page bundle', () => {
  it(`loads at most ${LANDING_BUDGET_RATIO}× the JavaScript of a bare React + react-router page until the network is idle (gzip)`, () => {
    const landing = gzipFiles(portal.outDir, landingScripts(portal.outDir));
    const bare = gzipBytes(baseline, pageChunks(baseline));
    const ratio = landing / bare;
    console.info(`landing until idle ${kb(landing)} / baseline ${kb(bare)} = ${ratio.toFixed(2)}×`);
    expect(ratio).toBeLessThanOrEqual(LANDING_BUDGET_RATIO);
  });

  it('counts what the landing page imports as it starts, not only its static graph', () => {
    const files = landingScripts(portal.outDir);
    const map = readChunkMap(portal.outDir);
    for (const module of LANDING_START_MODULES) expect(files).toContain(map.modules[module]);
    expect(files.length).toBeGreaterThan(pageChunks(portal, LANDING_ROUTE_MODULES).length);
  });

  it.each(FORBIDDEN)('has no %s in what it loads until the network is idle', (_label, pattern) => {
    const offenders = untilIdle().flatMap((chunk) => chunk.moduleIds.filter((id) => pattern.test(id)).map((id) => `${chunk.file}: ${id}`));
    expect(offenders).toEqual([]);
  });

  it('still builds those parts as chunks of their own for the pages that need them', () => {
    const all = [...portal.chunks.values()].flatMap((c) => c.moduleIds);
    expect(all.some((id) => /node_modules[\\/]temporal-polyfill[\\/]/.test(id))).toBe(true);
    expect(all.some((id) => /@zag-js[\\/]dialog[\\/]/.test(id))).toBe(true);
  });
});

// ── workflow atlas ──
describe('workflow atlas bundle', () => {
  it('adds no byte to the landing page: none of its modules is in the landing page’s JavaScript', () => {
    const landing = untilIdle();
    expect(landing.flatMap((c) => c.moduleIds.filter((id) => ATLAS_MODULES.test(id) || /\.model\.ts$/.test(id)))).toEqual([]);
    // Not even as a shared chunk the landing page preloads.
    const atlasChunks = new Set([...portal.chunks.values()].filter((c) => c.moduleIds.some((id) => ATLAS_MODULES.test(id))).map((c) => c.file));
    expect(landing.filter((c) => atlasChunks.has(c.file))).toEqual([]);
  });

  it('is a lazily loaded route of its own with ELK and path generation in its chunks', () => {
    const page = [...portal.chunks.values()].find((c) => c.moduleIds.some((id) => /src[\\/]features[\\/]atlas[\\/]atlas-page\.tsx$/.test(id)));
    expect(page).toBeDefined();
    expect(page!.isEntry).toBe(false);
    const reached = pageChunks(portal, ['src/features/atlas/atlas-page.tsx']).flatMap((c) => c.moduleIds);
    expect(reached.some((id) => /xstate-graph/.test(id))).toBe(true);
    // ELK loads when a diagram is opened (a dynamic import of the page).
    expect([...portal.chunks.values()].some((c) => c.moduleIds.some((id) => /node_modules[\\/]elkjs[\\/]/.test(id)))).toBe(true);
  });

  it('leaves the development-only live inspection (@statelyai/inspect) out of the production build entirely', () => {
    const all = [...portal.chunks.values()].flatMap((c) => c.moduleIds);
    expect(all.filter((id) => /node_modules[\\/]@statelyai[\\/]|src[\\/]dev[\\/]/.test(id))).toEqual([]);
  });
});

// ── the vendor's console ──
describe('vendor console bundle', () => {
  // What starts or frames the customer's app: its entry, router, app-wide actors, token guard and session. (The shared
  // primitives — Button, the text field — sit in the landing chunk by design and are the console's too.)
  const CUSTOMER_APP = /src[\\/](main\.tsx|app[\\/](router|app-services|token-guard|app-pages|root-layout)\.tsx?|features[\\/]shell[\\/])/;
  it('is an entry of its own whose page loads none of the customer’s app (its entry, router, frame or session)', () => {
    const map = readChunkMap(portal.outDir);
    const files = chunkClosure(map, entryFileOf(portal.outDir, 'console.html'), []);
    const offenders = files.flatMap((file) => (portal.chunks.get(file)?.moduleIds ?? []).filter((id) => CUSTOMER_APP.test(id)).map((id) => `${file}: ${id}`));
    expect(files.some((file) => portal.chunks.get(file)?.moduleIds.some((id) => /src[\\/]console[\\/]main\.tsx$/.test(id)))).toBe(true);
    expect(offenders).toEqual([]);
    // nor does any of its pages
    const pages = (map.consolePages ?? []).flatMap((page) => chunkClosure(map, entryFileOf(portal.outDir, 'console.html'), [page.module]));
    expect(pages.flatMap((file) => (portal.chunks.get(file)?.moduleIds ?? []).filter((id) => CUSTOMER_APP.test(id)).map((id) => `${file}: ${id}`))).toEqual([]);
  });

  it('loads each page as a chunk of its own, listed in the chunk map for the server to preload: the entry holds the frame and no page', () => {
    const map = readChunkMap(portal.outDir);
    const routes = readFileSync(path.join(projectRoot, 'src/console/routes.tsx'), 'utf8');
    const lazies = routes.match(/^\s*\{ .*lazy: page\(/gm) ?? [];
    expect(lazies.length).toBeGreaterThan(15);
    expect(map.consolePages ?? []).toHaveLength(lazies.length);
    const entry = chunkClosure(map, entryFileOf(portal.outDir, 'console.html'), []);
    for (const page of map.consolePages ?? []) {
      expect(map.modules[page.module], page.path).toBeTruthy();
      expect(entry, `${page.module} is in the console's entry`).not.toContain(map.modules[page.module]);
    }
  });

  it('adds nothing to the customer’s pages: no route of the portal loads a module of the console (the workflow atlas shows its charts)', () => {
    const map = readChunkMap(portal.outDir);
    const routes = Object.entries(routeModules()).filter(([name]) => name !== 'atlas');
    expect(routes.length).toBeGreaterThan(30);
    const customer = new Set([
      ...landingScripts(portal.outDir),
      ...chunkClosure(map, entryFileOf(portal.outDir, 'shell.html'), []),
      ...routes.flatMap(([, modules]) => chunkClosure(map, entryFileOf(portal.outDir), modules)),
    ]);
    const offenders = [...customer].flatMap((file) => (portal.chunks.get(file)?.moduleIds ?? []).filter((id) => CONSOLE_MODULES.test(id)).map((id) => `${file}: ${id}`));
    expect(offenders).toEqual([]);
  });
});

describe('route budgets', () => {
  const { budgets } = JSON.parse(readFileSync(ROUTE_BUDGETS_FILE, 'utf8')) as { budgets: Record<string, number> };
  const routes = routeModules();
  let bare = 0;
  beforeAll(() => {
    bare = gzipBytes(baseline, pageChunks(baseline));
  });

  it('has a budget for every route (a new page gets one in scripts/bench/route-budgets.json) and none for a route that is gone', () => {
    expect(Object.keys(routes).length).toBeGreaterThan(30);
    expect(Object.keys(routes).filter((name) => !(name in budgets))).toEqual([]);
    expect(Object.keys(budgets).filter((name) => !(name in routes))).toEqual([]);
  });

  it("lists every page of app-pages.ts with its route in the chunk map, so the server preloads the page's own chunks", () => {
    const map = readChunkMap(portal.outDir);
    const listed = new Set((map.pages ?? []).map((page) => page.module));
    // (the token entry and the error page are the router's own lazies: the server names their modules itself)
    const own = new Set([TOKEN_ENTRY_MODULE, ERROR_PAGE_MODULE]);
    const appPages = Object.values(routes).filter((modules) => modules[0] === 'src/app/app-pages.ts').map((modules) => modules.at(-1)!).filter((module) => !own.has(module));
    expect(appPages.length).toBeGreaterThan(30);
    expect(appPages.filter((module) => !listed.has(module))).toEqual([]);
    for (const page of map.pages ?? []) expect(map.modules[page.module], page.path).toBeTruthy();
  });

  it.each(Object.keys(routes))('%s loads no more JavaScript (gzip) than its budget', (name) => {
    const files = chunkClosure(readChunkMap(portal.outDir), entryFileOf(portal.outDir), routes[name]);
    const bytes = gzipFiles(portal.outDir, files);
    console.info(`${name}: ${kb(bytes)} (budget ${budgets[name]} KB) = ${(bytes / bare).toFixed(2)}× the bare page`);
    expect(bytes / 1024).toBeLessThanOrEqual(budgets[name] ?? 0);
  });
});

describe('prerendered landing pages', () => {
  it.each([['index.html'], ['performancefoodservice/index.html']])('%s paints the headline and the form from its HTML alone, the stylesheet inlined', (file) => {
    const html = readFileSync(path.join(portal.outDir, file), 'utf8');
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain(`>${landingTexts.headline}</h1>`);
    expect(root).toContain(`>${landingTexts.submit}</button>`);
    expect(root).toMatch(/<input[^>]+name="contact"/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const inlined = /<style data-inlined="\/(assets\/[\w-]+\.css)">([\s\S]*?)<\/style>/.exec(html);
    expect(inlined?.[2]).toBe(readFileSync(path.join(portal.outDir, inlined![1]), 'utf8'));
    expect(existsSync(path.join(portal.outDir, `${file}.br`))).toBe(true);
    expect(existsSync(path.join(portal.outDir, `${file}.gz`))).toBe(true);
  });

  it('keeps a plain shell with an empty root for every other route', () => {
    expect(readFileSync(path.join(portal.outDir, 'shell.html'), 'utf8')).toContain('<div id="root"></div>');
  });

  it('keeps the app’s page loaders out of the landing page (they grow with every route) and preloads them for every other route', () => {
    const appPages = /src[\\/]app[\\/]app-pages\.ts$/;
    const landing = pageChunks(portal, LANDING_ROUTE_MODULES).flatMap((chunk) => chunk.moduleIds.filter((id) => appPages.test(id)));
    expect(landing).toEqual([]);
    const chunk = /<link rel="modulepreload" crossorigin href="\/(assets\/app-pages-[^"]+\.js)" integrity="sha384-[^"]+">/.exec(readFileSync(path.join(portal.outDir, 'shell.html'), 'utf8'));
    expect(chunk).not.toBeNull();
    expect(existsSync(path.join(portal.outDir, chunk![1]))).toBe(true);
    // The import map names every chunk's integrity (what the page may load later), not what it loads: outside it, nothing.
    const landingHtml = readFileSync(path.join(portal.outDir, 'index.html'), 'utf8');
    expect(landingHtml).toMatch(/<script type="importmap">[^<]*app-pages-/);
    expect(landingHtml.replace(/<script type="importmap">[\s\S]*?<\/script>/, '')).not.toContain('app-pages-');
  });
});
