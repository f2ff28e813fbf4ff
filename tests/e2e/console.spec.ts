import { createHash, randomBytes, randomUUID as randomUUIDv4 } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { agreeToTerms, e2e, expandPicker, expectNoSeriousA11yViolations, issueDemoLink, test, withDb, runCli } from './support';

/**
 * The vendor's console as its people meet it: an admin made with the vendor CLI opens the printed link and lands on the
 * Team page (the token gone from the address), invites an AR clerk, changes the clerk's role, removes the clerk, signs
 * out; signs in again by asking for a link on the sign-in page (read from the outbox, as a mail client would); a used
 * link is refused with its reason. At 375 px and on a desktop, axe clean.
 */

// Each journey here is a person's whole session across several console pages (and a customer's), with axe on each:
// 25-57 s on this 2-core machine when quiet, past the default 60 s when it is loaded (two desktop journeys timed out
// so in a full run). They wait for states, never the clock; the bound only says when to give up.
test.describe.configure({ timeout: 150_000 });

async function vendorCli(args: string[]) {
  return runCli('vendor', args);
}

const linkIn = (text: string) => /https?:\/\/\S+\/console\/sign-in#[A-Za-z0-9_-]{43}/.exec(text)?.[0];

async function consoleLinkFromOutbox(recipient: string, after: Date): Promise<string> {
  for (let i = 0; i < 75; i++) {
    const row = await withDb(async (c) => (await c.query('select body from outbox where recipient = $1 and created_at >= $2 order by created_at desc limit 1', [recipient, after])).rows[0]);
    const link = row ? linkIn(row.body) : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no console link for ${recipient}`);
}

async function demoVendorId(): Promise<string> {
  return withDb(async (c) => (await c.query(`select id from vendors where name = 'Performance Foodservice – Carolina'`)).rows[0].id);
}

const teamRow = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email }) });

test('an admin signs in with the CLI’s link, runs the team, signs out, and signs in again by e-mail', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const tag = `${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}`;
  const admin = `admin-${tag}@performancefood.example`;
  const clerk = `clerk-${tag}@performancefood.example`;
  const link = linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', admin, '--role', 'admin']))!;
  expect(link).toBeTruthy();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(page.url()).toBe(`${e2e().url}/console`); // the token left the address
  await expect(page.getByTestId('home-collectedToday')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText(`${admin} (Admin)`)).toBeVisible();
  await expect(page.getByText('Performance Foodservice – Carolina').first()).toBeVisible();
  await expect(teamRow(page, admin)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // invite an AR clerk
  await page.getByLabel('E-mail address').fill(clerk);
  await page.getByLabel('Name (optional)').fill('Casey Clerk');
  await page.getByLabel('Role', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent. The link in it works once, for 7 days.')).toBeVisible();
  await expect(teamRow(page, clerk)).toBeVisible();
  const invitation = await withDb(async (c) => (await c.query('select subject, body from outbox where recipient = $1', [clerk])).rows[0]);
  expect(invitation.subject).toBe('You are invited to the PerformancePay console');
  expect(invitation.body).toContain('as an AR clerk');

  // the same address again is refused, and the form keeps it
  await page.getByLabel('E-mail address').fill(clerk);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('That address is on the team already.');
  await expect(page.getByLabel('E-mail address')).toHaveValue(clerk);

  // the clerk becomes a viewer, then leaves the team
  await page.getByRole('combobox', { name: `Role of ${clerk}` }).selectOption('viewer');
  await expect(page.getByText('Role changed. It holds from the person’s next click.')).toBeVisible();
  // at 375 px the row's other details are one tap away
  const details = page.getByRole('button', { name: `Details ${clerk}` });
  if (await details.count()) await details.click();
  await page.getByRole('button', { name: `Remove ${clerk}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove from the team?' });
  await expect(dialog).toContainText(`${clerk} will be signed out at once`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed from the team.')).toBeVisible();
  await expect(teamRow(page, clerk)).toHaveCount(0);

  // the audit log has each change, by this admin, newest first; its CSV has the same
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toContainText('Removed a person');
  await expect(rows.first()).toContainText(admin);
  await page.getByLabel('Show').selectOption('team');
  const mine = rows.filter({ hasText: admin });
  await expect(mine).toHaveCount(3);
  await expect(mine.nth(0)).toContainText('Removed a person');
  await expect(mine.nth(1)).toContainText('Changed a role');
  await expect(mine.nth(2)).toContainText('Invited a person');
  const csv = await page.request.get(`${e2e().url}${await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`person,`);
  await expectNoSeriousA11yViolations(page);

  // sign out; the console's pages send the person to sign in
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.goto(`${e2e().url}/console/team`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'pp_vendor_session')).toBeUndefined();

  // the used link is refused with its reason
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This sign-in link is not valid: it was used already, has expired, or was not ours. Ask for a new one below.');
  await expectNoSeriousA11yViolations(page);

  // sign in again by e-mail
  const asked = new Date(Date.now() - 1000);
  await page.getByLabel('Work e-mail address').fill(admin);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await page.goto(await consoleLinkFromOutbox(admin, asked));
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'pp_vendor_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('pp_vendor_session');
});

test('the console’s page loads none of the customer app, and the customer’s pages none of the console', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${e2e().url}/console/sign-in`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  expect(scripts.filter((s) => /\/assets\/(index|token-shell)-/.test(s))).toEqual([]);
  scripts.length = 0;
  await page.goto(`${e2e().url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/assets\/console/.test(s))).toEqual([]);
});

test('an AR clerk finds a completed payment, refunds part of it after the confirmation, and the audit log says so', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const tag = `${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}`;
  const clerk = `ar-${tag}@performancefood.example`;
  // a completed card payment of the demo vendor, with its charge recorded (what the settlement job writes)
  const group = await withDb(async (c) => {
    const row = (await c.query(
      `select g.id, g.confirmation_number, g.payment_total_cents from payment_groups g
        where g.vendor_id = $1 and g.status = 'complete' and g.payment_total_cents > 500
          and not exists (select 1 from refunds r where r.payment_group_id = g.id)
        order by g.id ${testInfo.project.name === 'desktop' ? 'asc' : 'desc'} limit 1`,
      [vendorId],
    )).rows[0];
    await c.query(
      `insert into payment_group_charges (payment_group_id, attempt, idempotency_key, amount_cents, status, charge_id) values ($1, 1, $2, $3, 'succeeded', 'ch_e2e')
       on conflict do nothing`,
      [row.id, `pg_${row.id}_1`, row.payment_total_cents],
    );
    return row as { id: string; confirmation_number: string };
  });
  const link = linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', clerk, '--role', 'ar']))!;
  await page.goto(link);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await page.getByLabel('Status').selectOption('complete');
  await expect(page.getByTestId('payment-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // the AR clerk has no Audit log in the navigation (admins and viewers)
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  await page.goto(`${e2e().url}/console/payments/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Payment ${group.confirmation_number}` })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Complete');
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this payment?' });
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await dialog.getByLabel('Amount to refund ($)').fill('1.00');
  await dialog.getByLabel(/^Reason/).fill('Goodwill credit for a late delivery.');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refund made. The customer gets a receipt once the money is on its way.')).toBeVisible();
  await expect(page.getByTestId('refund')).toHaveText('$1.00 — Pending — Goodwill credit for a late delivery.');
  const refunds = await withDb(async (c) => (await c.query('select amount_cents, status from refunds where payment_group_id = $1', [group.id])).rows);
  expect(refunds).toEqual([{ amount_cents: '100', status: 'refund_pending' }]);
  await expectNoSeriousA11yViolations(page);

  const audit = await withDb(async (c) => (await c.query(`select actor_label, action, path from vendor_audit_events where action = 'createRefund' and actor_label = $1`, [clerk])).rows);
  expect(audit).toEqual([{ actor_label: clerk, action: 'createRefund', path: `/vendor-api/payment-groups/${group.id}/refunds` }]);
});

test('keyboard alone: ask for a sign-in link, open it, reach the payments and a payment', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const viewer = `kbd-${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}@performancefood.example`;
  await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', viewer, '--role', 'viewer']);
  await page.goto(`${e2e().url}/console/sign-in`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Work e-mail address')).toBeFocused();
  const asked = new Date(Date.now() - 1000);
  await page.keyboard.type(viewer);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await page.goto(await consoleLinkFromOutbox(viewer, asked));
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // the skip link first, then the header's buttons, then the navigation
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const payments = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Payments' });
  for (let i = 0; i < 6 && !(await payments.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(payments).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  // a viewer reads: no refund or cancel on a payment
  const first = page.getByTestId('payment-row').first().getByRole('link');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Payment PP-/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel payment…' })).toHaveCount(0);
});

test('an AR clerk uploads a file with one bad row, fixes it, imports it, sends one invoice to be paid; the customer pays it; Home shows it', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const tag = `${testInfo.project.name.replace(/\W/g, '').toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
  const clerk = `up-${tag.toLowerCase()}@performancefood.example`;
  const link = linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', clerk, '--role', 'ar']))!;
  await page.goto(link);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.getByRole('link', { name: 'Upload a file…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload invoices' })).toBeVisible();

  // a file with one bad row: checked, the row named by line and column, nothing written
  const header = 'externalId,locationExternalId,displayInvNum,originalAmount,openAmount,dueDate,status';
  const rows = (amount: string) => [header, `UP-${tag}-1,PFG-SALTMARSH,UP-${tag}-1,84.20,84.20,2027-01-15,open`, `UP-${tag}-2,PFG-SALTMARSH,UP-${tag}-2,${amount},12.35,2027-01-20,open`].join('\n');
  await page.getByLabel('Invoice file (CSV or NDJSON)').setInputFiles({ name: 'invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(rows('12.345')) });
  await expect(page.getByRole('heading', { name: '1 problem found: nothing will be written' })).toBeVisible();
  const problem = page.getByTestId('problem-row');
  await expect(problem).toHaveCount(1);
  await expect(problem).toHaveAttribute('data-line', '3');
  await expect(problem).toContainText('originalAmount');
  await expectNoSeriousA11yViolations(page);
  expect(await withDb(async (c) => (await c.query(`select count(*)::int as n from invoices where external_id like $1`, [`UP-${tag}-%`])).rows[0].n)).toBe(0);

  // fixed and chosen again: its counts, then written on confirmation
  await page.getByLabel('Invoice file (CSV or NDJSON)').setInputFiles({ name: 'invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(rows('12.35')) });
  await expect(page.getByRole('heading', { name: 'Ready to import' })).toBeVisible();
  await expect(page.getByText('2 invoices: 2 new, 0 changed, 0 unchanged.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 invoices' }).click();
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeVisible();
  expect(await withDb(async (c) => (await c.query(`select count(*)::int as n from invoices where external_id like $1`, [`UP-${tag}-%`])).rows[0].n)).toBe(2);

  // found by the beginning of its number, in another case
  await page.getByRole('link', { name: 'All invoices' }).click();
  await page.getByLabel('Invoice number').fill(`up-${tag.toLowerCase()}-1`);
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByTestId('invoice-row');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Saltmarsh Bistro');
  await expect(found).toContainText('$84.20');
  await expectNoSeriousA11yViolations(page);
  await found.getByRole('link', { name: `UP-${tag}-1` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice UP-${tag}-1` })).toBeVisible();

  // sent to Marcus by e-mail (Saltmarsh Bistro is no other journey's: their reads of the demo data stay as they were)
  const asked = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Send to be paid…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a click-to-pay request' });
  await dialog.getByLabel('Send to').selectOption({ label: 'Marcus Bell — marcus.bell@saltmarshbistro.example, 5550104477' });
  await dialog.getByRole('radio', { name: 'E-mail' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status')).toContainText('Request sent to marcus.bell@saltmarshbistro.example.');

  // the customer opens the e-mail's link and pays the invoice from his saved bank account
  const message = await (async () => {
    for (let i = 0; i < 75; i++) {
      const row = await withDb(async (c) => (await c.query(`select body from outbox where recipient = 'marcus.bell@saltmarshbistro.example' and created_at >= $1 and body like '%/token/%' order by created_at desc limit 1`, [asked])).rows[0]);
      if (row) return row.body as string;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('no click-to-pay e-mail');
  })();
  const payLink = /https?:\/\/\S+\/token\/[A-Za-z0-9_-]+\S*/.exec(message)![0];
  const customer = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  try {
    await customer.goto(payLink);
    await expect(customer.getByRole('heading', { name: /Make a Payment for/ })).toBeVisible();
    await expect(customer.getByRole('checkbox', { name: `Select invoice UP-${tag}-1` })).toBeChecked();
    await expandPicker(customer);
    // the saved account (its nickname is cut short at 375 px)
    await customer.getByRole('radio', { name: /9087/ }).check({ force: true });
    // on the next payment day after the first one offered: a payment due today is charged by the minute's settlement
    // run, and was once gone from the scheduled payments before Home was looked at (a full run on a loaded machine)
    const calendar = customer.getByRole('group', { name: 'Date' });
    const offered = calendar.locator('button[data-date]:not([disabled])');
    await expect(offered.first()).toBeVisible();
    const first = await offered.first().getAttribute('data-date');
    if ((await offered.count()) < 2) await calendar.getByRole('button', { name: 'Next month' }).click();
    const later = calendar.locator(`button[data-date]:not([disabled]):not([data-date="${first}"])`);
    const laterDate = await later.first().getAttribute('data-date');
    expect(laterDate! > first!).toBe(true);
    await calendar.locator(`button[data-date="${laterDate}"]`).click();
    await expect(calendar.locator(`button[data-date="${laterDate}"]`)).toHaveAttribute('aria-pressed', 'true');
    await agreeToTerms(customer);
    await customer.getByRole('button', { name: 'Confirm and Pay' }).click();
    await expect(customer.getByRole('heading', { name: /Payment Scheduled for/ })).toBeVisible();
  } finally {
    await customer.close();
  }

  // the console: the invoice's journey has the payment, and Home's scheduled payments hold it
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice UP-${tag}-1` })).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Payment scheduled');
  await expect(page.getByTestId('journey-entry').first()).toContainText('by Marcus Bell');
  // Home: the payment is among the scheduled ones its tile opens
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Home' }).click();
  await page.getByTestId('home-scheduled').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('scheduled');
  const group = await withDb(async (c) => (await c.query(
    `select g.confirmation_number from payment_groups g join payments p on p.payment_group_id = g.id join invoices i on i.id = p.invoice_id where i.external_id = $1`,
    [`UP-${tag}-1`],
  )).rows[0]);
  await expect(page.getByTestId('payment-row').filter({ hasText: group.confirmation_number })).toBeVisible();
});

test('an admin makes a read-only key (its secret shown once, refused a write, revoked), and tests, rotates and deletes a webhook endpoint against a real receiver', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const admin = `dev-${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}@performancefood.example`;
  const link = linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', admin, '--role', 'admin']))!;
  await page.goto(link);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  // the page as it settles: the events log (the last shown: after the keys and endpoints above it) has come, its rows
  // done fading in
  await expect(page.getByRole('region', { name: 'Events log' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events log' }).getByRole('status')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // a read-only key: the secret once, and what it may do
  const name = `BI ${randomBytes(2).toString('hex')}`;
  await page.getByLabel('Name (what uses it)').fill(name);
  await page.getByLabel('Access').selectOption('read');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Your new key' });
  const secret = (await dialog.getByTestId('key-secret').textContent())!.trim();
  expect(secret).toMatch(/^ppk_/);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('key-secret')).toHaveCount(0);
  const api = (method: 'GET' | 'POST', path: string) =>
    page.request.fetch(`${e2e().url}/vendor-api${path}`, { method, headers: { authorization: `Bearer ${secret}` }, ...(method === 'POST' ? { data: { type: 'statement', contactId: randomUUIDv4(), locationExternalId: 'PFG-BLUE-HERON', deliver: 'none' } } : {}) });
  expect((await api('GET', '/payment-groups?limit=1')).status()).toBe(200);
  const write = await api('POST', '/requests');
  expect(write.status()).toBe(403);
  expect((await write.json()).errorCode).toBe('read_only_key');
  const row = page.getByTestId('key-row').filter({ hasText: name });
  await expect(row).toContainText('Read-only');
  const details = row.getByRole('button', { name: /^Details / });
  if (await details.count()) await details.click();
  await page.getByRole('button', { name: new RegExp(`^Revoke ${name}`) }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key revoked. Calls made with it are refused from now on.')).toBeVisible();
  expect((await api('GET', '/payment-groups?limit=1')).status()).toBe(401);

  // a webhook endpoint at a real receiver: the test event arrives signed with the secret shown once
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      // the test events only: the server's own work meanwhile (payments settling) sends this endpoint its events too
      if ((JSON.parse(body) as { type?: string }).type === 'ping') received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${testInfo.project.name}`;
    await page.getByLabel('Address (https://…)').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('alertdialog', { name: 'The endpoint’s signing secret' });
    const signing = (await secretDialog.getByTestId('endpoint-secret').textContent())!.trim();
    expect(signing).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
    const deliveries = page.getByRole('region', { name: `Deliveries to ${url}` });
    await expect(deliveries.getByText('Nothing sent yet.')).toBeVisible();
    await deliveries.getByRole('button', { name: 'Send a test event' }).click();
    await expect(deliveries.getByRole('status')).toHaveText('The test event was answered: HTTP 200.');
    await expect(deliveries.getByTestId('attempt-row')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    expect(received).toHaveLength(1);
    const payload = new Webhook(signing).verify(received[0]!.body, {
      'webhook-id': String(received[0]!.headers['webhook-id']),
      'webhook-timestamp': String(received[0]!.headers['webhook-timestamp']),
      'webhook-signature': String(received[0]!.headers['webhook-signature']),
    }) as { type: string };
    expect(payload.type).toBe('ping');
    // disabled by the admin, then enabled again
    await deliveries.getByRole('button', { name: 'Disable' }).click();
    await expect(deliveries.getByTestId('endpoint-state')).toHaveText('Disabled: disabled by the vendor');
    await deliveries.getByRole('button', { name: 'Enable' }).click();
    await expect(deliveries.getByTestId('endpoint-state')).toHaveText('Enabled');
    // a new signing secret, shown once: the next delivery verifies with it (and, during the overlap, with the old one)
    await deliveries.getByRole('button', { name: 'Rotate signing secret' }).click();
    const rotated = page.getByRole('alertdialog', { name: 'The endpoint’s new signing secret' });
    const fresh = (await rotated.getByTestId('endpoint-secret').textContent())!.trim();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(signing);
    await rotated.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
    await deliveries.getByRole('button', { name: 'Send a test event' }).click();
    await expect(deliveries.getByRole('status')).toHaveText('The test event was answered: HTTP 200.');
    expect(received).toHaveLength(2);
    const headersOf = (r: (typeof received)[number]) => ({
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });
    for (const secret of [fresh, signing]) expect((new Webhook(secret).verify(received[1]!.body, headersOf(received[1]!)) as { type: string }).type).toBe('ping');
    // the events log: the newest ping, its data, sent again to this endpoint — the same webhook-id, signed anew
    await page.reload();
    const log = page.getByRole('region', { name: 'Events log' });
    await log.getByLabel('Type of event').selectOption('ping');
    const newest = log.getByTestId('event-row').first();
    await expect(newest).toContainText('ping');
    const disclosure = newest.getByRole('button', { name: /^Details / });
    if (await disclosure.count()) await disclosure.click();
    await newest.getByRole('button', { name: /^Data of ping/ }).click();
    await expect(log.getByTestId('event-data')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await newest.getByRole('button', { name: /^Send ping at .* again$/ }).click();
    const again = page.getByRole('alertdialog', { name: 'Send this event again?' });
    await again.getByRole('radio', { name: url }).check();
    await again.getByRole('button', { name: 'Send again' }).click();
    await expect(log.getByRole('status')).toHaveText('Sent again: 1 delivery is due now.');
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    expect(String(received[2]!.headers['webhook-id'])).toBe(String(received[1]!.headers['webhook-id']));
    expect((new Webhook(fresh).verify(received[2]!.body, headersOf(received[2]!)) as { type: string }).type).toBe('ping');
    await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
    // deleted after its confirmation: the other journeys' events are not sent to a receiver that is gone
    await deliveries.getByRole('button', { name: 'Delete endpoint…' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByTestId('endpoint-row').filter({ hasText: url })).toHaveCount(0);
    expect(await withDb(async (c) => (await c.query('select count(*)::int as n from webhook_endpoints where url = $1', [url])).rows[0].n)).toBe(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('a customer disputes an invoice; an AR clerk answers it from the inbox; the customer reads the reply from the e-mail on the invoice’s page; the clerk resolves it', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const tag = `${testInfo.project.name.replace(/\W/g, '').toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
  const marcus = 'marcus.bell@saltmarshbistro.example';
  // two invoices of Saltmarsh Bistro (no other journey's), and Marcus's pay link, as a vendor's request would send it
  const place = await withDb(async (c) => {
    const { rows } = await c.query(
      `select cl.contact_id, cl.location_id from contact_locations cl join contacts c on c.id = cl.contact_id where c.email = $1 and cl.vendor_id = $2`,
      [marcus, vendorId],
    );
    const r = rows[0];
    for (const n of [1, 2]) {
      await c.query(
        `insert into invoices (vendor_id, location_id, external_id, display_inv_num, open_amount_cents, original_amount_cents, due_date)
         values ($1, $2, $3, $3, $4, $4, current_date + 20)`,
        [vendorId, r.location_id, `DSP-${tag}-${n}`, n * 10_000],
      );
    }
    const raw = randomBytes(32).toString('base64url');
    await c.query(
      `insert into tokens (token_hash, contact_id, vendor_id, location_id, type, status, expires_at) values ($1, $2, $3, $4, 'click2pay', 'active', now() + interval '1 day')`,
      [createHash('sha256').update(raw).digest('hex'), r.contact_id, vendorId, r.location_id],
    );
    return { base: `/token/${raw}/vendors/${vendorId}/locations/${r.location_id}` };
  });

  // the customer disputes the first and pays the second
  const customer = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  try {
    await customer.goto(`${e2e().url}${place.base}/click2pay`);
    await expect(customer.getByTestId('invoice-row').first()).toBeVisible();
    await customer.getByRole('button', { name: `Change payment amount of invoice DSP-${tag}-1` }).click();
    await customer.getByRole('dialog', { name: 'Change payment amount?' }).getByRole('button', { name: 'Dispute Invoice' }).click();
    await customer.getByRole('combobox', { name: 'Reason' }).selectOption('Quantity/Weight Incorrect');
    await customer.getByRole('button', { name: 'Apply' }).click();
    await expect(customer.getByText('Disputed')).toBeVisible();
    await customer.getByRole('checkbox', { name: `Select invoice DSP-${tag}-2` }).check({ force: true });
    await expandPicker(customer);
    await customer.getByRole('radio', { name: /9087/ }).check({ force: true });
    await agreeToTerms(customer);
    await customer.getByRole('button', { name: 'Confirm and Pay' }).click();
    await expect(customer.getByRole('heading', { name: /Payment Scheduled for/ })).toBeVisible();
  } finally {
    await customer.close();
  }

  // an AR clerk answers it from the inbox
  const clerk = `dsp-${tag.toLowerCase()}@performancefood.example`;
  await page.goto(linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', clerk, '--role', 'ar']))!);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Disputes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes and short-pays' })).toBeVisible();
  const row = page.getByTestId('dispute-row').filter({ hasText: `DSP-${tag}-1` });
  await expect(row).toContainText('Dispute');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: `DSP-${tag}-1` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Dispute of invoice DSP-${tag}-1` })).toBeVisible();
  await expect(page.getByText('Quantity/Weight Incorrect')).toBeVisible();
  const asked = new Date(Date.now() - 1000);
  await page.getByLabel('Your reply (the customer reads it)').fill('We are sending the missing cases on Tuesday.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent. The customer is e-mailed a link to the invoice.')).toBeVisible();
  await expect(page.getByTestId('dispute-reply')).toContainText('We are sending the missing cases on Tuesday.');
  await expect(page.getByLabel('Your reply (the customer reads it)')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  // the customer opens the e-mail's link: the reply is on the invoice's page
  const mail = await (async () => {
    for (let i = 0; i < 75; i++) {
      const r = await withDb(async (c) => (await c.query(`select subject, body from outbox where recipient = $1 and created_at >= $2 and subject like '%replied about invoice%' order by created_at desc limit 1`, [marcus, asked])).rows[0]);
      if (r) return r as { subject: string; body: string };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('no reply e-mail');
  })();
  expect(mail.subject).toBe(`Performance Foodservice – Carolina replied about invoice DSP-${tag}-1`);
  const replyLink = /https?:\/\/\S+\/token\/\S+\/invoices\/[0-9a-f-]+/.exec(mail.body)![0];
  const reader = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  try {
    await reader.goto(replyLink);
    // (the page painted from the server is swapped for the app's: the first match is the one on screen)
    await expect(reader.getByTestId('journey-invoice').first()).toHaveText(`DSP-${tag}-1`);
    const entry = reader.getByTestId('journey-row').filter({ hasText: 'Vendor Reply' }).first();
    await expect(entry).toContainText('We are sending the missing cases on Tuesday.');
  } finally {
    await reader.close();
  }

  // resolved: out of the open inbox
  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByTestId('dispute-status')).toContainText('Resolved');
  await page.getByRole('link', { name: 'All disputes' }).click();
  await expect(page.getByTestId('dispute-row').filter({ hasText: `DSP-${tag}-1` })).toHaveCount(0);
});

test('an AR clerk finds a customer by name, writes to a contact (then withdraws it from the Content page), and sends the contact a login link by e-mail, which opens the portal', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const clerk = `cus-${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}@performancefood.example`;
  await page.goto(linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', clerk, '--role', 'ar']))!);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('SALTMARSH');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('customer-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PFG-SALTMARSH');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: 'Saltmarsh Bistro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saltmarsh Bistro' })).toBeVisible();
  await expect(page.getByText('88 Marsh Landing Rd, Beaufort, SC 29902')).toBeVisible();
  // what the customer set up: Marcus's saved bank account, by name and last four, never more
  const account = page.getByRole('region', { name: 'What they set up' });
  const checking = account.getByTestId('method-row').filter({ hasText: 'Bistro Checking' });
  await expect(checking).toContainText('9087');
  await expect(account).not.toContainText('tok_');
  await expectNoSeriousA11yViolations(page);
  const contact = page.getByTestId('contact-row').filter({ hasText: 'Marcus Bell' });
  const details = contact.getByRole('button', { name: /^Details / });
  if (await details.count()) await details.click();
  // a message to Marcus about one open invoice: it waits in his messages in the portal
  const subject = `Your December invoices ${testInfo.project.name}-${randomBytes(2).toString('hex')}`;
  const write = page.getByRole('region', { name: 'Write to this customer' });
  await write.getByLabel('To', { exact: true }).selectOption({ label: 'Marcus Bell' });
  await write.getByLabel('Subject', { exact: true }).fill(subject);
  await write.getByLabel('Message', { exact: true }).fill('Hello Marcus,\nthe invoice below is due soon.\n\nYou can pay it from this message.');
  const firstInvoice = write.getByRole('checkbox').first();
  const invoiceLabel = (await firstInvoice.locator('xpath=..').textContent())!;
  await firstInvoice.check();
  await write.getByRole('button', { name: 'Send message' }).click();
  await expect(write.getByRole('status')).toHaveText(`“${subject}” is in Marcus Bell’s messages in the portal.`);
  await expectNoSeriousA11yViolations(page);

  const asked = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Send Marcus Bell a link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Marcus Bell a link' });
  await expect(dialog.getByRole('radio', { name: 'Login link' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'E-mail' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Login link sent' })).toContainText('Login link sent to marcus.bell@saltmarshbistro.example.');
  const mail = await (async () => {
    for (let i = 0; i < 75; i++) {
      const r = await withDb(async (c) => (await c.query(`select body from outbox where recipient = 'marcus.bell@saltmarshbistro.example' and created_at >= $1 and body like '%/token/%' order by created_at desc limit 1`, [asked])).rows[0]);
      if (r) return r.body as string;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('no login e-mail');
  })();
  const login = /https?:\/\/\S+\/token\/[A-Za-z0-9_-]+\S*/.exec(mail)![0];
  const customer = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  try {
    await customer.goto(login);
    await expect(customer.getByText('Saltmarsh Bistro').first()).toBeVisible();
    // the message, from the clerk, with its two paragraphs and its invoice
    const messagesPath = `${new URL(customer.url()).pathname.replace(/\/$/, '')}/messages`;
    await customer.goto(messagesPath);
    await customer.getByRole('link', { name: subject }).click();
    await expect(customer.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(customer.getByTestId('rich-content').locator('p')).toHaveCount(2);
    await expect(customer.getByTestId('message-invoice-row')).toHaveCount(1);
    // by its number (a number over 12 characters shows its last 12 behind an ellipsis on that page)
    await expect(customer.getByTestId('message-invoice-row')).toHaveAttribute('data-invoice', invoiceLabel.split(' · ')[0]!);

    // the clerk finds it among the sent messages on the Content page, withdraws it, and it leaves Marcus's messages
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
    const sent = page.getByRole('region', { name: 'Sent messages' });
    const row = sent.getByTestId('sent-message-row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(sent.getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // (on a phone, a row's details open under it)
    const more = row.getByRole('button', { name: /^Details / });
    if (await more.count()) await more.click();
    await expect(row.getByRole('link', { name: `Open the customer of “${subject}”` })).toHaveAttribute('href', /\/console\/customers\/[0-9a-f-]{36}$/);
    await row.getByRole('button', { name: `Withdraw “${subject}”` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Withdraw this message?' });
    await expect(confirm).toContainText(subject);
    await confirm.getByRole('button', { name: 'Withdraw message' }).click();
    await expect(sent.getByRole('status')).toHaveText('Message withdrawn.');
    await expect(row).toHaveCount(0);
    // (the message's own page is …/templatemessages/<id>: back to the list it was opened from)
    await customer.goto(messagesPath);
    await expect(customer.getByRole('heading', { level: 1, name: /^Messages for/ })).toBeVisible();
    // the list has loaded (its rows, or the spec's empty text) before the withdrawn one is looked for
    await expect(customer.getByTestId('message-row').or(customer.getByText('There are no messages to display.')).first()).toBeVisible();
    await expect(customer.getByRole('link', { name: subject })).toHaveCount(0);
  } finally {
    await customer.close();
  }
  // the audit log has the link, by this clerk
  const audit = await withDb(async (c) => (await c.query(`select action from vendor_audit_events where actor_label = $1`, [clerk])).rows.map((r) => r.action));
  expect(audit).toContain('createLoginLink');
});

test('an admin brands the portal with a logo, sees a card fee above the cap refused and one within it previewed, saves; the customer sees the logo; a viewer only reads', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const tag = `${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}`;
  const restore = () =>
    withDb((c) =>
      c.query(
        `update vendors set config = config || '{"appName":"PerformancePay","logoUrl":null}'::jsonb,
                payment_configs = '[{"provider":"plastiq-cc","type":"CC","serviceFee":"2.9"},{"provider":"priority-ach","type":"ACH","serviceFee":null}]'::jsonb
          where id = $1`,
        [vendorId],
      ),
    );
  try {
    await page.goto(linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', `set-${tag}@performancefood.example`, '--role', 'admin']))!);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const preview = page.getByTestId('settings-preview');
    await expect(preview.getByRole('img', { name: 'Performance Foodservice – Carolina logo' })).toHaveText('PF');
    await expect(preview).toContainText('Paying $100.00 by Plastiq cards: service fee $2.90, total $102.90.');
    await expectNoSeriousA11yViolations(page);

    // a fee above the cap is named and cannot be saved; one within it is previewed with its amounts
    const fee = page.getByLabel('Card service fee for Plastiq cards (%)');
    await fee.fill('3.5');
    await expect(page.getByText('The service fee may be at most 3%.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await fee.fill('2.5');
    await expect(preview).toContainText('Paying $100.00 by Plastiq cards: service fee $2.50, total $102.50.');
    await page.getByLabel('Product name').fill('Carolina Pay');
    await expect(preview).toContainText('Invoice PDFs are headed “Carolina Pay”.');
    // a text file is refused; a PNG is previewed
    const chooser = page.getByLabel('Choose a logo');
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByRole('alert')).toHaveText('That file is not a PNG, JPEG or WebP image.');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await chooser.setInputFiles({ name: 'carolina.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('New logo: carolina.png (saved when you save).')).toBeVisible();
    await expect(preview.getByRole('img', { name: 'Performance Foodservice – Carolina logo' })).toHaveAttribute('src', /^data:image\/png;base64,/);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved. Your customers see them the next time they open the portal.');
    await expect(preview.getByRole('img', { name: 'Performance Foodservice – Carolina logo' })).toHaveAttribute('src', /^\/vendor-images\//);
    await expect(fee).toHaveValue('2.5');
    await expectNoSeriousA11yViolations(page);

    // the customer's portal shows the logo the portal serves itself
    const customer = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
    try {
      await customer.goto((await issueDemoLink('Blue Heron Grill', { lastVendorByName: true })).base);
      const logo = customer.getByRole('banner').getByRole('img', { name: 'Performance Foodservice – Carolina logo' });
      await expect(logo).toHaveAttribute('src', /^\/vendor-images\//);
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    } finally {
      await customer.close();
    }

    // the audit log has the change, by this admin
    const audit = await withDb(async (c) => (await c.query(`select action from vendor_audit_events where actor_label = $1`, [`set-${tag}@performancefood.example`])).rows.map((r) => r.action));
    expect(audit).toContain('updateSettings');

    // back as it was: the logo removed, the fee and the name restored
    await page.getByRole('button', { name: 'Remove the logo' }).click();
    await expect(page.getByText('The logo will be removed when you save.')).toBeVisible();
    await fee.fill('2.9');
    await page.getByLabel('Product name').fill('PerformancePay');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved. Your customers see them the next time they open the portal.');
    await expect(preview.getByRole('img', { name: 'Performance Foodservice – Carolina logo' })).toHaveText('PF');

    // a viewer reads the same settings and can change none
    const viewerContext = await page.context().browser()!.newContext({ viewport: page.viewportSize() ?? undefined, baseURL: e2e().url });
    const viewer = await viewerContext.newPage();
    try {
      await viewer.goto(linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', `view-${tag}@performancefood.example`, '--role', 'viewer']))!);
      await viewer.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
      await expect(viewer.getByText('Only admins change settings. You can read them here.')).toBeVisible();
      await expect(viewer.getByLabel('Card service fee for Plastiq cards (%)')).toHaveValue('2.9');
      await expect(viewer.getByLabel('Card service fee for Plastiq cards (%)')).toBeDisabled();
      await expect(viewer.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(viewer);
    } finally {
      await viewerContext.close();
    }
  } finally {
    await restore();
  }
});

test('an AR clerk puts up a red announcement and a statement ad; the customer sees both; the clerk takes them down', async ({ page }, testInfo) => {
  const vendorId = await demoVendorId();
  const tag = `${testInfo.project.name.replace(/\W/g, '')}-${randomBytes(3).toString('hex')}`;
  const message = `Closing at noon on Friday for the holiday (${tag}).`;
  const cleanUp = () =>
    withDb(async (c) => {
      await c.query(`delete from announcements where vendor_id = $1 and message = $2`, [vendorId, message]);
      await c.query(`delete from ads where vendor_id = $1 and click_url = $2`, [vendorId, `https://www.example.com/spring/${tag}`]);
    });
  const customer = await page.context().browser()!.newContext({ viewport: page.viewportSize() ?? undefined, baseURL: e2e().url });
  try {
    await page.goto(linkIn(await vendorCli(['users', 'invite', '--vendor', vendorId, '--email', `content-${tag}@performancefood.example`, '--role', 'ar']))!);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    const announcements = page.getByRole('region', { name: 'Announcements' });
    await expect(announcements.getByTestId('announcement-row').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Statement ads' }).getByTestId('ad-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // a red announcement, until removed
    await announcements.getByLabel('Message (one line)').fill(message);
    await announcements.getByLabel('Kind').selectOption('error');
    await announcements.getByRole('button', { name: 'Add announcement' }).click();
    await expect(announcements.getByRole('status')).toHaveText('Announcement saved. Your customers see it the next time a page loads.');
    await expect(announcements.getByTestId('announcement-row').filter({ hasText: message })).toContainText('Red (stays)');

    // an ad with its image, first in the banner
    const ads = page.getByRole('region', { name: 'Statement ads' });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await ads.getByLabel('Image').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: png });
    await expect(ads.getByText('Chosen: spring.png')).toBeVisible();
    await ads.getByLabel('Opens (https://…, optional)').fill(`http://www.example.com/spring/${tag}`);
    await expect(ads.getByText('Enter a whole https:// address, or leave it empty for an ad that is not a link.')).toBeVisible();
    await expect(ads.getByRole('button', { name: 'Add ad' })).toBeDisabled();
    await ads.getByLabel('Opens (https://…, optional)').fill(`https://www.example.com/spring/${tag}`);
    await ads.getByLabel('Order', { exact: true }).fill('0');
    await ads.getByRole('button', { name: 'Add ad' }).click();
    await expect(ads.getByRole('status')).toHaveText('Ad saved.');
    const adRow = ads.getByTestId('ad-row').first();
    await expect(adRow.getByRole('img', { name: 'Ad 1' })).toHaveAttribute('src', /^\/vendor-images\//);
    await expectNoSeriousA11yViolations(page);

    // the customer: the banner on every page, the ad first on the statement page
    const portal = await customer.newPage();
    const base = (await issueDemoLink('Blue Heron Grill', { lastVendorByName: true })).base;
    await portal.goto(`${base}/statement`);
    await expect(portal.getByRole('region', { name: 'Announcements' })).toContainText(message);
    const offer = portal.getByRole('img', { name: /^Offer 1 of \d+$/ });
    await expect(offer).toHaveAttribute('src', /^\/vendor-images\//);
    await expect.poll(() => offer.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // taken down, each after its confirmation
    const row = announcements.getByTestId('announcement-row').filter({ hasText: message });
    const details = row.getByRole('button', { name: /^Details / });
    if (await details.count()) await details.click();
    await row.getByRole('button', { name: `Remove the announcement “${message}”` }).click();
    await page.getByRole('alertdialog', { name: 'Remove this announcement?' }).getByRole('button', { name: 'Remove announcement' }).click();
    await expect(announcements.getByRole('status')).toHaveText('Announcement removed.');
    const adDetails = adRow.getByRole('button', { name: /^Details / });
    if (await adDetails.count()) await adDetails.click();
    await adRow.getByRole('button', { name: 'Remove ad 1' }).click();
    await page.getByRole('alertdialog', { name: 'Remove this ad?' }).getByRole('button', { name: 'Remove ad' }).click();
    await expect(ads.getByRole('status')).toHaveText('Ad removed.');
    await portal.reload();
    await expect(portal.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(portal.getByText(message)).toHaveCount(0);
    await expect(portal.locator('img[src^="/vendor-images/"]')).toHaveCount(0);

    // the audit log has each change, by this clerk
    const audit = await withDb(async (c) => (await c.query(`select action from vendor_audit_events where actor_label = $1`, [`content-${tag}@performancefood.example`])).rows.map((r) => r.action));
    expect(audit).toEqual(expect.arrayContaining(['upsertAnnouncement', 'upsertAd', 'deleteAnnouncement', 'deleteAd']));
  } finally {
    await customer.close();
    await cleanUp();
  }
});
