import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page, type Route } from '@playwright/test';
import { withDb, e2e, test } from './support';

/**
 * The add-method page through the hosted fields frame at 375 px and on a desktop (both projects):
 * every refusal the payments contract lists for tokenizing (openapi/payments.yaml) and the portal's attach refusal, as
 * the customer meets it — the card or account typed in the frame, submitted (and the fee confirmed), the exact text
 * the portal shows, what was typed still there, nothing saved — and no layout shift while the page and its frames load.
 *
 * The cases share one page per project, loaded once, for one contact of its own (a fresh contact of Harbor Street
 * Kitchen per project, so the tokenizing limit of 20 per contact and hour is not shared with the other journeys; the
 * cases use 6 of them, and `rate_limited` comes last and uses up the rest). The five declines are the
 * sandbox's own test cards and `rate_limited` is the real limit; the frame's own checks refuse an invalid number,
 * expiry, CVC or routing number before anything is sent, so those answers (and the ones a sandbox cannot give:
 * provider not enabled, a malformed body, unavailable, a blank code, no answer) are the tokenizer's answer replaced
 * on its way to the frame.
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

/** The contact's tokenizing attempts of the last hour made up to the limit (20), as if they had been used. */
async function useUpTokenizeAttempts(link: Link) {
  await withDb((c) => c.query(
    `insert into payment_attempts (contact_id, kind) select contact_id, 'tokenize' from tokens, generate_series(1, 20) where token_hash = $1`,
    [createHash('sha256').update(link.token).digest('hex')]));
}

/** The saved methods of the location as the API answers them to the contact (what the picker shows). */
async function savedMethods(page: Page, link: Link): Promise<string[]> {
  const res = await page.request.get(link.api, { headers: { authorization: `ContactAccess ${link.token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()).paymentMethods as Array<{ id: string }>).map((m) => m.id).sort();
}

/** The shown tab's hosted fields frame (while a tab switch is committed, both panels may be in the page for a moment). */
const hosted = (page: Page) => page.locator('[role="tabpanel"] [data-testid="hosted-fields"]:visible').first().contentFrame();
const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function fillCard(page: Page, number: string) {
  const frame = hosted(page);
  await frame.getByLabel('Card Number').fill(number);
  await frame.getByLabel('Expiration Date (MM/YY)').fill(expiry);
  await frame.getByLabel('Security Code (CVC)').fill('123');
  await frame.getByLabel('Name on Card').fill('Dana Reyes');
  await frame.getByLabel('Billing Address', { exact: true }).fill('19 Harbor St');
  await frame.getByLabel('ZIP Code').fill('28401');
}

/** The tokenizer's answer replaced on its way to the frame (the frame's own request, to its own origin). */
const answer = (status: number, code: string, message = `${code}: refused`) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', headers: status === 429 || status === 503 ? { 'retry-after': '60' } : {}, body: JSON.stringify({ errors: [{ code, message }] }) });

interface Case {
  name: string;
  kind: 'card' | 'bank';
  /** card number (sandbox outcome), or the bank account's routing number */
  number: string;
  /** the text the portal shows: spec §8 "Could not add card." (the bank variant is ours), then our hint for the code */
  title: string;
  hint: string;
  /** replaces the tokenizer's answer, or the portal's attach answer */
  tokenizer?: (route: Route) => Promise<void>;
  attach?: (route: Route) => Promise<void>;
  /** the contact has used up its 20 attempts of the hour */
  limitReached?: boolean;
}

const CARD = 'Could not add card.';
const BANK = 'Could not add bank account.';
const GENERIC = 'Please try again. If you keep seeing this message, contact your representative.';

const cases: Case[] = [
  // 402, the sandbox's test cards
  { name: 'card_declined', kind: 'card', number: '4000000000000002', title: CARD, hint: 'The card was declined. Please use a different card or contact your card issuer.' },
  { name: 'insufficient_funds', kind: 'card', number: '4000000000009995', title: CARD, hint: 'The card has insufficient funds. Please use a different card.' },
  { name: 'expired_card', kind: 'card', number: '4000000000000069', title: CARD, hint: 'The card has expired. Please check the expiration date or use a different card.' },
  { name: 'incorrect_cvc', kind: 'card', number: '4000000000000127', title: CARD, hint: 'The security code is incorrect. Please check it and try again.' },
  { name: 'processing_error', kind: 'card', number: '4000000000000119', title: CARD, hint: 'The card could not be processed right now. Please try again in a few minutes.' },
  // 422, details the frame's checks let through only if they disagreed with the processor's
  { name: 'invalid_number', kind: 'card', number: '4242424242424242', title: CARD, hint: 'The card number is not valid. Please check it and try again.', tokenizer: answer(422, 'invalid_number') },
  { name: 'invalid_expiry_date', kind: 'card', number: '4242424242424242', title: CARD, hint: 'The expiration date is not valid. Please check it and try again.', tokenizer: answer(422, 'invalid_expiry_date') },
  { name: 'invalid_cvc', kind: 'card', number: '4242424242424242', title: CARD, hint: 'The security code does not fit this card. Please check it and try again.', tokenizer: answer(422, 'invalid_cvc') },
  { name: 'provider_not_enabled', kind: 'card', number: '4242424242424242', title: CARD, hint: 'This kind of payment method cannot be added for this location right now. Please contact your representative.', tokenizer: answer(422, 'provider_not_enabled') },
  { name: 'invalid_routing_number', kind: 'bank', number: '011000015', title: BANK, hint: 'The routing number is not valid. Please check it and try again.', tokenizer: answer(422, 'invalid_routing_number') },
  // 400, 429, 503; the portal refusing the key; a blank code; no answer at all
  { name: 'validation_failed', kind: 'card', number: '4242424242424242', title: CARD, hint: 'Some of the details are not in the expected format. Please check them and try again.', tokenizer: answer(400, 'validation_failed') },
  { name: 'rate_limited', kind: 'card', number: '4242424242424242', title: CARD, hint: 'Too many attempts to add a payment method. Please wait an hour and try again.', limitReached: true },
  { name: 'unavailable', kind: 'bank', number: '011000015', title: BANK, hint: 'The payment service is briefly unavailable. Please try again in a few minutes.', tokenizer: answer(503, 'unavailable') },
  { name: 'the portal refusing the key (invalid_payment_method_key)', kind: 'card', number: '4242424242424242', title: CARD, hint: GENERIC,
    attach: (route) => route.request().method() === 'POST'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ errors: [{ code: 'invalid_payment_method_key', message: 'paymentMethodKey: unknown, expired or used' }] }) })
      : route.fallback() },
  { name: 'a blank code (unknown)', kind: 'card', number: '4242424242424242', title: CARD, hint: 'The payment processor refused the details. Please check them and try again.', tokenizer: answer(422, '', '') },
  { name: 'no answer from the payments service', kind: 'card', number: '4242424242424242', title: CARD, hint: GENERIC, tokenizer: (route) => route.abort('connectionrefused') },
];

/**
 * The order the cases run in on their one page: the card's cases, the bank account's, and `rate_limited` last (its
 * attempts are inserted, and from then on the contact cannot tokenize). Two cases in a row never expect the same
 * hint, so a text still showing from the case before can never pass for the next one's.
 */
const ordered = [...cases.filter((c) => c.kind === 'card' && !c.limitReached), ...cases.filter((c) => c.kind === 'bank'), ...cases.filter((c) => c.limitReached)];

// One page per project, loaded once: each case sets the tokenizer's answer (a sandbox card, or the answer replaced),
// submits, reads the refusal, and checks that what was typed is still there and nothing was saved; the next case starts
// from the form as the refusal left it, as a customer who tries again would.
test.describe('every refusal through the frame', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let link: Link;
  let before: string[];
  /** the replacement of the tokenizer's answer / of the portal's attach answer for the running case (none: the real one) */
  let tokenizer: Case['tokenizer'];
  let attach: Case['attach'];
  let shownTab: Case['kind'] = 'card';

  test.beforeAll(async ({ browser }, testInfo) => {
    link = await newContactLink();
    // the project's context options (viewport, touch, base URL) apply to this page as to the `page` fixture's
    page = await browser.newPage();
    expect(page.viewportSize()).toEqual(testInfo.project.use.viewport);
    await page.route(`${e2e().paymentsUrl}/payments-api/tokenizer`, (route) => (tokenizer ? tokenizer(route) : route.fallback()));
    await page.route(`**${link.api}`, (route) => (attach ? attach(route) : route.fallback()));
    before = await savedMethods(page, link);
    await page.goto(`${link.base}/paymentmethods/new`);
    await fillCard(page, '4242424242424242');
  });

  test.afterAll(async () => {
    await page?.close();
  });

  for (const c of ordered) {
    test(`${c.kind}: ${c.name} shows its text, keeps what was typed, saves nothing`, async () => {
      tokenizer = c.tokenizer;
      attach = c.attach;
      if (c.limitReached) await useUpTokenizeAttempts(link);
      if (c.kind !== shownTab) {
        await page.getByRole('tab', { name: c.kind === 'card' ? 'Card' : 'Bank Account' }).click();
        shownTab = c.kind;
      }
      const nickname = `Try ${c.name}`.slice(0, 50);
      if (c.kind === 'card') {
        await page.getByLabel('Nickname (optional)').fill(nickname);
        await hosted(page).getByLabel(/^Card Number/).fill(c.number);
        await page.getByRole('button', { name: 'Add Card', exact: true }).click();
        // Harbor Street Kitchen's card provider adds a fee: the modal asks first (no refusal of before in it) and
        // shows the failure
        const modal = page.getByRole('alertdialog', { name: 'Add Card?' });
        await expect(modal.getByRole('button', { name: 'Confirm' })).toBeVisible();
        await expect(modal.getByRole('alert')).toHaveCount(0);
        await modal.getByRole('button', { name: 'Confirm' }).click();
        await expect(modal.getByRole('alert').locator('span')).toHaveText([c.title, c.hint]);
        await modal.getByRole('button', { name: 'Cancel' }).click();
        await expect(modal).toBeHidden();
        await expect(hosted(page).getByLabel(/^Card Number/)).toHaveValue(new RegExp(`^${c.number.match(/.{4}/g)!.join('\\s?')}$`));
        await expect(hosted(page).getByLabel('ZIP Code')).toHaveValue('28401');
        await expect(page.getByLabel('Nickname (optional)')).toHaveValue(nickname);
      } else {
        await page.getByLabel('Account Nickname').fill(nickname);
        await hosted(page).getByLabel('Routing Number').fill(c.number);
        await hosted(page).getByLabel('Checking Account Number').fill('000123456789');
        await page.getByRole('button', { name: 'Add Bank Account' }).click();
        await expect(page.getByRole('tabpanel').getByRole('alert').locator('span')).toHaveText([c.title, c.hint]);
        await expect(hosted(page).getByLabel('Routing Number')).toHaveValue(c.number);
        await expect(hosted(page).getByLabel('Checking Account Number')).toHaveValue('000123456789');
        await expect(page.getByLabel('Account Nickname')).toHaveValue(nickname);
      }
      expect(await savedMethods(page, link)).toEqual(before);
    });
  }
});

type Shift = { value: number; hadRecentInput: boolean; sources: string[] };

test('no layout shift on the add-method page: loading, both frames arriving, switching tabs (CLS ≤ 0.02)', async ({ page }, testInfo) => {
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
    iframe: await page.locator('[role="tabpanel"] [data-testid="hosted-fields"]:visible').first().evaluate((f) => Math.round(f.getBoundingClientRect().height)),
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
  testInfo.annotations.push({ type: 'cls', description: `${cls.toFixed(4)} (${counted.length} shifts without recent input)` });
  expect(cls, JSON.stringify(counted)).toBeLessThanOrEqual(0.02);
});
