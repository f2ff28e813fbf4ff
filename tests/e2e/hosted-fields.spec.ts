import { expect, type Page } from '@playwright/test';
import { issueDemoLink, e2e, test } from './support';

/**
 * The hosted payment fields on the payments service's own origin (issue 21), driven the way the portal drives them:
 * a portal page embeds the frame and talks to it with postMessage. The numbers are typed inside the frame; what comes
 * back is a one-time key. The frame refuses to be embedded by any other origin.
 */
const CARD = '4242424242424242';
const CVC = '737';

type Message = { origin: string; data: { channel?: string; type?: string; [k: string]: unknown } };

/** Embeds the frame in the current (portal) page and records what it posts, with the sender's origin. */
async function embed(page: Page) {
  await page.evaluate((src) => {
    const w = window as unknown as { __frameMessages: unknown[] };
    w.__frameMessages = [];
    window.addEventListener('message', (e) => w.__frameMessages.push({ origin: e.origin, data: e.data }));
    const frame = document.createElement('iframe');
    frame.id = 'pp-fields';
    frame.title = 'Card details';
    frame.src = src;
    frame.style.width = '360px';
    frame.style.height = '600px';
    document.body.append(frame);
  }, `${e2e().paymentsUrl}/hosted-fields`);
}

async function nextMessage(page: Page, type: string): Promise<Message> {
  const handle = await page.waitForFunction(
    (t) => (window as unknown as { __frameMessages: Message[] }).__frameMessages.find((m) => m.data?.type === t) ?? null,
    type,
  );
  return (await handle.jsonValue()) as Message;
}

const toFrame = (page: Page, message: object) =>
  page.evaluate(([m, origin]) => (document.getElementById('pp-fields') as HTMLIFrameElement).contentWindow!.postMessage(m, origin as string), [message, e2e().paymentsUrl] as const);

test('a card typed in the hosted frame is tokenized there; the portal page gets a key and never the number', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone-375', 'protocol check, once (in the shorter project)');
  const link = await issueDemoLink('Magnolia Catering');
  const portalBodies: string[] = [];
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) portalBodies.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  await page.goto('/');
  const list = await page.request.get(`/api/vendors/${link.vendorId}/locations/${link.locationId}/paymentmethods`, {
    headers: { authorization: `ContactAccess ${link.token}` },
  });
  expect(list.ok()).toBe(true);
  const { paymentMethodsJwt } = await list.json();

  await embed(page);
  const ready = await nextMessage(page, 'ready');
  expect(ready.origin).toBe(e2e().paymentsUrl);
  await toFrame(page, { channel: 'pp-hosted-fields', type: 'init', kind: 'CC', provider: 'plastiq-cc', jwt: paymentMethodsJwt, theme: { accent: '#1d5fbf' } });

  const frame = page.frameLocator('#pp-fields');
  await frame.getByLabel('Name on Card').fill('Dana Reyes');
  // an invalid form is refused inside the frame, with its error under the field
  await toFrame(page, { channel: 'pp-hosted-fields', type: 'tokenize', extra: {} });
  const invalid = await nextMessage(page, 'invalid');
  expect(invalid.data.fields).toContain('ccNumber');
  await expect(frame.getByText('This field is required.').first()).toBeVisible();

  await frame.getByLabel(/^Card Number/).fill(CARD);
  await expect(frame.getByLabel('Card Number (Visa)')).toBeVisible();
  await frame.getByLabel('Expiration Date (MM/YY)').fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await frame.getByLabel('Security Code (CVC)').fill(CVC);
  await frame.getByLabel('Billing Address', { exact: true }).fill('19 Harbor St');
  await frame.getByLabel('ZIP Code').fill('28401');
  // Enter inside the frame asks the portal to submit (its button, its modal)
  await frame.getByLabel('ZIP Code').press('Enter');
  await nextMessage(page, 'submit');
  await toFrame(page, { channel: 'pp-hosted-fields', type: 'tokenize', extra: { name: 'Ops card' } });
  const tokenized = await nextMessage(page, 'tokenized');
  expect(tokenized.origin).toBe(e2e().paymentsUrl);
  expect(tokenized.data).toMatchObject({ brand: 'visa', lastFour: '4242' });
  expect(String(tokenized.data.key).length).toBeGreaterThan(10);

  // nothing the portal's own page holds or sent carries the number or the CVC
  const held = await page.evaluate(() => [document.documentElement.outerHTML, JSON.stringify(localStorage), JSON.stringify(sessionStorage), JSON.stringify((window as unknown as { __frameMessages: unknown[] }).__frameMessages)].join('\n'));
  expect(held).not.toContain(CARD);
  expect(held).not.toMatch(new RegExp(`"${CVC}"`));
  expect(portalBodies.join('\n')).not.toContain(CARD);
});

test('another origin cannot embed the hosted fields (frame-ancestors)', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone-375', 'header check, once (in the shorter project)');
  // the same server under another name is another origin
  const other = baseURL!.replace('127.0.0.1', 'localhost');
  await page.goto(`${other}/`);
  await embed(page);
  // Chromium replaces a frame its ancestor policy refuses with an error page: the fields never load there
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith(e2e().paymentsUrl))).toBe(false);
});
