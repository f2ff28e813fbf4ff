import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { agreeToTerms, e2e, expandPicker, issueDemoLink, withDb, test, runCli } from './support';

/**
 * A refund end to end: the customer pays an invoice by card in the browser; the settlement job charges it
 * on its date (the jobs CLI against the e2e database); the vendor refunds half of it through the vendor API over
 * HTTP with a key made by the vendor CLI; the refunds job sends it to the processor; the customer's payment detail
 * lists the refund with its reason, the payment report says what was refunded, and the refund receipt is in the
 * outbox. Desktop only: it moves the clock of its project's database (as the ACH returns journey does).
 */


test('a refund: paid by card, charged, half refunded by the vendor over the API — the customer sees it on the payment and the report, and gets the receipt', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'moves the clock of the e2e database: desktop project only');
  test.setTimeout(90_000);
  const place = await issueDemoLink('Harbor Street Kitchen', { lastVendorByName: true });
  const invoiceNumber = `RF-${randomBytes(3).toString('hex').toUpperCase()}`;
  const lastFour = String(1000 + Math.floor(Math.random() * 9000));
  await withDb(async (db) => {
    await db.query(
      `insert into invoices (vendor_id, location_id, external_id, display_inv_num, open_amount_cents, original_amount_cents, due_date, invoice_date, payable, status)
       values ($1, $2, $3, $3, 8000, 8000, current_date + 10, current_date, true, 'open')`,
      [place.vendorId, place.locationId, invoiceNumber],
    );
    await db.query(
      `insert into payment_methods (contact_id, vendor_id, location_id, provider, name, last_four, brand, exp_month, exp_year, service_fee, provider_token)
       values ($1, $2, $3, 'plastiq-cc', 'RfVisa', $4, 'Visa', 12, extract(year from now())::int + 3, null, $5)`,
      [place.contactId, place.vendorId, place.locationId, lastFour, `sbx_plastiq-cc_card_${randomBytes(8).toString('hex')}`],
    );
  });

  // the customer pays the invoice with the card
  await page.goto(`${place.base}/click2pay`);
  await expandPicker(page);
  const radio = page.getByRole('radio', { name: `RfVisa ${lastFour}` });
  await radio.locator('xpath=ancestor::label').click();
  await expect(radio).toBeChecked();
  await page.getByRole('checkbox', { name: `Select invoice ${invoiceNumber}` }).check({ force: true });
  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByRole('heading', { name: /Payment Scheduled for/ })).toBeVisible();
  const confirmationNumber = (await page.getByTestId('confirmation-number').textContent())!.trim();
  const group = await withDb(async (db) =>
    (await db.query(`select id, to_char(payment_date, 'YYYY-MM-DD') as date from payment_groups where confirmation_number = $1`, [confirmationNumber])).rows[0] as { id: string; date: string });
  await runCli('jobs', ['run', 'settlement', '--at', `${group.date}T17:00:00Z`]);

  // the vendor refunds half over the API, and the refunds job sends it
  const key = JSON.parse(await runCli('vendor', ['keys', 'create', '--vendor', place.vendorId, '--name', `refunds e2e ${invoiceNumber}`, '--json'])).secret as string;
  const refund = await page.request.post(`${e2e().url}/vendor-api/payment-groups/${group.id}/refunds`, {
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': `e2e-${invoiceNumber}` },
    data: { amount: 40, reason: 'Damaged goods returned.' },
  });
  expect(refund.status()).toBe(201);
  const made = await refund.json();
  expect(made.status).toBe('refund_pending');
  // the refunds job (the server's own runs may take it first: either way it is sent once)
  await runCli('jobs', ['run', 'refunds']);
  await expect
    .poll(async () => (await (await page.request.get(`${e2e().url}/vendor-api/refunds/${made.id}`, { headers: { authorization: `Bearer ${key}` } })).json()).status)
    .toBe('refunded');
  expect(await withDb(async (db) => (await db.query('select count(*)::int as n from sandbox_refunds where idempotency_key = $1', [`rf_${made.id}`])).rows[0].n)).toBe(1);

  // the customer's payment detail lists it; the report says what was refunded
  await page.goto(`${place.base}/payments/${group.id}`);
  const refunds = page.getByTestId('payment-refunds');
  await expect(refunds.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(refunds.getByTestId('payment-refund')).toHaveText(/^\$40\.00 refunded on \d{1,2}\/\d{1,2}\/\d{2}: Damaged goods returned\.$/);
  await page.goto(`${place.base}/payments`);
  const row = page.getByTestId('payment-report-row').filter({ hasText: confirmationNumber });
  await expect(row.getByTestId('payment-refunded')).toHaveText('Refunded $40.00');

  // and the refund receipt, with its PDF
  const receipts = await withDb(async (db) =>
    (await db.query(`select o.subject, count(a.id)::int as attachments from outbox o left join outbox_attachments a on a.outbox_id = o.id
       where o.subject = $1 group by o.id, o.subject`, [`Refund receipt — payment ${confirmationNumber}`])).rows as Array<{ attachments: number }>);
  expect(receipts).toEqual([{ subject: `Refund receipt — payment ${confirmationNumber}`, attachments: 1 }]);
});
