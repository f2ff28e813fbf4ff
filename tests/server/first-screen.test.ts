// @vitest-environment node
/**
 * A dashboard's HTML carries its first screen (server/http/first-screen.ts): the server hands the page's own inline
 * answers to the server-side build of src/first-screen.tsx and puts its markup before #root, then loads the app's
 * scripts after the first frame (public/static/after-first-paint.js). A stand-in renderer in a dist fixture echoes
 * what it was given, so these tests see exactly what the server passes: only the token's own data, never another
 * customer's. What the real renderer draws is tested in tests/features/dashboard/first-screen.test.tsx, and in
 * Chromium by tests/e2e/first-screen.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/app.js';
import { makeDist, startOnDist, stopOnDist, writeDist } from './helpers/dist-fixture.js';
import { sha384Integrity } from '../../server/http/script-integrity.js';

const dist = makeDist('first-screen-dist-');
/** The scripts the shell names and the first-paint loader (the fixture's inventory lists them with their hashes). */
const SCRIPTS = { 'assets/index-E1.js': 'export {};', 'assets/framework-F1.js': 'export const f = 1;', 'static/after-first-paint.js': '/* loader */' };
const sri = (file: keyof typeof SCRIPTS) => sha384Integrity(SCRIPTS[file]);

/** The shell as the build writes it: every script with its integrity (scripts/build/script-inventory.ts). */
const SHELL = [
  '<!doctype html><html><head><title>PerformancePay</title>',
  `<script type="module" crossorigin src="/assets/index-E1.js" integrity="${sri('assets/index-E1.js')}"></script>`,
  `<link rel="modulepreload" crossorigin href="/assets/framework-F1.js" integrity="${sri('assets/framework-F1.js')}">`,
  '<link rel="stylesheet" crossorigin href="/assets/index-C1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
/** Echoes its input; a location named "THROW" makes it throw, a missing location makes it decline (null). */
const RENDERER = `
export function renderDashboardFirstScreen(input) {
  const locations = (input.api['/vendors/' + input.vendorId + '/locations'] || { locations: [] }).locations;
  const location = locations.find((l) => l.id === input.locationId);
  if (!location) return null;
  if (location.displayName === 'THROW') throw new Error('boom');
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return '<main data-echo>' + esc(JSON.stringify({ path: input.path, token: input.token, location: location.displayName, calls: Object.keys(input.api).sort() })) + '</main>';
}`;

let s: TestServer;
let dana: string;
let marcus: string;
const html = { accept: 'text/html,application/xhtml+xml' };
const dashboardPath = (token: string, vendorId = s.demo.vendors.pfg, locationId = s.demo.locations.blueHeron) =>
  `/token/${token}/vendors/${vendorId}/locations/${locationId}`;
const firstScreen = (body: string) => /<div id="pp-first-screen" data-path="([^"]*)">([\s\S]*?)<\/div><div id="root"><\/div>/.exec(body);

beforeAll(async () => {
  writeDist(dist, { 'shell.html': SHELL, '.ssr/first-screen.mjs': RENDERER, 'static/announcements.json': { announcements: [] }, ...SCRIPTS });
  ({ s, dana, marcus } = await startOnDist(dist));
});
afterAll(() => stopOnDist(s, dist));

describe("a dashboard's first screen in its HTML", () => {
  it('is rendered from the page’s own answers and placed before #root, with the scripts loaded after the first frame', async () => {
    const res = await s.app.inject({ url: dashboardPath(dana), headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const match = firstScreen(res.body);
    expect(match, res.body).not.toBeNull();
    expect(match![1]).toBe(dashboardPath(dana));
    const echo = JSON.parse(match![2].replace(/^<main data-echo>|<\/main>$/g, '').replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
    expect(echo.location).toBe('Blue Heron Grill');
    expect(echo.token).toBe(dana);
    const base = `/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;
    expect(echo.calls).toEqual(expect.arrayContaining(['/vendors', `${base}/autopay`, `${base}/paymentplans`, `${base}/messages?contactNotRead=true`]));
    // No script runs before the first frame: the entry and its preloads are named for the loader, not loaded.
    expect(res.body).not.toMatch(/<script type="module"/);
    expect(res.body).not.toMatch(/rel="modulepreload"/);
    // Each with its integrity: the loader's own, and the entry's and preloads' for the elements it creates.
    expect(res.body).toContain(
      `<script defer src="/static/after-first-paint.js" crossorigin integrity="${sri('static/after-first-paint.js')}" data-entry="/assets/index-E1.js" data-entry-integrity="${sri('assets/index-E1.js')}"></script>`,
    );
    expect(res.body).toContain(`<link rel="pp-modulepreload" href="/assets/framework-F1.js" integrity="${sri('assets/framework-F1.js')}">`);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C1.css">');
  });

  it("never shows another customer's location: outside the token's scope there is no first screen", async () => {
    const res = await s.app.inject({ url: dashboardPath(marcus, s.demo.vendors.pfg, s.demo.locations.blueHeron), headers: html });
    expect(res.statusCode).toBe(200);
    expect(firstScreen(res.body)).toBeNull();
    expect(res.body).not.toContain('Blue Heron');
    expect(res.body).toContain(`<script type="module" crossorigin src="/assets/index-E1.js" integrity="${sri('assets/index-E1.js')}"></script>`);
    const own = await s.app.inject({ url: dashboardPath(marcus, s.demo.vendors.pfg, s.demo.locations.saltmarsh), headers: html });
    expect(firstScreen(own.body)?.[2]).toContain('Saltmarsh');
    expect(own.body).not.toContain('Blue Heron');
  });

  it('only the dashboard has one; a bad token gets the plain shell', async () => {
    const pay = await s.app.inject({ url: `${dashboardPath(dana)}/click2pay`, headers: html });
    expect(firstScreen(pay.body)).toBeNull();
    expect(pay.body).toContain(`<script type="module" crossorigin src="/assets/index-E1.js" integrity="${sri('assets/index-E1.js')}"></script>`);
    const bad = await s.app.inject({ url: dashboardPath('not-a-token'), headers: html });
    expect(bad.body).toBe(SHELL);
  });

  it('a renderer that throws costs the page nothing but its first screen', async () => {
    await s.db.updateTable('locations').set({ displayName: 'THROW' }).where('id', '=', s.demo.locations.blueHeron).execute();
    try {
      const res = await s.app.inject({ url: dashboardPath(dana), headers: html });
      expect(res.statusCode).toBe(200);
      expect(firstScreen(res.body)).toBeNull();
      expect(res.body).toContain('id="pp-bootstrap"');
      expect(res.body).toContain(`<script type="module" crossorigin src="/assets/index-E1.js" integrity="${sri('assets/index-E1.js')}"></script>`);
    } finally {
      await s.db.updateTable('locations').set({ displayName: 'Blue Heron Grill' }).where('id', '=', s.demo.locations.blueHeron).execute();
    }
  });
});
