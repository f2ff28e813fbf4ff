import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, locationBase, test, withDb } from './support';

/**
 * The dashboard paints from its HTML (server/http/first-screen.ts): with JavaScript off the whole first screen is
 * there; with it on, the app renders unseen and takes the first screen's place — every box where it was, no layout
 * shift — and its links are the app's.
 */
async function boxes(page: Page) {
  const main = page.getByRole('main');
  const box = async (locator: ReturnType<Page['locator']>) => {
    const b = await locator.boundingBox();
    return b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
  };
  return {
    header: await box(page.getByRole('banner')),
    title: await box(main.getByRole('heading', { level: 1 })),
    pay: await box(main.getByRole('link', { name: 'PAY', exact: true })),
    statements: await box(main.getByRole('link', { name: 'STATEMENTS', exact: true })),
    payments: await box(main.getByRole('link', { name: 'PAYMENTS', exact: true })),
    footer: await box(page.getByRole('contentinfo')),
  };
}

test('the dashboard paints from its HTML, and the app takes its place without moving anything', async ({ browser, page }) => {
  const base = await locationBase('Blue Heron Grill');

  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const plain = await noScript.newPage();
  // The server inlines the first screen when its answers come within its budget (800 ms) and sends the plain shell
  // otherwise — by design, for a database that is slow at that moment (on this 2-core machine, a scheduled job or a
  // cold cache now and then). Wait for the state the test is about, a page whose HTML carries the first screen: up
  // to three loads, then the checks below as they are.
  for (let attempt = 0; attempt < 5; attempt++) {
    await plain.goto(base);
    if ((await plain.getByRole('heading', { level: 1 }).count()) > 0) break;
  }
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText(/^Dashboard for\s*Blue Heron Grill$/);
  await expect(plain.getByRole('link', { name: 'PAY', exact: true })).toHaveAttribute('href', `${base}/click2pay`);
  await expect(plain.getByRole('heading', { name: 'TOOLS' })).toBeVisible();
  const painted = await boxes(plain);
  await noScript.close();

  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(base);
  await expect(page.locator('#pp-first-screen')).toHaveCount(0);
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toHaveText(/^Dashboard for\s*Blue Heron Grill$/);
  expect(await boxes(page)).toEqual(painted);
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // The tiles are the app's now: PAY opens the pay page in place.
  await page.getByRole('link', { name: 'PAY', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/click2pay$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pay');
});

/** The boxes a customer sees first on the pay page — title, first invoice row, pay button — in `root` (the painted screen's visible width variant, or the app's #root). */
function payBoxesIn(rootSelector: string) {
  const root = rootSelector === 'first'
    ? [...document.querySelectorAll<HTMLElement>('#pp-first-screen > [data-viewport]')].find((v) => getComputedStyle(v).display !== 'none')
    : document.getElementById('root');
  if (!root) return null;
  // positions at rest: the rows' entrance (a short slide) would be measured mid-way
  for (const animation of document.getAnimations()) {
    try {
      animation.finish();
    } catch {
      /* an endless one */
    }
  }
  const box = (el: Element | null | undefined) => {
    if (!el) return null;
    const b = el.getBoundingClientRect();
    return { x: Math.round(b.x), y: Math.round(b.y + window.scrollY), width: Math.round(b.width), height: Math.round(b.height) };
  };
  return {
    title: box(root.querySelector('h1')),
    invoice: box(root.querySelector('[data-testid="invoice-row"]')),
    pay: box([...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Confirm and Pay')),
  };
}

test('the pay page paints from its HTML (rendered by the app on the server), and the app takes its place without moving anything', async ({ browser, page }) => {
  const base = await locationBase('Blue Heron Grill');
  const url = `${base}/click2pay`;

  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const plain = await noScript.newPage();
  // As above: a page whose answers take longer than the server's budget is sent without its first screen, by design.
  for (let attempt = 0; attempt < 5; attempt++) {
    await plain.goto(url);
    if ((await plain.getByRole('heading', { level: 1 }).count()) > 0) break;
  }
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText(/^Make a Payment for\s*Blue Heron Grill$/);
  // the invoices, in the layout of this width (the phone row below 550 px, the table above), and the pay button
  await expect(plain.locator('[data-testid="invoice-row"]:visible').first()).toBeVisible();
  expect(await plain.locator('[data-layout]:visible').first().getAttribute('data-layout')).toBe(page.viewportSize()!.width < 550 ? 'phone' : 'table');
  await expect(plain.getByRole('button', { name: 'Confirm and Pay' })).toBeVisible();
  await noScript.close();

  // With JavaScript: the painted boxes as first laid out, then the app's once it has taken their place.
  await page.addInitScript(`(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    const payBoxesIn = ${payBoxesIn.toString()};
    document.addEventListener('DOMContentLoaded', () => { window.paintedBoxes = payBoxesIn('first'); });
  })()`);
  // (as above: asked again, at most four times, while the page comes without its first screen)
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.goto(url);
    if (await page.evaluate(() => (window as unknown as { paintedBoxes: unknown }).paintedBoxes ?? null)) break;
  }
  await expect(page.locator('#pp-first-screen')).toHaveCount(0);
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toHaveText(/^Make a Payment for\s*Blue Heron Grill$/);
  const painted = await page.evaluate(() => (window as unknown as { paintedBoxes: unknown }).paintedBoxes);
  expect(painted, 'the HTML carried the first screen').not.toBeNull();
  expect(await page.evaluate(payBoxesIn, 'root')).toEqual(painted);
  const cls = (await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).reduce((a, b) => a + b, 0);
  expect(cls).toBeLessThanOrEqual(0.02);
  await expectNoSeriousA11yViolations(page);
  // the page is the app's: a tap selects an invoice
  const invoice = (await page.locator('[data-testid="invoice-row"]').first().getAttribute('data-invoice'))!;
  const box = page.getByRole('checkbox', { name: `Select invoice ${invoice}` });
  await box.check({ force: true });
  await expect(box).toBeChecked();
});

test('a tap on the painted pay page before the app runs is made on the app once it has taken its place', async ({ page }) => {
  const base = await locationBase('Blue Heron Grill');
  // the app's entry script is held until the tap is made: the page is the painted one only
  let releaseEntry!: () => void;
  const held = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const row = page.locator('#pp-first-screen [data-testid="invoice-row"]:visible').first();
  // As above: a page whose answers take longer than the server's budget is sent without its first screen, by design.
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.goto(`${base}/click2pay`, { waitUntil: 'commit' });
    // the HTML parsed (#root follows the painted screen) and styled (the stylesheet shows one width variant): the app's
    // entry is still held. Not DOMContentLoaded: a page that came without its first screen runs the held entry as a
    // module script, which DOMContentLoaded waits for.
    await page.waitForFunction(
      () => !!document.getElementById('root') && [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((link) => link.sheet !== null),
    );
    if ((await row.count()) > 0) break;
  }
  await expect(row).toBeVisible();
  const invoice = (await row.getAttribute('data-invoice'))!;
  const paintedBox = row.getByRole('checkbox', { name: `Select invoice ${invoice}` });
  await paintedBox.click({ force: true });
  // nothing happens on the painted page itself (its controls are the app's to run)
  await expect(paintedBox).not.toBeChecked();
  releaseEntry();
  await expect(page.locator('#pp-first-screen')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Select invoice ${invoice}` })).toBeChecked();
});

test('a tap while the app hydrates the painted pay page is made once it has hydrated', async ({ page }) => {
  const base = await locationBase('Blue Heron Grill');
  // The moment the app has taken the painted page over and React hydrates it (`data-pp-hydrating` on <html>), the
  // page clicks "Select all invoices" itself, a task later: React, mid-hydration, used to drop such a tap (the box
  // ticked, the total stayed $0.00) or to half-take it (the box stayed empty).
  await page.addInitScript(() => {
    const w = window as unknown as { tappedWhileHydrating?: boolean };
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute('data-pp-hydrating')) return;
      observer.disconnect();
      setTimeout(() => {
        w.tappedWhileHydrating = document.documentElement.hasAttribute('data-pp-hydrating');
        document.querySelector<HTMLInputElement>('#root input[aria-label="Select all invoices"]')?.click();
      }, 0);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-pp-hydrating'] });
  });
  const tapped = () => page.evaluate(() => (window as unknown as { tappedWhileHydrating?: boolean }).tappedWhileHydrating ?? null);
  // As above: a page whose answers take longer than the server's budget is sent without its first screen, by design.
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.goto(`${base}/click2pay`);
    await expect(page.locator('html')).not.toHaveAttribute('data-pp-hydrating');
    if (await tapped()) break;
  }
  expect(await tapped(), 'the tap was made while the page hydrated').toBe(true);
  await expect(page.getByRole('checkbox', { name: 'Select all invoices' })).toBeChecked();
  await expect(page.getByTestId('total')).not.toHaveText('$0.00');
  // and it was made once: a second tap clears the selection
  await page.getByRole('checkbox', { name: 'Select all invoices' }).click({ force: true });
  await expect(page.getByTestId('total')).toHaveText('$0.00');
});

test('text typed into the painted page before the app runs is in the app’s field once it has taken its place', async ({ page }) => {
  const base = await locationBase('Blue Heron Grill');
  const [, vendorId, locationId] = /\/vendors\/([^/]+)\/locations\/([^/]+)/.exec(base)!;
  const invoiceId = await withDb(async (c) =>
    (await c.query(`select id from invoices where vendor_id = $1 and location_id = $2 and status = 'open' order by due_date, id limit 1`, [vendorId, locationId])).rows[0].id as string);
  // the app's entry script is held until the text is typed: the page is the painted one only
  let releaseEntry!: () => void;
  const held = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const painted = page.locator('#pp-first-screen').getByRole('textbox', { name: /New Payment Amount/ }).locator('visible=true');
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.goto(`${base}/click2pay/${invoiceId}/partial`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => !!document.getElementById('root') && [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((link) => link.sheet !== null),
    );
    if ((await painted.count()) > 0) break;
  }
  await expect(painted).toBeVisible();
  await painted.click();
  await page.keyboard.type('12.3');
  await expect(painted).toHaveValue('12.3');
  releaseEntry();
  await expect(page.locator('#pp-first-screen')).toHaveCount(0);
  const field = page.getByRole('textbox', { name: /New Payment Amount/ });
  await expect(field).toHaveValue('12.3');
  // it is the app's value, not only the box's: the field is still focused, and typing goes on from there
  await expect(field).toBeFocused();
  await page.keyboard.type('4');
  await expect(field).toHaveValue('12.34');
});
