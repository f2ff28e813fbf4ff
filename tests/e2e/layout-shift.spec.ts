import { expect, type Page, type Request } from '@playwright/test';
import { issueDemoLink, withDb, test } from './support';

/**
 * No layout shift on any route (docs/CONVENTIONS.md, src/ui/reserved.tsx): every page of the app is opened on the demo
 * data, at 375 px and at 1280 px (the two projects), and once its content is there — no skeleton, nothing busy, the
 * entrance animations over, the network idle — the layout shifts it made without user input add up to at most 0.02
 * (Lighthouse's "good" is 0.1; the portal's own bar is 0.02). One demo link (the contact's token reaches all its
 * locations), many page loads. Read-only: safe in both projects and after the paying journeys.
 */

const MAX_CLS = 0.02;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts?: Shift[];
  }
}

/** Collects every layout shift without recent input on each document the page loads, with what moved. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.layoutShifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
      const label = node.getAttribute('aria-label') ?? node.getAttribute('data-testid') ?? (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${label}"`;
    };
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's requests still under way: every request the page starts, until it finishes or fails. */
function pendingRequests(page: Page): Set<Request> {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

/** Two animation frames, so a shift caused by the last change is reported to the observer. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Waits for the page's content: a heading or the main region shown, no skeleton, nothing busy, animations over; then
 * for its requests to end — none under way across three pairs of frames in a row (what arrives last, a chunk or an
 * answer, may still move something). Not Playwright's `networkidle`, which waits a fixed 500 ms of silence on every
 * load: the state, not the clock (80 loads per project).
 */
async function contentThere(page: Page, pending: Set<Request>) {
  await page.waitForLoadState('load');
  await expect(page.locator('main, [role=main], h1').first()).toBeVisible();
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-skeleton], [aria-busy="true"], #pp-first-screen') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  for (let quiet = 0; quiet < 3; ) {
    await expect.poll(() => pending.size, { timeout: 15_000, intervals: [25, 50, 100] }).toBe(0);
    await twoFrames(page);
    quiet = pending.size === 0 ? quiet + 1 : 0;
  }
}

/** The demo contact's pages: one link, the ids of the demo data each page needs. */
async function demoRoutes(): Promise<Array<[name: string, path: string]>> {
  const link = await issueDemoLink('Blue Heron Grill', { lastVendorByName: true });
  const t = `/token/${link.token}`;
  const found = await withDb(async (c) => {
    const one = async (sql: string, params: unknown[] = []) => ((await c.query(sql, params)).rows[0] ?? {}) as Record<string, string | undefined>;
    const place = async (name: string) => {
      const r = await one(
        `select cl.vendor_id, cl.location_id from contact_locations cl join locations l on l.id = cl.location_id join vendors v on v.id = cl.vendor_id
          where cl.contact_id = $1 and l.display_name = $2 order by v.name desc limit 1`, [link.contactId, name]);
      return `${t}/vendors/${r.vendor_id}/locations/${r.location_id}`;
    };
    const loc = link.locationId;
    return {
      harbor: await place('Harbor Street Kitchen'),
      magnolia: await place('Magnolia Catering'),
      openInvoice: (await one(`select id from invoices where location_id = $1 and vendor_id = $2 and status = 'open' order by due_date, id limit 1`, [loc, link.vendorId])).id,
      journeyInvoice: (await one(`select i.id from invoices i join invoice_journeys j on j.invoice_id = i.id where i.location_id = $1 order by i.id limit 1`, [loc])).id,
      group: (await one(`select id from payment_groups where location_id = $1 order by created_at desc limit 1`, [loc])).id,
      message: (await one(`select id from template_messages where location_id = $1 order by created_at desc limit 1`, [loc])).id,
      plan: (await one(`select p.id from payment_plans p join locations l on l.id = p.location_id where l.display_name = 'Harbor Street Kitchen' order by p.created_at limit 1`)).id,
      autopayRequest: (await one(`select r.id from requests r join locations l on l.id = r.location_id where l.display_name = 'Magnolia Catering' and r.type = 'autopay' order by r.created_at desc limit 1`)).id,
      planRequest: (await one(`select r.id from requests r join locations l on l.id = r.location_id where l.display_name = 'Magnolia Catering' and r.type = 'paymentplan' order by r.created_at desc limit 1`)).id,
    };
  });
  const base = link.base;
  const when = (id: string | undefined, route: [string, string]): Array<[string, string]> => (id ? [route] : []);
  return [
    ['landing', '/'],
    ['performanceFood', '/performancefoodservice'],
    ['notFound', '/404'],
    ['errorPage', `${t}/error/expired`],
    ['vendorChooser', `${t}/vendors`],
    ['locationChooser', `${t}/vendors/${link.vendorId}/locations`],
    ['dashboard', base],
    ['profile', `${base}/profile`],
    ['talkToUs', `${base}/talktous`],
    ['newPaymentMethod', `${base}/paymentmethods/new`],
    ['click2pay', `${base}/click2pay`],
    ['disputed', `${base}/click2pay/disputed`],
    ...when(found.openInvoice, ['dispute', `${base}/click2pay/${found.openInvoice}/dispute`]),
    ...when(found.openInvoice, ['partialPayment', `${base}/click2pay/${found.openInvoice}/partial`]),
    ...when(found.group, ['paymentConfirmation', `${base}/click2pay/${found.group}/confirmation`]),
    ['invoiceReport', `${base}/invoices`],
    ['paymentReport', `${base}/payments`],
    ...when(found.group, ['paymentDetail', `${base}/payments/${found.group}`]),
    ...when(found.journeyInvoice, ['invoiceJourney', `${base}/invoices/${found.journeyInvoice}`]),
    ['messages', `${base}/messages`],
    ...when(found.message, ['templateMessage', `${base}/templatemessages/${found.message}`]),
    ['resolutionCenter', `${base}/resolutioncenter`],
    ['statement', `${base}/statement`],
    ['reminders', `${base}/reminders`],
    ['remit', `${base}/remit`],
    ['remit (Harbor Street Kitchen)', `${found.harbor}/remit`],
    ['autopayManage', `${base}/autopaymanage`],
    ['autopaySetup', `${found.magnolia}/autopay`],
    ...when(found.autopayRequest, ['autopaySetup (request)', `${found.magnolia}/autopay/${found.autopayRequest}`]),
    ['autopayConfirmation', `${base}/autopayconfirmation`],
    ['autopayDeleted', `${base}/autopaydelete/confirmation`],
    ['plans', `${found.harbor}/plans`],
    ...when(found.plan, ['planDetail', `${found.harbor}/plans/${found.plan}`]),
    ...when(found.plan, ['planUpdate', `${found.harbor}/plans/${found.plan}/update`]),
    ...when(found.plan, ['planUpdated', `${found.harbor}/plans/${found.plan}/update/confirmation`]),
    ...when(found.planRequest, ['planRequest', `${found.magnolia}/planrequests/${found.planRequest}`]),
    ...when(found.planRequest, ['planRequestConfirmation', `${found.magnolia}/planrequests/${found.planRequest}/confirmation`]),
    ['atlas', '/atlas'],
  ];
}

/** Opens each route in turn and lists those whose layout shifts add up to more than MAX_CLS (every figure is printed). */
async function measure(page: Page, routes: Array<[name: string, path: string]>, label: string): Promise<string[]> {
  const pending = pendingRequests(page);
  const over: string[] = [];
  const figures: string[] = [];
  for (const [name, path] of routes) {
    await page.goto(path);
    const settled = await contentThere(page, pending).then(() => true, () => false);
    const shifts = await page.evaluate(() => window.layoutShifts ?? []);
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    figures.push(`${name}: ${cls.toFixed(3)}${settled ? '' : ' (content not settled)'}${shifts.length ? ` — ${shifts.map((s) => `${s.value.toFixed(3)} [${s.sources.join('; ')}]`).join(' | ')}` : ''}`);
    if (!settled) over.push(`${name} (${path}): its content did not settle`);
    if (cls > MAX_CLS) over.push(`${name}: CLS ${cls.toFixed(3)} — ${shifts.map((s) => `${s.value.toFixed(3)} [${s.sources.join('; ')}]`).join(' | ')}`);
  }
  console.info(`layout shift per route, ${label}:\n  ${figures.join('\n  ')}`);
  return over;
}

test('no route shifts its layout while it loads (cumulative layout shift at most 0.02)', async ({ page }, info) => {
  test.setTimeout(240_000);
  await observeShifts(page);
  expect(await measure(page, await demoRoutes(), info.project.name)).toEqual([]);
});

/**
 * A token page whose first screen is not ready within its budget (a busy server: src/server-render/) is sent as the
 * plain page, and the app builds it from its own requests — under load in CI that is what the browser got for the
 * AutoPay set-up page, whose payment-method list then filled in above the start date. Every token page is opened
 * here as that plain page (the server's answer for a token page it has no first screen for), so this path keeps 0.02
 * too, whether or not this run's server happens to be slow.
 */
test('no token page shifts its layout when it comes without its first screen (the server was too busy to paint it)', async ({ page, baseURL }, info) => {
  test.setTimeout(240_000);
  await observeShifts(page);
  const plain = await page.request.get(`${baseURL}/token/no-such-token/vendors`, { headers: { accept: 'text/html' } });
  expect(plain.status()).toBe(200);
  const shell = await plain.text();
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toContain('pp-first-screen');
  await page.route(/\/token\//, (route) =>
    route.request().resourceType() === 'document' ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: shell }) : route.fallback(),
  );
  const routes = (await demoRoutes()).filter(([, path]) => path.startsWith('/token/') && !path.includes('/error/'));
  expect(await measure(page, routes, `${info.project.name}, plain pages`)).toEqual([]);
});
