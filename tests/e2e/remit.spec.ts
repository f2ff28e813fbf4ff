import { expect } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, issueDemoLink, withDb, test } from './support';

/**
 * Remit, at 375 px and on the desktop against the real server:
 * - the remit form: select rows, change an amount (comment row), totals, print (print media shows the "Remit Form"
 *   slip with only the selected rows, the remit address and the fold line), and the "Remit form printed" entry then
 *   shows in the invoice's journey;
 * - replay: a contact-wide AutoPay link goes through the vendor and location choosers and lands on the AutoPay setup
 *   of its request, not on the dashboard.
 */
const hash = (raw: string) => createHash('sha256').update(raw).digest('hex');

async function remitPath(locationName: string) {
  const { base, locationId } = await issueDemoLink(locationName, { type: 'login' });
  const invoices = await withDb(async (c) => (await c.query(`select id, display_inv_num, open_amount_cents from invoices where location_id = $1 and payable and deleted_at is null
      order by due_date nulls last, display_inv_num`, [locationId])).rows);
  return { base, invoices };
}

test('remit form: select, change an amount, print the selected rows, and the journey shows the printout', async ({ page }, testInfo) => {
  const { base, invoices } = await remitPath('Harbor Street Kitchen');
  const positive = invoices.filter((i) => Number(i.open_amount_cents) > 0);
  expect(positive.length).toBeGreaterThan(1);
  const [first, second] = positive;
  await page.goto(base);
  await page.getByRole('link', { name: 'REMIT FORM' }).click();
  await expect(page).toHaveURL(`${base}/remit`);
  await expect(page.getByRole('heading', { name: /Remit Form for/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toBeVisible();
  await expect(page.getByTestId('remit-row')).toHaveCount(invoices.length);

  await page.getByRole('checkbox', { name: `Select invoice ${first.display_inv_num}` }).check();
  const amount = page.getByRole('textbox', { name: `Amount paid or credited for invoice ${first.display_inv_num}` });
  const openText = `$${(Number(first.open_amount_cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(amount).toHaveValue(openText);
  await expect(page.getByTestId('remit-comment')).toHaveCount(0);
  await amount.focus();
  await expect(amount).toHaveValue((Number(first.open_amount_cents) / 100).toFixed(2));
  await amount.fill('');
  await amount.pressSequentially('1x0.5');
  await amount.blur();
  await expect(amount).toHaveValue('$10.50');
  const comment = page.getByRole('textbox', { name: `Comment for invoice ${first.display_inv_num}` });
  await expect(comment).toBeVisible();
  await comment.fill('Short shipped');
  await expect(page.getByTestId('remit-subtotal').first()).toHaveText('$10.50');
  // focus on another row's amount selects it
  await page.getByRole('textbox', { name: `Amount paid or credited for invoice ${second.display_inv_num}` }).focus();
  await expect(page.getByRole('checkbox', { name: `Select invoice ${second.display_inv_num}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Select all invoices' })).toHaveJSProperty('indeterminate', invoices.length > 2);

  if (testInfo.project.name === 'phone-375') {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect(page.getByRole('textbox', { name: 'Comments' })).toBeHidden();
  } else {
    await page.getByRole('textbox', { name: 'Comments' }).fill('Check 4471 enclosed');
  }
  await expectNoSeriousA11yViolations(page);

  // print media: the slip, only the selected rows
  await page.emulateMedia({ media: 'print' });
  const slip = page.getByTestId('remit-print');
  await expect(slip).toBeVisible();
  await expect(slip).toContainText('Printed on');
  await expect(slip).toContainText('Fold Here');
  await expect(slip.getByTestId('remit-print-remit-to')).toContainText('7850 Forest Point Blvd');
  await expect(slip.getByTestId('remit-print-location')).toContainText('Harbor Street Kitchen');
  await expect(slip.getByTestId('remit-print-row')).toHaveCount(2);
  await expect(slip).toContainText('Short shipped');
  await expect(page.getByRole('heading', { name: /Remit Form for/ })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  const journey = page.waitForResponse((r) => r.url().endsWith('/journeys') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Print' }).click();
  expect((await journey).status()).toBe(204);

  await page.goto(`${base}/invoices/${first.id}`);
  await expect(page.getByTestId('journey-row').filter({ hasText: 'Remit form printed' }).first()).toBeVisible();

  // the server's PDF of the same slip
  await page.goto(`${base}/remit`);
  await page.getByRole('checkbox', { name: `Select invoice ${first.display_inv_num}` }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^remit-form-\d{4}-\d{2}-\d{2}\.pdf$/);
});

test('an AutoPay link through the vendor and location choosers lands on the AutoPay setup of its request', async ({ page }) => {
  const raw = randomBytes(32).toString('base64url');
  const request = await withDb(async (c) => {
    const r = (await c.query(
      `select r.id, r.contact_id, v.display_name as vendor, l.display_name as location from requests r join contacts c on c.id = r.contact_id
         join vendors v on v.id = r.vendor_id join locations l on l.id = r.location_id
        where c.email = 'demo@example.com' and r.type = 'autopay' and r.status = 'active' order by r.created_at desc limit 1`)).rows[0];
    await c.query(`insert into tokens (token_hash, contact_id, type, status, request_id, expires_at)
       values ($1, $2, 'autopay', 'active', $3, now() + interval '7 days')`, [hash(raw), r.contact_id, r.id]);
    return r;
  });
  await page.goto(`/token/${raw}`);
  await expect(page.getByRole('heading', { name: 'Choose a Vendor' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: new RegExp(request.vendor) }).click();
  await expect(page.getByRole('heading', { name: 'Choose a Location' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(request.location) }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/[0-9a-f-]+/autopay/${request.id}$`));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('performancepay.persisted') ?? 'null'));
  expect(stored.version).toBe(1);
  expect(stored.replay.everDispatched).toBe(true);
  expect(stored.replay.actions.at(-1)).toMatchObject({ replayType: 'autopay', requestId: request.id, status: 'sent' });
});
