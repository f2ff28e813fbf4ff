import { expect, type Page } from '@playwright/test';
import { agreeToTerms, expectNoSeriousA11yViolations, issueDemoLink, withDb, test } from './support';

/**
 * Click-to-pay journeys against the real server. The paying journeys change the demo data (invoices become
 * scheduled), so they run once per server start, on the desktop project; the phone project checks the page at
 * 375 px with the keyboard without paying.
 */
const desktopOnly = (name: string) => test.skip(name !== 'desktop', 'pays demo invoices: runs once per fresh e2e database (desktop project)');

/** Issues a click2pay link of the demo contact for a location (by display name) and returns the click2pay path. */
async function click2payPath(locationName: string): Promise<string> {
  return `${(await issueDemoLink(locationName)).base}/click2pay`;
}

const invoiceBox = (page: Page, num: string) => page.getByRole('checkbox', { name: `Select invoice ${num}` });

test('pay two invoices and a credit with the saved card that has a fee: subtotal, fee, total and the confirmation', async ({ page }, testInfo) => {
  desktopOnly(testInfo.project.name);
  await page.goto(await click2payPath('Blue Heron Grill'));
  await expect(page.getByRole('heading', { name: /Make a Payment for/ })).toBeVisible();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await page.getByText('Visa Busin 4821').click();
  for (const num of ['INV4411265', 'INV4411540', 'CM-4411552']) await invoiceBox(page, num).check({ force: true });
  // 731.45 + 1,390.25 − 212.00 = 1,909.70; 2.9 % = 55.3813 → 55.38.
  await expect(page.getByTestId('subtotal')).toHaveText('$1,909.70');
  await expect(page.getByTestId('fee')).toHaveText('$55.38');
  await expect(page.getByTestId('total')).toHaveText('$1,965.08');
  const pay = page.getByRole('button', { name: 'Confirm and Pay' });
  await expect(pay).toBeDisabled();
  await agreeToTerms(page);
  await expect(pay).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await pay.dblclick();
  await expect(page.getByRole('heading', { name: /Payment Scheduled for/ })).toBeVisible();
  await expect(page).toHaveURL(/\/click2pay\/[0-9a-f-]{36}\/confirmation$/);
  await expect(page.getByTestId('payment-total')).toHaveText('$1,965.08');
  await expect(page.getByTestId('confirmation-number')).not.toBeEmpty();
  // The confirmation offers what the payment detail does (recurring §2.10, §9).
  await expect(page.getByTestId('payment-method')).toHaveText('Visa Busin 4821');
  await expect(page.getByLabel('Check Number')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Payment Confirmation \d{4}-\d{2}-\d{2} .+ Blue Heron Grill\.csv$/);
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  const groups = await withDb(async (c) => (await c.query(
    `select count(*)::int as n from payment_groups pg join payments p on p.payment_group_id = pg.id
      join invoices i on i.id = p.invoice_id where i.display_inv_num = 'INV4411265'`)).rows[0].n);
  expect(groups).toBe(1);
});

test('dispute one invoice and part-pay another: the disputed page', async ({ page }, testInfo) => {
  desktopOnly(testInfo.project.name);
  await page.goto(await click2payPath('Magnolia Catering'));
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Change payment amount of invoice INV4411187' }).click();
  await page.getByRole('dialog', { name: 'Change payment amount?' }).getByRole('button', { name: 'Dispute Invoice' }).click();
  await expect(page.getByRole('heading', { name: /Dispute an Invoice for/ })).toBeVisible();
  await expect(page.getByText('A dispute will result in no payment being made on this invoice.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Reason' }).selectOption('Quantity/Weight Incorrect');
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByText('Disputed')).toBeVisible();
  await page.getByRole('button', { name: 'Change payment amount of invoice INV4411422' }).click();
  await page.getByRole('dialog', { name: 'Change payment amount?' }).getByRole('button', { name: 'Partial Payment' }).click();
  await expect(page.getByRole('heading', { name: /Partial Payment for/ })).toBeVisible();
  const amount = page.getByRole('textbox', { name: 'New Payment Amount*' });
  await amount.fill('0');
  await expect(page.getByText('New amount cannot be $0 or negative.')).toBeVisible();
  await amount.fill('100.00');
  await page.getByRole('combobox', { name: 'Reason*' }).selectOption('Discount');
  await expect(page.getByTestId('remaining')).toHaveText('$1,085.30');
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByText('Paying $100.00')).toBeVisible();
  await expect(invoiceBox(page, 'INV4411187')).toBeChecked();
  await expect(invoiceBox(page, 'INV4411422')).toBeChecked();
  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByRole('heading', { name: /Payment Scheduled for/ })).toBeVisible();
  await expect(page).toHaveURL(/\/click2pay\/disputed$/);
  await expect(page.getByText(/dispute will be sent to your .* representative/)).toBeVisible();
  // A partial payment was made: the page says it is scheduled.
  await expect(page.getByText('Any partial payments you made are scheduled on the date you chose.')).toBeVisible();
});

test('at 375 px the pay page fits and works with the keyboard alone', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone-375', 'phone layout check');
  await page.goto(await click2payPath('Harbor Street Kitchen'));
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await invoiceBox(page, 'INV4411702').focus();
  await page.keyboard.press('Space');
  await expect(invoiceBox(page, 'INV4411702')).toBeChecked();
  // The terms checkbox is remounted, unchecked, when the chosen method's terms arrive (core §4): wait for the
  // agreement's link, as a user reads it, before ticking the box.
  await expect(page.getByRole('link', { name: 'Electronic Payment Agreement' })).toBeVisible();
  const terms = page.getByRole('checkbox', { name: 'I agree to the' });
  await terms.focus();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});
