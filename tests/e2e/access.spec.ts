import { expect } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, newestOutboxLink, withDb, test } from './support';

test('a customer requests a link, opens it, chooses vendor and location, and sees the dashboard', async ({ page }) => {
  const started = new Date(Date.now() - 1000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Simplify Your Life' })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const input = page.getByPlaceholder('Enter Email or Phone Number');
  const button = page.getByRole('button', { name: 'Request Link' });
  await expect(button).toBeDisabled();
  await input.fill('demo@example.com');
  await expect(button).toBeEnabled({ timeout: 5000 });
  await button.click();
  const modal = page.getByRole('dialog', { name: 'Access Requested' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(
    'If an account matches the email address or phone number that you entered, you should receive a message with a login link soon.');
  await expect(input).toHaveValue('');

  const link = await newestOutboxLink('demo@example.com', started);
  await page.goto(link);

  await expect(page.getByRole('heading', { name: 'Choose a Vendor' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const vendorCards = page.getByRole('main').getByRole('listitem').filter({ hasText: /Performance Foodservice|Coastal Produce/ });
  await expect(vendorCards).toHaveCount(2);
  // Sorted by name ignoring case: Coastal before Performance.
  await expect(vendorCards.first()).toContainText('Coastal Produce');
  await vendorCards.filter({ hasText: 'Performance Foodservice' }).getByRole('button').or(
    vendorCards.filter({ hasText: 'Performance Foodservice' }).getByRole('link')).click();

  await expect(page.getByRole('heading', { name: 'Choose a Location' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const rows = page.getByRole('main').getByRole('listitem').filter({ hasText: /Blue Heron Grill|Harbor Street Kitchen|Magnolia Catering/ });
  await expect(rows).toHaveCount(3);
  const names = await rows.allInnerTexts();
  const firstLines = names.map((n) => n.split('\n')[0].trim());
  expect(firstLines).toEqual([...firstLines].sort((a, b) => a.localeCompare(b)));
  const harbor = rows.filter({ hasText: 'Harbor Street Kitchen' });
  await harbor.getByRole('button').or(harbor.getByRole('link')).click();

  await expect(page.getByRole('heading', { name: /Dashboard for/ })).toBeVisible();
  await expect(page.getByText('TOOLS')).toBeVisible();
  await expect(page.getByText('REPORTS')).toBeVisible();
  await expect(page.getByRole('link', { name: /PAY/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /INVOICES/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

async function issueToken(status: 'expired' | 'canceled'): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await withDb(async (c) => {
    const { rows } = await c.query(
      `select cl.contact_id, cl.vendor_id, cl.location_id from contact_locations cl join contacts c on c.id = cl.contact_id
        where c.email = 'demo@example.com' limit 1`);
    const r = rows[0];
    await c.query(
      `insert into tokens (token_hash, contact_id, vendor_id, location_id, type, status, expires_at)
       values ($1, $2, $3, $4, 'click2pay', $5, now() + interval '7 days')`,
      [createHash('sha256').update(raw).digest('hex'), r.contact_id, r.vendor_id, r.location_id, status]);
  });
  return raw;
}

test('an expired link lands on its error page', async ({ page }) => {
  const token = await issueToken('expired');
  await page.goto(`/token/${token}`);
  await expect(page.getByText('This link expired.')).toBeVisible();
  await expect(page.getByText(
    'If you would like access to your account, please contact your representative, or click the button below to request a new link.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/token/${token}/error/expired$`));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Request a login link' }).or(page.getByRole('button', { name: 'Request a login link' })).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Simplify Your Life' })).toBeVisible();
});

test('a canceled link lands on its error page', async ({ page }) => {
  const token = await issueToken('canceled');
  await page.goto(`/token/${token}`);
  await expect(page.getByText('This request was canceled.')).toBeVisible();
  await expect(page.getByText(
    'If you would like a new request, please contact your representative, or click the button below to request a new link.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/token/${token}/error/canceled$`));
  await expectNoSeriousA11yViolations(page);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'We couldn’t find this page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).or(page.getByRole('button', { name: 'Go Home' })).click();
  await expect(page.getByRole('heading', { name: 'Simplify Your Life' })).toBeVisible();
});

test('a non-UUID vendor id redirects to /404', async ({ page }) => {
  const token = await issueToken('expired');
  await page.goto(`/token/${token}/vendors/not-a-uuid/locations`);
  await expect(page).toHaveURL(/\/404$/);
});
