import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fullBrowserLaunchOptions } from '../../playwright.config';
import { expectNoSeriousA11yViolations, issueDemoLink, withDb, test } from './support';

/**
 * Invoice journey and invoice copy from the pay page, at 375 px and on the desktop, against the real server:
 * "Invoice History" opens the journey, a comment is added and listed without a reload (and is still there after one);
 * "View Invoice Copy" opens the pdfloader page in a new tab, which fetches the PDF and redirects to a blob: URL.
 */
// The full browser for this file (a worker of its own): its PDF viewer shows the invoice copy in the tab, where the
// headless shell the other journeys run in would download it.
test.use({ launchOptions: fullBrowserLaunchOptions });

async function payPageWithInvoice(locationName: string): Promise<{ path: string; invoiceNumber: string; invoiceId: string }> {
  const { base, locationId } = await issueDemoLink(locationName);
  const invoice = await withDb(async (c) => (await c.query(
    // an invoice no payment names: the ACH-return journey moves the shared database's clock to its payment date, which
    // settles the payments due by then and dates their "Paid" entries in the future (above any entry made now)
    `select id, display_inv_num from invoices i where location_id = $1 and payable and deleted_at is null and open_amount_cents > 0
      and not exists (select 1 from payments p where p.invoice_id = i.id)
      order by due_date nulls last, display_inv_num limit 1`, [locationId])).rows[0]);
  return { path: `${base}/click2pay`, invoiceNumber: invoice.display_inv_num, invoiceId: invoice.id };
}

async function openChooser(page: Page, invoiceNumber: string) {
  await page.locator(`button[title="${invoiceNumber}"]`).click();
  return page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
}

test('from the pay page: the invoice history, add a comment and see it listed', async ({ page }, testInfo) => {
  const { path, invoiceNumber, invoiceId } = await payPageWithInvoice('Harbor Street Kitchen');
  await page.goto(path);
  const chooser = await openChooser(page, invoiceNumber);
  await chooser.getByRole('link', { name: 'Invoice History' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
  await expect(page.getByRole('heading', { name: /Invoice Journey for/ })).toBeVisible();
  await expect(page.getByTestId('journey-invoice')).toHaveText(invoiceNumber);
  for (const label of ['Due Date', 'Open Amount', 'Status']) await expect(page.getByText(label, { exact: true })).toBeVisible();
  const before = await page.getByTestId('journey-row').count();

  if (testInfo.project.name === 'phone-375') {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add Comment' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Comment' });
  const field = modal.getByRole('textbox', { name: 'Please share details' });
  await expect(field).toHaveAttribute('rows', '5');
  await expect(modal.getByRole('button', { name: 'Submit' })).toBeDisabled();
  const text = `Short one case (${testInfo.project.name} ${Date.now()})`;
  await field.fill(text);
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'Submit' }).click();
  const done = page.getByRole('alertdialog', { name: 'Comment submitted!' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();

  // Listed at once, newest first, without a reload …
  const rows = page.getByTestId('journey-row');
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.first()).toContainText('Comment');
  await expect(rows.first()).toContainText(text);
  // … and stored: still there after one.
  await page.reload();
  await expect(page.getByTestId('journey-row').first()).toContainText(text);

  // Export CSV: §9 file name (print title, date, vendor) and the rows newest first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Invoice Journey ${invoiceNumber} \\d{4}-\\d{2}-\\d{2} .+\\.csv$`));
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const lines = csv.split(/\r?\n/);
  expect(lines[0]).toBe('Date & Time,Action,Details');
  expect(lines[1]).toContain(`Comment,${text}`);
});

test('from the pay page: View Invoice Copy opens the PDF', async ({ page }) => {
  const { path, invoiceNumber, invoiceId } = await payPageWithInvoice('Harbor Street Kitchen');
  await page.goto(path);
  const chooser = await openChooser(page, invoiceNumber);
  const pdfResponse = page.context().waitForEvent('response', (r) => r.url().includes(`/invoices/${invoiceId}/details`));
  const [popup] = await Promise.all([page.waitForEvent('popup'), chooser.getByRole('link', { name: 'View Invoice Copy' }).click()]);
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  // (The body is gone once the page navigates to the blob; the server tests parse the PDF itself.)
  // The loader redirects the tab to a blob: URL of the document (Debian's Chromium, headless, navigates there).
  await popup.waitForURL(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
  await expect(popup.getByText('We were unable to retrieve your invoice. Please refresh the page.')).toHaveCount(0);
});
