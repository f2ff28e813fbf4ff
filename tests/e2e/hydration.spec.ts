import { expect, type Page } from '@playwright/test';
import { issueDemoLink, test, withDb } from './support';

/**
 * A token page the server rendered through the app is hydrated (src/main.tsx, docs/token-page-hydration.md): the app
 * starts its actors from the snapshots the page carries and takes the painted nodes as its own — no request for what
 * the page already holds, no second tree, no swap, nothing rendered anew.
 */
// One page of each kind of machinery (the suite's time is bounded): the choosers (one page actor), click-to-pay (the
// width readers, the method picker, the session's invoice selection), the invoice report (the shared virtualised table),
// the messages (a list and its unread marks) and the remit form (dates). The server-side check of every page's
// snapshots is tests/server/page-snapshots.test.ts.
const PAGES: Array<[string, (base: string, token: string, vendorId: string) => string]> = [
  ['the vendor chooser', (_b, token) => `/token/${token}/vendors`],
  ['the location chooser', (_b, token, vendorId) => `/token/${token}/vendors/${vendorId}/locations`],
  ['click-to-pay', (base) => `${base}/click2pay`],
  ['the invoices', (base) => `${base}/invoices`],
  ['the messages', (base) => `${base}/messages`],
  ['the remit form', (base) => `${base}/remit`],
];

for (const [name, pathOf] of PAGES) {
  test(`${name}: the app hydrates the painted page, asking nothing again`, async ({ page }) => {
    const link = await issueDemoLink('Blue Heron Grill', { lastVendorByName: true });
    await expectHydrated(page, pathOf(link.base, link.token, link.vendorId));
  });
}

test('the dashboard: the app hydrates the painted page, then records the visit once — its only request', async ({ page }) => {
  const link = await issueDemoLink('Blue Heron Grill', { lastVendorByName: true });
  const visits = () => withDb(async (c) => Number((await c.query('select count(*) from visits where contact_id = $1 and location_id = $2', [link.contactId, link.locationId])).rows[0].count));
  const before = await visits();
  await expectHydrated(page, link.base, ['POST /api/vendors/' + link.vendorId + '/locations/' + link.locationId + '/visits']);
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toHaveText(/^Dashboard for\s*Blue Heron Grill$/);
  await expect.poll(visits).toBe(before + 1);
});

test('the statement: the app hydrates the painted page, then marks the request of a first visit and starts the ad banner', async ({ page }) => {
  const link = await issueDemoLink('Blue Heron Grill', { lastVendorByName: true });
  // the statement marks the customer's statement request on a first visit (spec §2.4) and records the impression of
  // the vendor's ad (§4): the server's render only reads, so the writes wait for the page to be on screen
  await withDb((c) => c.query('delete from statement_request_marks where contact_id = $1 and location_id = $2', [link.contactId, link.locationId]));
  const calls = await expectHydrated(page, `${link.base}/statement`, null);
  const base = `/api/vendors/${link.vendorId}/locations/${link.locationId}`;
  expect(calls).toContain(`PATCH ${base}/statementrequest`);
  expect(calls.filter((c) => c.startsWith('GET ') && !c.endsWith('/advertisements')), 'nothing the page carries asked for again').toEqual([]);
  await expect.poll(() => withDb(async (c) => (await c.query('select 1 from statement_request_marks where contact_id = $1 and location_id = $2', [link.contactId, link.locationId])).rowCount)).toBe(1);
  await expect(page.getByTestId('ad-banner')).toHaveAttribute('aria-busy', 'false');
});

test('a path no page of the token has: the not-found page, once', async ({ page }) => {
  const link = await issueDemoLink('Blue Heron Grill', { lastVendorByName: true });
  await page.goto(`${link.base}/nothing-here`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find this page');
  await expect(page.locator('main')).toHaveCount(1);
});

/**
 * `requests`: the API requests the hydrated page makes on its own after arrival (its writes), in order; none by
 * default; null: not checked here (the caller checks the requests this answers).
 */
async function expectHydrated(page: Page, url: string, requests: string[] | null = []): Promise<string[]> {
  {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().startsWith('hydration')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // the painted page's heading, as parsed (before any script of the app runs)
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const headings = [...document.querySelectorAll<HTMLElement>('#pp-first-screen h1')].filter((h) => h.offsetParent !== null);
        (window as unknown as { paintedHeading: HTMLElement | null }).paintedHeading = headings[0] ?? null;
      });
    });
    // The server sends a page without its first screen when its answers are late (by design): asked again, at most
    // four times, until the page comes painted.
    let painted = false;
    for (let attempt = 0; attempt < 5 && !painted; attempt++) {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForLoadState('domcontentloaded');
      painted = await page.evaluate(() => (window as unknown as { paintedHeading: HTMLElement | null }).paintedHeading !== null);
    }
    expect(painted, 'the HTML carried the first screen').toBe(true);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-pp-hydrated'), undefined, { timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-pp-hydration-error')), 'nothing rendered anew').toBe(false);
    // the heading on the screen is the node that was painted
    expect(await page.evaluate(() => document.querySelector('#root h1') === (window as unknown as { paintedHeading: HTMLElement }).paintedHeading)).toBe(true);
    await expect(page.locator('#pp-first-screen')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    if (requests) expect(apiCalls, 'no answer asked for again').toEqual(requests);
    expect(errors).toEqual([]);
    return apiCalls;
  }
}
