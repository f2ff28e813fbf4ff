import { expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, issueDemoLink, withDb, type DemoLink, test } from './support';

/**
 * AutoPay Plus and payment plans against the real server, at 375 px and on the desktop (both projects).
 * Demo data: Magnolia Catering (Performance Foodservice) has an AutoPay request and a plan request and a Visa with a
 * 2.9 % fee; Harbor Street Kitchen has the active "Spring Catch-Up Plan" paid by "Operating Checking 6703".
 * Each test makes its own link (and, where it changes shared demo rows, its own rows) so the two projects and
 * repeated runs do not depend on each other.
 */
type Place = DemoLink;
const linkTo = (locationName: string, type = 'click2pay', requestId: string | null = null): Promise<Place> =>
  issueDemoLink(locationName, { type, requestId });

/** A fresh request at the location (AutoPay or plan), so every run has an open one. */
async function newRequest(place: Place, type: 'autopay' | 'paymentplan', extra: { excluded?: string[]; plan?: object } = {}): Promise<string> {
  return withDb(async (c) => {
    const { rows } = await c.query(
      `insert into requests (vendor_id, location_id, contact_id, type, start_date, excluded_invoice_ids, plan, status)
       values ($1, $2, $3, $4, current_date + 3, $5::jsonb, $6::jsonb, 'active') returning id`,
      [place.vendorId, place.locationId, place.contactId, type, JSON.stringify(extra.excluded ?? []), extra.plan ? JSON.stringify(extra.plan) : null]);
    return rows[0].id as string;
  });
}

/** A second verified card at the location (a method to change to). */
async function addCard(place: Place, name: string, lastFour: string, serviceFee: string | null) {
  await withDb((c) => c.query(
    `insert into payment_methods (contact_id, vendor_id, location_id, provider, name, last_four, brand, exp_month, exp_year, service_fee, provider_token)
     values ($1, $2, $3, 'plastiq-cc', $4, $5, 'Visa', 12, extract(year from now())::int + 3, $6, $7)`,
    [place.contactId, place.vendorId, place.locationId, name, lastFour, serviceFee, `tok_${randomBytes(8).toString('hex')}`]));
}

const narrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 420;
const radioName = (page: Page, name: string, lastFour: string) => `${narrow(page) ? name.slice(0, 5) : name.slice(0, 10)} ${lastFour}`;

test('AutoPay: set up from the request link with its exclusions, AUTOPAY ON, change the method through the fee modal, turn it off', async ({ page }) => {
  const place = await linkTo('Magnolia Catering');
  // No AutoPay left at the location from an earlier run.
  await withDb((c) => c.query('update autopays set deleted_at = now() where location_id = $1 and deleted_at is null', [place.locationId]));
  const invoice = await withDb(async (c) => (await c.query(
    `select id, display_inv_num from invoices where location_id = $1 and open_amount_cents > 0 order by display_inv_num limit 1`, [place.locationId])).rows[0]);
  const requestId = await newRequest(place, 'autopay', { excluded: [invoice.id] });
  const link = await linkTo('Magnolia Catering', 'autopay', requestId);
  // A card of this run only (earlier runs left theirs): its last four tell it apart.
  const cardFour = String(1000 + Math.floor(Math.random() * 9000));
  await addCard(place, 'Corporate Card', cardFour, '3.5');

  // The token entry of type autopay lands on .../autopay/{requestId}.
  await page.goto(`/token/${link.token}`);
  await expect(page).toHaveURL(new RegExp(`/autopay/${requestId}$`));
  await expect(page.getByRole('heading', { name: /AutoPay for/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Excluded Invoices\s*\(Optional\)/ })).toBeVisible();
  // The request preset the exclusion.
  await expect(page.getByRole('checkbox', { name: `Exclude invoice ${invoice.display_inv_num}` })).toBeChecked();
  await page.getByRole('radio', { name: radioName(page, 'Visa Business', '4821') }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('link', { name: 'Electronic Payment Agreement' })).toBeVisible(); // the chosen method's terms (the box remounts when they arrive)
  await page.getByRole('checkbox', { name: 'I agree to the' }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('checkbox', { name: 'I agree to the' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Set Up AutoPay Plus' }).click();
  const fee = page.getByRole('alertdialog', { name: 'Set up AutoPay Plus?' });
  await expect(fee).toContainText('2.9%');
  await fee.getByRole('button', { name: 'Set Up AutoPay Plus' }).click();
  await expect(page).toHaveURL(/\/autopayconfirmation$/);
  await expect(page.getByRole('heading', { name: /AutoPay set up for/ })).toBeVisible();

  // The dashboard tile reads AUTOPAY ON and goes to manage.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.getByRole('link', { name: 'AUTOPAY ON' }).click();
  await expect(page).toHaveURL(/\/autopaymanage$/);

  // Change the method: the new card has a fee → "Update AutoPay Plus?".
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await page.getByRole('radio', { name: radioName(page, 'Corporate Card', cardFour) }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('link', { name: 'Electronic Payment Agreement' })).toBeVisible(); // the chosen method's terms (the box remounts when they arrive)
  await page.getByRole('checkbox', { name: 'I agree to the' }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('checkbox', { name: 'I agree to the' })).toBeChecked();
  await expect(update).toBeEnabled();
  await update.click();
  const updateFee = page.getByRole('alertdialog', { name: 'Update AutoPay Plus?' });
  // the card was saved with a 3.5 % fee (above today's cap): the modal says the 3 % charged (issue 20)
  await expect(updateFee).toContainText('A service fee of 3% will be added');
  await expectNoSeriousA11yViolations(page);
  await updateFee.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/autopaymanage\/confirmation$/);
  await expect(page.getByRole('heading', { name: /AutoPay updated for/ })).toBeVisible();
  await expect(page.getByText(`Corporate Card ${cardFour}`)).toBeVisible();

  // Turn it off (keyboard: the confirmation modal's button by Tab/Enter).
  await page.getByRole('link', { name: 'Manage AutoPay' }).click();
  await page.getByRole('button', { name: 'Turn Off AutoPay' }).click();
  const off = page.getByRole('alertdialog', { name: 'Turn off AutoPay Plus?' });
  await expect(off).toBeVisible();
  const confirm = off.getByRole('button', { name: 'Turn Off' });
  for (let i = 0; i < 4 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/autopaydelete\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'AutoPay turned off' })).toBeVisible();
  await expect(page.getByTestId('deactivation-date')).toContainText('AutoPay Plus was turned off on');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('link', { name: 'AUTOPAY', exact: true })).toBeVisible();
});

test('plans: the PAYMENT PLANS report, the demo plan with its schedule, change its method', async ({ page }) => {
  const place = await linkTo('Harbor Street Kitchen');
  const lastFour = String(1000 + Math.floor(Math.random() * 9000));
  await addCard(place, 'Plan Visa', lastFour, null);
  await page.goto(place.base);
  await page.getByRole('link', { name: 'PAYMENT PLANS' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { name: /Payment Plans for/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Spring Catch-Up Plan' }).click();
  await expect(page.getByTestId('plan-summary')).toContainText('Bi-Weekly');
  await expect(page.getByTestId('plan-summary')).toContainText('Open');
  await expect(page.getByTestId('schedule-row').first()).toContainText(/(MON|TUE|WED|THU|FRI|SAT|SUN) \d{1,2}\/\d{1,2}\/\d{2}/);
  await page.getByRole('link', { name: 'Update Payment Method' }).click();
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await page.getByRole('radio', { name: radioName(page, 'Plan Visa', lastFour) }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('link', { name: 'Electronic Payment Agreement' })).toBeVisible(); // the chosen method's terms (the box remounts when they arrive)
  await page.getByRole('checkbox', { name: 'I agree to the' }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('checkbox', { name: 'I agree to the' })).toBeChecked();
  await update.click();
  const modal = page.getByRole('alertdialog', { name: 'Update payment plan?' });
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/update\/confirmation$/);
  await expect(page.getByRole('heading', { name: /Payment plan updated for/ })).toBeVisible();
  await expect(page.getByTestId('plan-method')).toContainText(`Plan Visa ${lastFour}`);
  // Put the demo plan back on its bank account for the next run.
  await withDb((c) => c.query(
    `update payment_plans set payment_method_id = (select id from payment_methods where location_id = $1 and name = 'Operating Checking' and deleted_at is null limit 1)
      where location_id = $1 and name = 'Spring Catch-Up Plan'`, [place.locationId]));
});

test('plans: set up a plan from the plan request link', async ({ page }) => {
  const place = await linkTo('Magnolia Catering');
  const name = `E2E Plan ${randomBytes(3).toString('hex')}`;
  // The request's plan is stored in cents, as the demo seed stores it.
  const requestId = await newRequest(place, 'paymentplan', { plan: { paymentPlanName: name, startDate: new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10), frequency: 'weekly', totalAmount: 100000, eachAmount: 30000 } });
  const link = await linkTo('Magnolia Catering', 'paymentplan', requestId);
  await page.goto(`/token/${link.token}`);
  await expect(page).toHaveURL(new RegExp(`/planrequests/${requestId}$`));
  await expect(page.getByRole('heading', { name: /Payment Plan for/ })).toBeVisible();
  await expect(page.getByTestId('plan-nickname')).toHaveText(name);
  const setUp = page.getByRole('button', { name: 'Set Up Payment Plan' });
  await expect(setUp).toBeDisabled();
  await page.getByRole('radio', { name: radioName(page, 'Visa Business', '4821') }).locator('xpath=ancestor::label').click();
  // The card's 2.9 % fee is in each amount and the total.
  await expect(page.getByTestId('each-amount')).toContainText('with fees');
  await page.getByRole('button', { name: 'Plan Summary' }).click();
  await expect(page.getByTestId('schedule-row')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Electronic Payment Agreement' })).toBeVisible(); // the chosen method's terms (the box remounts when they arrive)
  await page.getByRole('checkbox', { name: 'I agree to the' }).locator('xpath=ancestor::label').click();
  await expect(page.getByRole('checkbox', { name: 'I agree to the' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await setUp.click();
  await expect(page).toHaveURL(new RegExp(`/planrequests/${requestId}/confirmation$`));
  await expect(page.getByRole('heading', { name: /Payment plan set up for/ })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
});
