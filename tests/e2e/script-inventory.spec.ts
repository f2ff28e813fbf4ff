import { expect, type Frame, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { issueDemoLink, e2e, test } from './support';

/**
 * PCI DSS 11.6.1 in the browser: on the payment journey (landing → dashboard → click-to-pay → add a payment method, with
 * the payments origin's hosted fields frame loaded) every script the browser requests — in the page and in the frame
 * — and every script element is in the build's script inventory (dist/.vite/script-inventory.json,
 * dist-payments/.vite/script-inventory.json; docs/payments.md: "Script inventory and SRI"). And the check can fail: a chunk
 * whose bytes differ from the build's is refused by the browser (its integrity), and a script injected at run time
 * from an unlisted URL is reported by the same detector.
 */
interface Inventory {
  importMap: { content: string } | null;
  scripts: { path: string; integrity: string; purpose: string }[];
}
const root = path.resolve(import.meta.dirname, '../..');
const readInventory = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, '.vite/script-inventory.json'), 'utf8')) as Inventory;

/** What a page did: each script request (any frame) and each script element (any frame) at the time of the scan. */
interface Seen {
  requests: { url: string; frame: string }[];
  elements: { frame: string; src: string | null; type: string; integrity: string; text: string }[];
}

/**
 * The detector: every script the page requested or holds that is not in the inventory of the origin serving it. A
 * request is listed when its origin is the portal's or the payments origin's and its path is in that origin's
 * inventory; an element with `src` likewise (and it must state the listed integrity); an inline script only when it is
 * the portal's import map, exactly (or inline JSON data, which never runs).
 */
function unlisted(seen: Seen, portalOrigin: string, portal: Inventory, payments: Inventory): string[] {
  const listed = new Map<string, Map<string, string>>([
    [portalOrigin, new Map(portal.scripts.map((s) => [s.path, s.integrity]))],
    [new URL(e2e().paymentsUrl).origin, new Map(payments.scripts.map((s) => [s.path, s.integrity]))],
  ]);
  const integrityOf = (url: string) => {
    const u = new URL(url);
    return listed.get(u.origin)?.get(u.pathname);
  };
  const out: string[] = [];
  for (const r of seen.requests) if (!integrityOf(r.url)) out.push(`request ${r.url} (frame ${r.frame})`);
  for (const e of seen.elements) {
    if (e.src) {
      const integrity = integrityOf(e.src);
      if (!integrity) out.push(`element <script src=${e.src}> (frame ${e.frame})`);
      else if (e.integrity !== integrity) out.push(`element <script src=${e.src}> without its integrity (frame ${e.frame})`);
    } else if (e.type === 'importmap') {
      if (e.text !== portal.importMap?.content) out.push(`an import map that is not the inventory's (frame ${e.frame})`);
    } else if (e.type !== 'application/json') {
      out.push(`inline <script type="${e.type}"> (frame ${e.frame}): ${e.text.slice(0, 60)}`);
    }
  }
  return out;
}

/** Records the script requests of every frame of `page`, from now on. */
function recordScripts(page: Page): Seen['requests'] {
  const requests: Seen['requests'] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname)) requests.push({ url: request.url(), frame: request.frame().url() });
  });
  return requests;
}

/** The script elements of every frame of `page` now. */
async function scriptElements(page: Page): Promise<Seen['elements']> {
  const perFrame = async (frame: Frame) =>
    (await frame.evaluate(() =>
      [...document.querySelectorAll('script')].map((s) => ({ src: s.src || null, type: s.type, integrity: s.integrity, text: s.src ? '' : s.textContent ?? '' })),
    )).map((e) => ({ ...e, frame: frame.url() }));
  return (await Promise.all(page.frames().map(perFrame))).flat();
}

test('the payment journey loads no script that is not in the inventory, in the page or in the hosted fields frame', async ({ page, baseURL }) => {
  const portal = readInventory('dist');
  const payments = readInventory('dist-payments');
  const requests = recordScripts(page);
  const elements: Seen['elements'] = [];

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  elements.push(...(await scriptElements(page)));

  const { base } = await issueDemoLink('Harbor Street Kitchen');
  await page.goto(base);
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toContainText('Dashboard for');
  elements.push(...(await scriptElements(page)));

  await page.getByRole('link', { name: 'PAY', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/click2pay$`));
  // The "Payment Method" section open (as tests/e2e/payment-methods.spec.ts opens it), then its "Add Payment Method".
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Make a Payment for');
  if (!(await page.getByRole('radiogroup').isVisible().catch(() => false))) {
    const trigger = page.getByRole('button', { name: /Payment Method/ }).first();
    await trigger.waitFor();
    if ((await trigger.getAttribute('aria-expanded')) === 'false') await trigger.click();
  }
  await expect(page.getByRole('radiogroup')).toBeVisible();
  await page.getByRole('link', { name: 'Add Payment Method' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/paymentmethods/new$`));
  const frame = page.locator('[role="tabpanel"] [data-testid="hosted-fields"]:visible').first().contentFrame();
  await expect(frame.getByLabel('Card Number')).toBeVisible();
  elements.push(...(await scriptElements(page)));

  // The journey did load scripts from both origins, the frame's among them, and every one is listed.
  const paymentsOrigin = new URL(e2e().paymentsUrl).origin;
  expect(requests.some((r) => new URL(r.url).origin === paymentsOrigin && r.frame.startsWith(paymentsOrigin))).toBe(true);
  expect(requests.filter((r) => r.url.includes('/assets/')).length).toBeGreaterThan(5);
  expect(elements.some((e) => e.type === 'importmap')).toBe(true);
  expect(unlisted({ requests, elements }, new URL(baseURL!).origin, portal, payments)).toEqual([]);
});

test('the check can fail: a changed chunk is refused, and a script injected from an unlisted URL is reported', async ({ page, baseURL }) => {
  const portal = readInventory('dist');
  const payments = readInventory('dist-payments');
  const origin = new URL(baseURL!).origin;
  // The add-method page's chunk (loaded by import() when the page opens) and one of its dependencies (preloaded by
  // Vite's __vitePreload with a <link rel="modulepreload"> of its own, which has no integrity attribute: the import
  // map's applies), each served with one line more than the build's.
  const chunk = portal.scripts.find((s) => s.purpose.includes('src/features/payment-methods/new-payment-method-page.tsx'))!;
  const dependency = portal.scripts.find((s) => s.purpose.includes('machines/payment-method-create/payment-method-create.machine.ts'))!;
  expect(chunk).toBeDefined();
  expect(dependency).toBeDefined();
  for (const tampered of [chunk, dependency]) {
    await page.route(`**${tampered.path}`, async (route) => {
      const original = await route.fetch();
      await route.fulfill({ response: original, body: `window.__tampered = true;\n${await original.text()}` });
    });
  }
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const { base } = await issueDemoLink('Harbor Street Kitchen');
  await page.goto(`${base}/click2pay`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const requests = recordScripts(page);
  await page.goto(`${base}/paymentmethods/new`);
  // The browser fetched the changed chunk and refused to run it: an integrity error, the page never shows.
  await expect.poll(() => errors.some((e) => /integrity/i.test(e) && e.includes(chunk.path))).toBe(true);
  await expect.poll(() => errors.some((e) => /integrity/i.test(e) && e.includes(dependency.path))).toBe(true);
  expect(requests.some((r) => r.url.endsWith(chunk.path))).toBe(true);
  expect(requests.some((r) => r.url.endsWith(dependency.path))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();
  await expect(page.getByRole('heading', { name: /Add a Payment Method for/ })).toHaveCount(0);

  // A script added at run time from a URL the inventory does not name: the page requests it (same origin, so the CSP
  // lets the request go; it is a 404 here) and holds its element. The detector reports both.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = '/static/skimmer.js';
    document.head.append(script);
  });
  await expect.poll(() => requests.some((r) => r.url === `${origin}/static/skimmer.js`)).toBe(true);
  const found = unlisted({ requests, elements: await scriptElements(page) }, origin, portal, payments);
  expect(found).toContain(`request ${origin}/static/skimmer.js (frame ${page.url()})`);
  expect(found).toContain(`element <script src=${origin}/static/skimmer.js> (frame ${page.url()})`);
  // …and a synthetic one from another host, as a request event and as an element.
  expect(unlisted({ requests: [{ url: 'https://cdn.example/skim.js', frame: 'x' }], elements: [{ frame: 'x', src: null, type: '', integrity: '', text: 'fetch("//x")' }] }, origin, portal, payments)).toEqual([
    'request https://cdn.example/skim.js (frame x)',
    'inline <script type=""> (frame x): fetch("//x")',
  ]);
});
