import { createHash, randomBytes } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';
import { withDb } from './support';

/**
 * The add-method page through the hosted fields frame (issue 22), at 375 px and on a desktop (both projects): no
 * layout shift while the page and its frames load. A contact of its own (a fresh contact of Harbor Street Kitchen).
 */

interface Link { token: string; base: string; api: string }

/** A new contact of the demo contact's Harbor Street Kitchen (Performance Foodservice), and a link of theirs. */
async function newContactLink(): Promise<Link> {
  const raw = randomBytes(32).toString('base64url');
  const place = await withDb(async (c) => {
    const { rows } = await c.query(
      `select cl.vendor_id, cl.location_id from contact_locations cl
         join contacts c on c.id = cl.contact_id join locations l on l.id = cl.location_id join vendors v on v.id = cl.vendor_id
        where c.email = 'demo@example.com' and l.display_name = 'Harbor Street Kitchen' order by v.name desc limit 1`);
    const { vendor_id: vendorId, location_id: locationId } = rows[0];
    const email = `e2e-add-method-${randomBytes(6).toString('hex')}@example.com`;
    const contact = (await c.query(`insert into contacts (first_name, last_name, email) values ('Dana', 'Reyes', $1) returning id`, [email])).rows[0].id;
    await c.query('insert into contact_locations (contact_id, vendor_id, location_id) values ($1, $2, $3)', [contact, vendorId, locationId]);
    await c.query(
      `insert into tokens (token_hash, contact_id, vendor_id, location_id, type, status, expires_at)
       values ($1, $2, $3, $4, 'click2pay', 'active', now() + interval '1 day')`,
      [createHash('sha256').update(raw).digest('hex'), contact, vendorId, locationId]);
    return { vendorId, locationId, contact };
  });
  return { token: raw, base: `/token/${raw}/vendors/${place.vendorId}/locations/${place.locationId}`, api: `/api/vendors/${place.vendorId}/locations/${place.locationId}/paymentmethods` };
}

const hosted = (page: Page) => page.getByRole('tabpanel').frameLocator('[data-testid="hosted-fields"]');

type Shift = { value: number; hadRecentInput: boolean; sources: string[] };

test('no layout shift on the add-method page: loading, both frames arriving, switching tabs (CLS ≤ 0.02)', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    const describe = (n: Node | null) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${String(n.className).slice(0, 40)}` : String(n?.nodeName));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }>) {
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const link = await newContactLink();
  /** the shown tab's iframe: its height on the page, and the height of the fields inside it */
  const heights = async () => ({
    iframe: await page.getByRole('tabpanel').getByTestId('hosted-fields').evaluate((f) => Math.round(f.getBoundingClientRect().height)),
    fields: await hosted(page).locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height)),
  });
  await page.goto(`${link.base}/paymentmethods/new`);
  await expect(hosted(page).getByLabel('ZIP Code')).toBeVisible();
  // the height reserved for the frame is the height of its fields
  const card = await heights();
  expect(card.fields).toBe(card.iframe);
  await page.getByRole('tab', { name: 'Bank Account' }).click();
  await expect(hosted(page).getByLabel('Checking Account Number')).toBeVisible();
  const bank = await heights();
  expect(bank.fields).toBe(bank.iframe);
  await page.getByRole('tab', { name: 'Card' }).click();
  await expect(hosted(page).getByLabel('ZIP Code')).toBeVisible();
  expect(await heights()).toEqual(card);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  const counted = shifts.filter((s) => !s.hadRecentInput);
  const cls = counted.reduce((sum, s) => sum + s.value, 0);
  expect(cls, JSON.stringify(counted)).toBeLessThanOrEqual(0.02);
});
