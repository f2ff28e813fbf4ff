import { expect, type Page } from '@playwright/test';
import { locationBase, withDb, test } from './support';

/**
 * no table cuts what the customer needs to read. At 375 px (the compact phone rows) and at 1280 px (the desktop table)
 * every table page of the demo data is opened and every cell of every table is checked: no text runs past its box
 * (scrollWidth > clientWidth), no ellipsis actually cuts a value, no clipped box hides lines of wrapped text.
 * Read-only: safe in both projects and after the paying journeys.
 */

interface Cut {
  table: string;
  text: string;
  why: string;
}

/** Every cut text inside the page's tables (cells, headers, and what they hold). */
async function cutTexts(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const cuts: Cut[] = [];
    const hidden = (el: HTMLElement, style: CSSStyleDeclaration) => {
      const box = el.getBoundingClientRect();
      // Visually hidden text (screen readers only: 1 px, clipped) and boxes not laid out are not read by anyone.
      return box.width <= 1 || box.height <= 1 || (style.clip !== 'auto' && style.clip !== '') || style.display === 'none';
    };
    for (const table of document.querySelectorAll<HTMLElement>('[role=table], table')) {
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? '?';
      const parts = table.querySelectorAll<HTMLElement>('[role=cell], [role=rowheader], [role=columnheader], td, th, [role=cell] *, [role=rowheader] *, [role=columnheader] *, td *, th *');
      for (const el of parts) {
        if (el instanceof HTMLInputElement && el.type === 'checkbox') continue;
        if (el instanceof SVGElement) continue;
        const style = getComputedStyle(el);
        if (hidden(el, style)) continue;
        const text = (el instanceof HTMLInputElement ? el.value : el.innerText ?? '').trim().replace(/\s+/g, ' ');
        if (!text) continue;
        const clipsX = style.overflowX !== 'visible';
        const clipsY = style.overflowY !== 'visible' || style.webkitLineClamp !== 'none';
        if (el.scrollWidth > el.clientWidth) {
          const why = style.textOverflow === 'ellipsis' ? 'ellipsis' : clipsX ? 'clipped' : 'runs past its box';
          cuts.push({ table: name, text, why: `${why} (${el.scrollWidth} > ${el.clientWidth} px wide)` });
        } else if (clipsY && el.scrollHeight > el.clientHeight + 1) {
          cuts.push({ table: name, text, why: `lines hidden (${el.scrollHeight} > ${el.clientHeight} px high)` });
        }
      }
    }
    // One entry per text (a cell and the element inside it report the same cut).
    return cuts.filter((c, i) => cuts.findIndex((d) => d.table === c.table && d.text === c.text) === i);
  });
}

/** Waits for the page's tables to have settled: rows shown, entrance animations over. */
async function settled(page: Page) {
  await expect(page.locator('[role=table] [role=row][aria-rowindex="2"], table tbody tr').first()).toBeVisible();
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

async function ids(locationName: string) {
  return withDb(async (c) => {
    const location = (await c.query('select id from locations where display_name = $1 limit 1', [locationName])).rows[0].id as string;
    const message = (await c.query('select id from template_messages where location_id = $1 order by created_at desc limit 1', [location])).rows[0]?.id as string | undefined;
    const group = (await c.query(
      `select pg.id from payment_groups pg join payments p on p.payment_group_id = pg.id join invoices i on i.id = p.invoice_id
        where pg.location_id = $1 group by pg.id order by max(length(i.display_inv_num)) desc, count(*) desc limit 1`, [location])).rows[0]?.id as string | undefined;
    const invoice = (await c.query(
      `select i.id from invoices i join invoice_journeys j on j.invoice_id = i.id
        where i.location_id = $1 group by i.id order by max(length(i.display_inv_num)) desc, count(*) desc limit 1`, [location])).rows[0]?.id as string | undefined;
    return { message, group, invoice };
  });
}

const PAGES: Array<{ location: string; pages: (found: Awaited<ReturnType<typeof ids>>) => Array<[name: string, path: string]> }> = [
  {
    location: 'Blue Heron Grill',
    pages: ({ message, group, invoice }) => [
      ['invoice report', '/invoices'],
      ['payment report', '/payments'],
      ...(group ? [['payment detail', `/payments/${group}`] as [string, string]] : []),
      ['pay page', '/click2pay'],
      ['statement', '/statement'],
      ['messages list', '/messages'],
      ...(message ? [['template message', `/templatemessages/${message}`] as [string, string]] : []),
      ['remit form', '/remit'],
      ['resolution center', '/resolutioncenter'],
      ...(invoice ? [['invoice journey', `/invoices/${invoice}`] as [string, string]] : []),
    ],
  },
  {
    location: 'Magnolia Catering',
    pages: ({ message }) => [
      ...(message ? [['template message', `/templatemessages/${message}`] as [string, string]] : []),
      ['pay page', '/click2pay'],
    ],
  },
  { location: 'Harbor Street Kitchen', pages: () => [['plans', '/plans'], ['remit form', '/remit']] },
];

for (const { location, pages } of PAGES) {
  test(`${location}: no table cuts its text (invoice numbers, amounts, dates whole; free text wraps)`, async ({ page }) => {
    const base = await locationBase(location);
    const found = await ids(location);
    const report: string[] = [];
    for (const [name, path] of pages(found)) {
      await page.goto(`${base}${path}`);
      // A page that shows no table row has nothing checked: that is a failure of its own, and the walk goes on.
      if (!(await settled(page).then(() => true, () => false))) {
        report.push(`${name}: no table rows shown`);
        continue;
      }
      // Phone rows: every row's disclosure is opened first, so the values one tap away are checked too.
      await page.evaluate(() => {
        for (const b of document.querySelectorAll<HTMLButtonElement>('[role=table] [role=row] button[aria-expanded=false][aria-controls]')) b.click();
      });
      await expect(page.locator('[role=table] [role=row] button[aria-expanded=false][aria-controls]')).toHaveCount(0);
      for (const cut of await cutTexts(page)) report.push(`${name} › ${cut.table}: "${cut.text}" ${cut.why}`);
    }
    expect(report).toEqual([]);
  });
}

test('remit form on a phone: the select-all box has a visible label beside it', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone-375', 'the card layout of a phone (375 px)');
  const base = await locationBase('Harbor Street Kitchen');
  await page.goto(`${base}/remit`);
  const table = page.getByRole('table', { name: 'Invoices to remit' });
  const box = table.getByRole('checkbox', { name: 'Select all invoices' });
  await expect(box).toBeVisible();
  const text = table.locator('label:has(input[aria-label="Select all invoices"])').getByText('Select all invoices', { exact: true });
  await expect(text).toBeVisible();
  // Beside the box, on the same line, and whole.
  const [b, tb] = [await box.boundingBox(), await text.boundingBox()];
  expect(tb!.x).toBeGreaterThan(b!.x);
  expect(Math.abs(tb!.y + tb!.height / 2 - (b!.y + b!.height / 2))).toBeLessThan(8);
  expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await text.click();
  await expect(box).toBeChecked();
});
