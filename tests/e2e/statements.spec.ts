import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, locationBase, test } from './support';

/**
 * Statements and reminders against the real server and the demo data, at 375 px and on the desktop: read the
 * statement from the dashboard tile and watch the vendor's ad banner rotate; turn statements on monthly on the last
 * day, update them, turn them off; add a reminder 3 days before due, see the duplicate error, delete it.
 * Each project works on its own Performance Foodservice location, and each test first undoes what an earlier
 * run may have left (so the file can run again on the same database).
 */

const LOCATION_BY_PROJECT: Record<string, string> = { 'phone-375': 'Harbor Street Kitchen', desktop: 'Magnolia Catering' };

const deliverySection = (page: Page) => page.getByRole('region', { name: 'Delivery Preferences' });

async function openDelivery(page: Page) {
  const section = deliverySection(page);
  const trigger = section.getByRole('button', { name: 'Delivery Preferences' });
  await expect(trigger).toBeVisible();
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(section.getByRole('tab', { name: 'Monthly', exact: true })).toBeVisible();
  return section;
}

test('statement from the dashboard: table, totals, aging, documents, a rotating ad banner', async ({ page }, info) => {
  const base = await locationBase(LOCATION_BY_PROJECT[info.project.name]);
  // the page's timers on a clock of the test's: it runs as the real one does, and the ad's duration (8 s in the demo
  // data, in 500 ms checks) is run through below, a check at a time, instead of waited for
  await page.clock.install();
  await page.goto(base);
  await page.getByRole('link', { name: 'STATEMENTS' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/statement$`));
  await expect(page.getByRole('heading', { level: 1, name: /Account Statement/ })).toBeVisible();
  await expect(page.getByTestId('statement-as-of')).toHaveText(/^as of \d{1,2}\/\d{1,2}\/\d{2}$/);
  const rows = page.getByTestId('statement-row');
  const empty = page.getByText('There are no open credits or invoices at this time.');
  await expect(rows.first().or(empty)).toBeVisible();
  if (await rows.count()) {
    const first = rows.first();
    await expect(first.getByRole('link').first()).toHaveAttribute('href', new RegExp(`${base}/invoices/[0-9a-f-]{36}$`));
    await expect(first.getByRole('link', { name: /^PDF of / })).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('statement-totals')).toContainText('Balance');
    await expect(page.getByTestId('statement-aging')).toContainText('Over 90 days past due');
    for (const row of await rows.all()) expect(await row.getAttribute('data-classification')).toMatch(/^(credit|pastDue|current)$/);
  }
  await expect(page.getByTestId('statement-disclaimer')).toContainText('Payments in transit may not be shown');
  await expect(page.getByRole('region', { name: 'Refer Us' }).getByRole('link')).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'Statement PDF' })).toHaveAttribute('href', `${base}/statement/pdfloader`);

  // The banner's space is reserved (about 25.68 % of its width) and the first ad rotates after its duration.
  const banner = page.getByTestId('ad-banner');
  const box = await banner.boundingBox();
  expect(box!.height / box!.width).toBeCloseTo(0.2568, 2);
  await expect(banner.getByTestId('ad-slide').first()).toBeVisible();
  await expect(banner).toHaveAttribute('data-ad-index', '0');
  await expectNoSeriousA11yViolations(page);
  // a check at a time (500 ms), so the clock stops at the second ad and never runs on past its 6 s to the third
  for (let step = 0; step < 40 && (await banner.getAttribute('data-ad-index')) === '0'; step++) await page.clock.runFor(500);
  await expect(banner).toHaveAttribute('data-ad-index', '1');
  expect((await banner.boundingBox())!.height).toBeCloseTo(box!.height, 0);

  // Make a Payment replaces the statement in history with click-to-pay.
  await page.getByRole('button', { name: 'Make a Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/click2pay$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
});

test('statement delivery: turn on monthly on the last day, update, turn off', async ({ page }, info) => {
  const base = await locationBase(LOCATION_BY_PROJECT[info.project.name]);
  await page.goto(`${base}/statement`);
  let section = await openDelivery(page);
  // A leftover delivery from an earlier run is turned off first.
  if (await section.getByRole('button', { name: 'Turn Off Statements' }).isVisible()) {
    await section.getByRole('button', { name: 'Turn Off Statements' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn Off' }).click();
  }
  await expect(section.getByTestId('delivery-message')).toHaveText('You’re not yet set up for automated statement delivery');
  await page.reload();
  section = deliverySection(page);
  // Nothing set up: the section is open by default.
  await expect(section.getByRole('tab', { name: 'Weekly', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(section.getByRole('radio', { name: 'Monday' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('tab', { name: 'Monthly', exact: true }).click();
  await expect(section.getByRole('radio', { name: '1', exact: true })).toBeChecked();
  await section.getByText('Last day of month').click();
  await expect(section.getByRole('radio', { name: 'Last day of month' })).toBeChecked();
  await section.getByRole('button', { name: 'Turn On' }).click();
  await expect(section.getByTestId('delivery-message')).toHaveText('Your statement delivery has been updated to monthly statements on the last day of the month.');
  await expect(section.getByRole('button', { name: 'Update' })).toBeDisabled();

  // Saved on the server: after a reload it is the current setting, the section closed.
  await page.reload();
  section = deliverySection(page);
  await expect(section.getByTestId('delivery-message')).toHaveText('You are currently receiving monthly statements on the last day of the month.');
  section = await openDelivery(page);
  await section.getByRole('tab', { name: 'Weekly', exact: true }).click();
  await expect(section.getByRole('radio', { name: 'Monday' })).toBeChecked();
  await section.getByText('Thursday').click();
  await section.getByRole('checkbox', { name: 'Send statements when there are no open invoices' }).check();
  await section.getByRole('button', { name: 'Update' }).click();
  await expect(section.getByTestId('delivery-message')).toHaveText('Your statement delivery has been updated to weekly statements on Thursday.');
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Turn Off Statements' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Turn Off Statements?' });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByTestId('delivery-message')).toContainText('weekly statements on Thursday');
  await section.getByRole('button', { name: 'Turn Off Statements' }).click();
  await confirm.getByRole('button', { name: 'Turn Off' }).click();
  await expect(section.getByTestId('delivery-message')).toHaveText('You’re not yet set up for automated statement delivery');
  await expect(section.getByRole('button', { name: 'Turn On' })).toBeEnabled();
});

test('reminders from the dashboard: add 3 days before due, duplicate refused, delete', async ({ page }, info) => {
  const base = await locationBase(LOCATION_BY_PROJECT[info.project.name]);
  await page.goto(base);
  await page.getByRole('link', { name: 'REMINDERS' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/reminders$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Setup Payment Reminders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Reminder Schedule' });
  const none = page.getByText('No Reminders are currently set up.');
  await expect(table.or(none)).toBeVisible();
  // Leftovers of an earlier run go first.
  const leftover = page.getByRole('button', { name: 'Delete the reminder 3 Days before an Invoice is Due' });
  if (await leftover.isVisible()) {
    await leftover.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(leftover).toBeHidden();
  }

  await page.getByRole('button', { name: 'Add a Reminder' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a Reminder' });
  await dialog.getByText('Days before an Invoice is Due').click();
  const days = dialog.getByLabel('Number of days');
  await days.fill('abc');
  await expect(dialog.getByText('Please use numbers only.')).toBeVisible();
  await days.fill('91');
  await expect(dialog.getByText('Days cannot be more then 90.')).toBeVisible();
  await days.fill('0');
  await expect(dialog.getByText('Days cannot be 0.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Set Reminder' })).toBeDisabled();
  await days.fill('3');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Set Reminder' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('3 Days before an Invoice is Due')).toBeVisible();

  // The same day again is refused.
  await page.getByRole('button', { name: 'Add a Reminder' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a Reminder' });
  await dialog.getByText('Days before an Invoice is Due').click();
  await dialog.getByLabel('Number of days').fill('3');
  await expect(dialog.getByRole('alert')).toHaveText('You already have a reminder set for that day.');
  await expect(dialog.getByRole('button', { name: 'Set Reminder' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Saved on the server; deleted after confirmation (Keep first keeps it).
  await page.reload();
  const remove = page.getByRole('button', { name: 'Delete the reminder 3 Days before an Invoice is Due' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the Reminder' });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(remove).toBeVisible();
  await remove.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(remove).toBeHidden();

  // The back bar returns to the dashboard.
  await page.getByRole('link', { name: /Back to Dashboard/ }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
});
