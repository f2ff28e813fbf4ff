import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { achBusinessDaysAfter } from '../../core/rules/ach-returns';
import { agreeToTerms, expandPicker, issueDemoLink, withDb, test, runCli } from './support';

/**
 * ACH returns end to end (issue 20), one journey per return code, each on an invoice of its own (inserted here, so the
 * journey does not depend on the demo's invoices): add a bank account with the sandbox's test number, verify it with
 * the micro-deposits ($0.32 / $0.45), pay the invoice, move the clock with the jobs CLI against the e2e database —
 * `settlement` on the payment date, `returns` 2 Federal Reserve business days later — then see in the browser the
 * Returned payment (report and detail), the "Payment Failed" message in the resolution center, the e-mail in the
 * outbox, the invoice payable again, the bank account marked unusable (R02/R03/R10; R01 keeps it usable), and pay
 * again with another method. Harbor Street Kitchen (Performance Foodservice) takes bank accounts (priority-ach).
 */

/**
 * Each code once, in one of the two projects (each has its own e2e database, whose clock the journey moves): two at
 * 1280 px and two at 375 px, so the two projects' workers take about as long (the desktop project's files took 40 s
 * more than the phone's, and the journeys end with the longer one).
 */
const CODES = [
  { code: 'R01', account: '9900000001', reason: 'insufficient funds', disables: false, project: 'desktop' },
  { code: 'R02', account: '9900000002', reason: 'account closed', disables: true, project: 'phone-375' },
  { code: 'R03', account: '9900000003', reason: 'no account found', disables: true, project: 'desktop' },
  { code: 'R10', account: '9900000010', reason: 'debit not authorized by the account holder', disables: true, project: 'phone-375' },
] as const;

/** `npm run jobs -- run <job> --at <time>` against the e2e database, as an operator would move the clock. */
async function jobsCli(job: string, at: string) {
  return runCli('jobs', ['run', job, '--at', at]);
}

/** Ticks the invoice, agrees to the terms and pays; the confirmation number. */
async function payInvoice(page: Page, invoiceNumber: string): Promise<string> {
  await page.getByRole('checkbox', { name: `Select invoice ${invoiceNumber}` }).check({ force: true });
  await agreeToTerms(page);
  const pay = page.getByRole('button', { name: 'Confirm and Pay' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByRole('heading', { name: /Payment Scheduled for/ })).toBeVisible();
  const confirmation = page.getByTestId('confirmation-number');
  await expect(confirmation).not.toBeEmpty();
  return (await confirmation.textContent())!.trim();
}

for (const c of CODES) {
  test(`${c.code}: a bank debit returned (${c.reason}) — Returned, the message, the e-mail, the invoice payable again${c.disables ? ', the account unusable' : ''}; pay again`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== c.project, `moves the clock of its project's e2e database: once, in ${c.project}`);
    test.setTimeout(90_000);
    const place = await issueDemoLink('Harbor Street Kitchen', { lastVendorByName: true });
    const invoiceNumber = `RET-${c.code}-${randomBytes(3).toString('hex').toUpperCase()}`;
    await withDb((db) =>
      db.query(
        `insert into invoices (vendor_id, location_id, external_id, display_inv_num, open_amount_cents, original_amount_cents, due_date, invoice_date, payable, status)
         values ($1, $2, $3, $3, 12345, 12345, current_date + 10, current_date, true, 'open')`,
        [place.vendorId, place.locationId, invoiceNumber],
      ),
    );

    // add the bank account with the test number and verify it
    const nickname = `Ret ${c.code}`;
    const lastFour = c.account.slice(-4);
    // the picker's label: the nickname cut to 10 characters, 5 below 420 px (core §Payment methods)
    const picked = `${nickname.slice(0, testInfo.project.name === 'phone-375' ? 5 : 10)} ${lastFour}`;
    await page.goto(`${place.base}/click2pay`);
    await expandPicker(page);
    await page.getByRole('link', { name: 'Add Payment Method' }).click();
    await page.getByRole('tab', { name: 'Bank Account' }).click();
    await page.getByLabel('Account Nickname').fill(nickname);
    // the numbers are typed in the payments origin's hosted fields frame (issue 21)
    const hosted = page.locator('[role="tabpanel"] [data-testid="hosted-fields"]:visible').first().contentFrame();
    await hosted.getByLabel('Routing Number').fill('011000015');
    await hosted.getByLabel('Checking Account Number').fill(c.account);
    await page.getByRole('button', { name: 'Add Bank Account' }).click();
    await expect(page).toHaveURL(new RegExp(`${place.base}/click2pay$`));
    await expandPicker(page);
    await page.getByRole('button', { name: `Verify ${nickname} ${lastFour}` }).click();
    const verify = page.getByRole('dialog', { name: `Verify ${nickname} ${lastFour}` });
    await verify.getByLabel('First deposit amount').fill('0.32');
    await verify.getByLabel('Second deposit amount').fill('0.45');
    await verify.getByRole('button', { name: 'Verify' }).click();
    const verified = page.getByRole('alertdialog', { name: `Verify ${nickname} ${lastFour}` });
    await expect(verified).toContainText('Bank account verified.');
    await verified.getByRole('button', { name: 'Close' }).click();

    // pay the invoice with it
    const radio = page.getByRole('radio', { name: picked });
    await expect(radio).toBeEnabled();
    await radio.locator('xpath=ancestor::label').click();
    await expect(radio).toBeChecked();
    const confirmationNumber = await payInvoice(page, invoiceNumber);
    const group = await withDb(async (db) =>
      (await db.query(`select id, to_char(payment_date, 'YYYY-MM-DD') as date from payment_groups where confirmation_number = $1`, [confirmationNumber])).rows[0] as { id: string; date: string });

    // the clock: debited on its date, returned 2 business days later
    await jobsCli('settlement', `${group.date}T17:00:00Z`);
    expect(await withDb(async (db) => (await db.query('select status from payment_groups where id = $1', [group.id])).rows[0].status)).toBe('complete');
    const returnDay = achBusinessDaysAfter(Temporal.PlainDate.from(group.date), 2).toString();
    expect(await jobsCli('returns', `${returnDay}T17:00:00Z`)).toMatch(/returned [1-9]/);

    // the payment report and detail say Returned, and why
    await page.goto(`${place.base}/payments`);
    await expect(page.getByRole('heading', { level: 2, name: 'Returned' })).toBeVisible();
    const returned = page.getByRole('table', { name: 'Returned payments' });
    await expect(returned).toContainText(confirmationNumber);
    await page.goto(`${place.base}/payments/${group.id}`);
    await expect(page.getByTestId('payment-status')).toHaveText('Returned');
    await expect(page.getByTestId('payment-return-reason')).toHaveText(`${c.reason} (${c.code})`);

    // the "Payment Failed" message in the resolution center, filed under the invoice
    await page.goto(`${place.base}/resolutioncenter`);
    const failedGroup = page.getByTestId('resolution-group').filter({ has: page.getByRole('heading', { level: 2, name: 'Payment Failed' }) });
    await expect(failedGroup.locator(`[data-testid="resolution-row"][data-invoice="${invoiceNumber}"]`)).toContainText(`returned by your bank: ${c.reason} (${c.code})`);

    // one e-mail in the outbox, with a link to pay again
    const mails = await withDb(async (db) =>
      (await db.query(`select subject, body from outbox where channel = 'email' and body like $1`, [`%${confirmationNumber}%`])).rows as Array<{ subject: string; body: string }>);
    expect(mails.filter((m) => m.subject === 'Your payment was returned by your bank')).toHaveLength(1);
    const link = mails.find((m) => m.subject === 'Your payment was returned by your bank')!.body.match(/https?:\/\/\S+\/token\/[A-Za-z0-9_-]+\/vendors\/[0-9a-f-]+\/locations\/[0-9a-f-]+/)![0];

    // from the e-mail's link: the invoice is payable again, the account marked (or not), pay again with another method
    await page.goto(`${new URL(link).pathname}/click2pay`);
    await expect(page.getByRole('checkbox', { name: `Select invoice ${invoiceNumber}` })).toBeEnabled();
    await expandPicker(page);
    const row = page.getByRole('radio', { name: picked }).locator('xpath=ancestor::li');
    if (c.disables) {
      await expect(page.getByRole('radio', { name: picked })).toBeDisabled();
      await expect(row.getByTestId('payment-method-unusable')).toHaveText(`Can't be used: the bank returned a payment (${c.reason}).`);
    } else {
      await expect(page.getByRole('radio', { name: picked })).toBeEnabled();
      await expect(row.getByTestId('payment-method-unusable')).toHaveCount(0);
    }
    const other = page.getByRole('radio', { name: /6703$/ });
    await other.locator('xpath=ancestor::label').click();
    await expect(other).toBeChecked();
    const again = await payInvoice(page, invoiceNumber);
    expect(again).not.toBe(confirmationNumber);
  });
}
