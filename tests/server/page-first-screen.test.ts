// @vitest-environment node
/**
 * Every page under a location carries its first screen in its HTML, rendered on the server by the app itself
 * (src/server-render/: the real route tree and page components, their real machines fed by the server's own API for
 * the page's token) — on the real build (`sharedBuild`), the demo data and the real API. These tests read the HTML as
 * a browser receives it: the painted page in each width class, the answers inline beside it, and what a customer must
 * never find there (another customer's data, a write made by a page being looked at).
 * That the app replaces it without moving a box is measured in Chromium (tests/e2e/layout-shift.spec.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSnapshots, type ActorSnapshots } from '../../core/api/hydration';
import { buildPortal, sharedBuild } from '../../scripts/bench/bundle-size';
import { payInvoiceNumber } from '../../core/rules/invoices';
import { errorPageContent } from '../../src/features/access/texts';
import { paymentMethodTexts } from '../../src/ui/payment-methods/texts';
import { startTestServer, type TestServer } from './helpers/app.js';
import { isTokenPageOf, warmFirstScreens } from '../../server/http/first-screen.js';

let s: TestServer;
let work: string;
let dist: string;
let dana: string;
let marcus: string;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'page-first-screen-'));
  dist = (await sharedBuild('portal', buildPortal, path.join(work, 'portal'))).outDir;
  s = await startTestServer({ config: { distDir: dist } });
  dana = await s.token({});
  marcus = await s.token({ contactId: s.demo.otherContactId });
}, 600_000);
afterAll(async () => {
  await s?.close();
  rmSync(work, { recursive: true, force: true });
});

const pagePath = (token: string, rest: string, vendorId = s.demo.vendors.pfg, locationId = s.demo.locations.blueHeron) =>
  `/token/${token}/vendors/${vendorId}/locations/${locationId}${rest}`;

interface Painted {
  path: string;
  release: string;
  /** The markup of each width class, by name. */
  variants: Record<string, string>;
}

/** The first screen of an HTML page: its path, how it is released, and its width variants; null without one. */
function firstScreenOf(body: string): Painted | null {
  const open = /<div id="pp-first-screen" data-path="([^"]*)"(?: data-release="([^"]*)")?>/.exec(body);
  if (!open) return null;
  const end = body.indexOf('<div id="root"></div>', open.index);
  const inner = body.slice(open.index + open[0].length, end);
  const variants: Record<string, string> = {};
  // a variant shared by width classes with the same markup names them all ("narrow phone")
  for (const part of inner.split('<div data-viewport="').slice(1)) for (const name of part.slice(0, part.indexOf('"')).split(' ')) variants[name] = part;
  return { path: open[1].replace(/&amp;/g, '&'), release: open[2] ?? '', variants };
}

/** What the page carries for its hydration (SNAPSHOTS_ELEMENT_ID), decoded; null without it. */
function carriedSnapshots(body: string): { page: string; actors: ActorSnapshots; session: ActorSnapshots; text: string } | null {
  const match = /<script type="application\/json" id="pp-snapshots">([\s\S]*?)<\/script>/.exec(body);
  if (!match) return null;
  const carried = JSON.parse(match[1]) as { page: string; actors: string; session: string };
  return { page: carried.page, actors: decodeSnapshots(carried.actors, Temporal)!, session: decodeSnapshots(carried.session, Temporal)!, text: match[1] };
}

/** The answers the page carries inline, by API path. */
function inlineAnswers(body: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="pp-bootstrap">([\s\S]*?)<\/script>/.exec(body);
  return match ? (JSON.parse(match[1]) as { api: Record<string, unknown> }).api : {};
}

/**
 * The page's HTML (or its redirect), asked again (up to five times in all) while it comes without its first screen: the server sends a page
 * whose render takes longer than its budget as the plain page, by design — the first render of a process loads the
 * renderer's modules, and a loaded machine (the test stages run side by side) can push one past 1 s.
 */
async function pageWithFirstScreen(url: string) {
  let res = await s.app.inject({ url, headers: html });
  for (let attempt = 1; attempt < 5 && res.statusCode === 200 && !firstScreenOf(res.body); attempt++) res = await s.app.inject({ url, headers: html });
  return res;
}

/** The visible text of a piece of markup. */
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

async function openInvoiceNumbers(token: string, vendorId: string, locationId: string): Promise<string[]> {
  const res = await s.app.inject({ url: `/api/vendors/${vendorId}/locations/${locationId}/invoices?type=click2pay`, headers: { authorization: `ContactAccess ${token}` } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { locationInvoices: { displayInvNum: string; payable: boolean }[] }).locationInvoices.filter((i) => i.payable).map((i) => i.displayInvNum);
}

describe('a page under a location carries its first screen, rendered by the app on the server', () => {
  it('click-to-pay: the open invoices, the total and the pay button, in each width class, with the answers inline', async () => {
    const url = pagePath(dana, '/click2pay');
    const res = await pageWithFirstScreen(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const painted = firstScreenOf(res.body);
    expect(painted, res.body.slice(0, 2000)).not.toBeNull();
    expect(painted!.path).toBe(url);
    expect(painted!.release).toBe('settled');
    expect(Object.keys(painted!.variants).sort()).toEqual(['narrow', 'phone', 'wide']);
    const invoices = await openInvoiceNumbers(dana, s.demo.vendors.pfg, s.demo.locations.blueHeron);
    expect(invoices.length).toBeGreaterThan(0);
    for (const [name, markup] of Object.entries(painted!.variants)) {
      const text = textOf(markup);
      expect(text, name).toContain('Make a Payment for Blue Heron Grill');
      expect(text, name).toContain('Confirm and Pay');
      for (const number of invoices.slice(0, 3)) expect(text, `${name}: ${number}`).toContain(payInvoiceNumber(number));
      // settled: nothing still loading
      expect(markup, name).not.toMatch(/data-skeleton|aria-busy="true"/);
    }
    // the phone row below 550 px, the table above
    expect(painted!.variants.narrow).toContain('data-layout="phone"');
    expect(painted!.variants.wide).toContain('data-layout="table"');
    // what the page's actors read is inline, so the app reaches the same screen without asking again
    const base = `/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;
    expect(Object.keys(inlineAnswers(res.body))).toEqual(expect.arrayContaining(['/vendors', `${base}/invoices?type=click2pay`, '/config?key=holidays']));
    // and what its actors reached, for the browser to hydrate the painted page from: made for this page, without the
    // token, holding the page's invoices
    const carried = carriedSnapshots(res.body);
    expect(carried, 'the page carries its snapshots').not.toBeNull();
    expect(carried!.page).toBe(`${base}/click2pay`);
    expect(carried!.text).not.toContain(dana);
    expect(carried!.text).not.toMatch(/<\/?script/i);
    expect(Object.keys(carried!.session)).toEqual(expect.arrayContaining(['vendors', `locations/${s.demo.vendors.pfg}`]));
    const machines = Object.values(carried!.actors).map((a) => a.machine);
    expect(machines.length).toBeGreaterThan(0);
    for (const number of invoices.slice(0, 3)) expect(carried!.text).toContain(number);
    // the preloads bring the module that reads them
    expect(res.body).toMatch(/<link rel="pp-modulepreload" href="\/assets\/hydrate-page-[^"]+\.js"/);
  });

  it.each([
    ['/invoices', 'Invoice Report for Blue Heron Grill'],
    ['/payments', 'Payment Report for Blue Heron Grill'],
    ['/statement', 'Blue Heron Grill'],
    ['/remit', 'Remit Form for Blue Heron Grill'],
    ['/messages', 'Messages for Blue Heron Grill'],
    ['/reminders', 'Blue Heron Grill'],
    ['/autopaymanage', 'Blue Heron Grill'],
    ['/paymentmethods/new', 'Add a Payment Method for Blue Heron Grill'],
    ['/profile', 'Blue Heron Grill'],
  ])('%s: painted in every width class, settled', async (rest, title) => {
    const res = await pageWithFirstScreen(pagePath(dana, rest));
    expect(res.statusCode).toBe(200);
    const painted = firstScreenOf(res.body);
    expect(painted, rest).not.toBeNull();
    for (const [name, markup] of Object.entries(painted!.variants)) {
      expect(textOf(markup), `${rest} ${name}`).toContain(title);
      expect(markup, `${rest} ${name}`).not.toMatch(/data-skeleton|aria-busy="true"/);
    }
  });

  it('width classes with the same markup share one variant: the statement is sent twice, not three times', async () => {
    const res = await pageWithFirstScreen(pagePath(dana, '/statement'));
    const painted = firstScreenOf(res.body)!;
    expect(Object.keys(painted.variants).sort()).toEqual(['narrow', 'phone', 'wide']);
    // below 550 px both classes lay the statement out as phone rows, and it has no method labels (the 420 px rule)
    expect(res.body).toMatch(/<div data-viewport="(narrow phone|phone narrow)">/);
    expect(res.body.split('<div data-viewport="').length - 1).toBe(2);
    expect(painted.variants.narrow).toBe(painted.variants.phone);
    expect(painted.variants.wide).not.toBe(painted.variants.phone);
  });

  it("the add-method page: the card form painted, the payments origin's frame not — only its box, of the frame's size", async () => {
    const res = await pageWithFirstScreen(pagePath(dana, '/paymentmethods/new'));
    const painted = firstScreenOf(res.body);
    expect(painted?.release).toBe('settled');
    for (const markup of Object.values(painted!.variants)) {
      expect(textOf(markup)).toContain(paymentMethodTexts.saveCard);
      // the one frame is the app's: one painted here would load the hosted fields twice and lose what was typed in it
      expect(markup).not.toContain('<iframe');
      expect(markup).not.toMatch(/src="[^"]*\/hosted-fields/);
      expect(markup).toMatch(/<span aria-hidden="true" data-hosted-fields-pending="" class="[^"]+" style="--pp-hf-one:\d+px;--pp-hf-two:\d+px">/);
    }
  });

  it("the renderer loads every page's modules at server start, so the first customer's page does not pay for them", async () => {
    // every route of src/app/router.tsx with a lazy page (the landing pages, the token entry, each page under a token)
    const warmed = await warmFirstScreens(dist);
    expect(warmed).not.toBeNull();
    expect(warmed!.failed).toBe(0);
    expect(warmed!.loaded).toBeGreaterThanOrEqual(40);
    // without a server-side build there is nothing to warm, and nothing throws
    expect(await warmFirstScreens(path.join(work, 'no-build'))).toBeNull();
  });

  it('the browser paints nothing of it until all of it is parsed: the render-blocking marker follows the first screen and its answers', async () => {
    const res = await pageWithFirstScreen(pagePath(dana, '/click2pay'));
    expect(firstScreenOf(res.body)).not.toBeNull();
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#pp-parsed" blocking="render"');
    const tag = '<template id="pp-parsed"></template>';
    const marker = res.body.indexOf(tag);
    expect(marker).toBeGreaterThan(res.body.indexOf('<div id="pp-first-screen"'));
    expect(marker).toBeGreaterThan(res.body.indexOf('<script type="application/json" id="pp-bootstrap">'));
    expect(res.body.indexOf('pp-parsed', marker + tag.length)).toBe(-1); // one marker, the last of it
    // the prerendered landing page too: its whole markup sits inside #root, before the marker
    const landing = await s.app.inject({ url: '/', headers: html });
    expect(landing.body).toContain('<link rel="expect" href="#pp-parsed" blocking="render"');
    expect(landing.body.indexOf('<template id="pp-parsed"></template>')).toBeGreaterThan(landing.body.indexOf('Powered by'));
  });

  it('the vendor and location choosers: their cards and rows painted, settled', async () => {
    const vendors = await pageWithFirstScreen(`/token/${dana}/vendors`);
    const choose = firstScreenOf(vendors.body);
    expect(choose, 'vendor chooser').not.toBeNull();
    for (const markup of Object.values(choose!.variants)) {
      expect(textOf(markup)).toContain('Choose a Vendor');
      expect(markup).not.toMatch(/data-skeleton|data-loading|aria-busy="true"/);
    }
    const res = await s.app.inject({ url: '/api/vendors', headers: { authorization: `ContactAccess ${dana}` } });
    for (const vendor of (res.json() as { vendors: { displayName: string; name: string }[] }).vendors) {
      expect(textOf(choose!.variants.wide)).toContain(vendor.displayName || vendor.name);
    }
    const locations = await pageWithFirstScreen(`/token/${dana}/vendors/${s.demo.vendors.pfg}/locations`);
    const where = firstScreenOf(locations.body);
    expect(where, 'location chooser').not.toBeNull();
    for (const markup of Object.values(where!.variants)) {
      expect(textOf(markup)).toContain('Choose a Location');
      for (const name of ['Blue Heron Grill', 'Harbor Street Kitchen', 'Magnolia Catering']) expect(textOf(markup)).toContain(name);
    }
  });

  it('a page that sends the reader on by its answers alone is a redirect: a chooser with one option, AutoPay set up', async () => {
    // the demo contact has one location at the second vendor: its chooser forwards there (spec §2), now the server does
    const only = await pageWithFirstScreen(`/token/${dana}/vendors/${s.demo.vendors.coastal}/locations`);
    expect(only.statusCode).toBe(302);
    expect(only.headers.location).toBe(pagePath(dana, '', s.demo.vendors.coastal, s.demo.locations.coastalBlueHeron));
    expect(only.headers['cache-control']).toBe('no-store');
    // where it leads paints its own first screen (the dashboard's)
    const there = await pageWithFirstScreen(String(only.headers.location));
    expect(there.statusCode).toBe(200);
    expect(firstScreenOf(there.body)).not.toBeNull();
    // AutoPay is on at Blue Heron Grill: its set-up page (and its request link's) sends the reader to its management
    const manage = await pageWithFirstScreen(pagePath(dana, '/autopaymanage'));
    expect(textOf(firstScreenOf(manage.body)!.variants.wide)).toContain('AutoPay');
    const setup = await pageWithFirstScreen(pagePath(dana, '/autopay'));
    expect(setup.statusCode).toBe(302);
    expect(setup.headers.location).toBe(pagePath(dana, '/autopaymanage'));
  });

  it("a link's landing (the token entry) is the server's redirect to the link's page, unless the link saves an action for the browser", async () => {
    const { db, demo } = s;
    const request = async (id: string) => db.selectFrom('requests').select(['vendorId', 'locationId']).where('id', '=', id).executeTakeFirstOrThrow();
    // asked again while it comes as the page (at most five times): a render over its budget is sent as the page, by
    // design (pageWithFirstScreen above)
    const landing = async (url: string) => {
      let res = await s.app.inject({ url, headers: html });
      for (let attempt = 1; attempt < 5 && res.statusCode === 200; attempt++) res = await s.app.inject({ url, headers: html });
      return res;
    };
    const linkOf = async (input: Parameters<TestServer['token']>[0]) => {
      const token = await s.token(input);
      return { token, res: await landing(`/token/${token}`) };
    };
    // a login link: the vendor chooser (which has several vendors, so is a page of its own)
    const login = await linkOf({});
    expect(login.res.statusCode).toBe(302);
    expect(login.res.headers.location).toBe(`/token/${login.token}/vendors`);
    expect(login.res.headers['cache-control']).toBe('no-store');
    // a statement link: that page of its location, which then comes with its first screen
    const statement = await linkOf({ type: 'statement', vendorId: demo.vendors.pfg, locationId: demo.locations.blueHeron });
    expect(statement.res.statusCode).toBe(302);
    expect(statement.res.headers.location).toBe(pagePath(statement.token, '/statement'));
    const there = await pageWithFirstScreen(String(statement.res.headers.location));
    expect(firstScreenOf(there.body)?.path).toBe(pagePath(statement.token, '/statement'));
    // a payment-plan request link, through the /pp alias: the request's page
    const plan = await request(demo.requests.paymentplan);
    const pp = await s.token({ type: 'paymentplan', vendorId: plan.vendorId, locationId: plan.locationId, requestId: demo.requests.paymentplan });
    const ppRes = await landing(`/token/${pp}/pp`);
    expect(ppRes.statusCode).toBe(302);
    expect(ppRes.headers.location).toBe(pagePath(pp, `/planrequests/${demo.requests.paymentplan}`, plan.vendorId, plan.locationId));
    // an AutoPay request link keeps its action in the browser (replayed once its location loads): the page is sent
    const autopay = await request(demo.requests.autopay);
    const ap = await linkOf({ type: 'autopay', vendorId: autopay.vendorId, locationId: autopay.locationId, requestId: demo.requests.autopay });
    expect(ap.res.statusCode).toBe(200);
    expect(ap.res.body).toContain('<div id="root"></div>');
    // a link that does not resolve is sent as the page, which shows why (spec §2 Token entry)
    const unknown = await s.app.inject({ url: '/token/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', headers: html });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers.location).toBeUndefined();
  });

  it('an error page is painted for any token, even one that no longer answers, and carries no answer of the API', async () => {
    const expired = await s.token({ ttlDays: -1, status: 'expired' });
    for (const [token, code, text] of [
      [expired, 'expired', errorPageContent('expired').title],
      ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'invalid', errorPageContent('invalid').title],
      [dana, 'canceled', errorPageContent('canceled').title],
    ] as const) {
      const res = await pageWithFirstScreen(`/token/${token}/error/${code}`);
      expect(res.statusCode).toBe(200);
      const painted = firstScreenOf(res.body);
      expect(painted, code).not.toBeNull();
      expect(painted!.path).toBe(`/token/${token}/error/${code}`);
      for (const markup of Object.values(painted!.variants)) {
        expect(textOf(markup)).toContain(text);
        expect(markup).toContain('<h1');
      }
      expect(inlineAnswers(res.body)).toEqual({});
    }
  });

  it("a page that leaves by the browser's own state is sent whole, without a first screen (a confirmation reloaded)", async () => {
    // the AutoPay confirmation shows what history state carries; without it the app goes to AutoPay's management —
    // a decision only the browser can take (a reload keeps the state), so the server sends the page as it is
    const res = await s.app.inject({ url: pagePath(dana, '/autopayconfirmation'), headers: html });
    expect(res.statusCode).toBe(200);
    expect(firstScreenOf(res.body)).toBeNull();
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("no redirect leaves the token's pages, and a chooser with several options is a page", async () => {
    const several = await pageWithFirstScreen(`/token/${dana}/vendors/${s.demo.vendors.pfg}/locations`);
    expect(several.statusCode).toBe(200);
    // another customer's vendor: the chooser is not forwarded anywhere (the app shows its failure, in the browser)
    const other = await s.app.inject({ url: `/token/${marcus}/vendors/${s.demo.vendors.coastal}/locations`, headers: html });
    expect(other.statusCode).toBe(200);
    expect(other.headers.location).toBeUndefined();
  });

  it('a path no page of the token has: no first screen, the browser shows its not-found page', async () => {
    for (const rest of ['/nothing-here', '/templatemessages/00000000-0000-4000-8000-000000000000/messages']) {
      const res = await s.app.inject({ url: pagePath(dana, rest), headers: html });
      expect(res.statusCode).toBe(200);
      expect(firstScreenOf(res.body), rest).toBeNull();
      expect(carriedSnapshots(res.body), rest).toBeNull();
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("another customer's location: no first screen and none of its answers in the page", async () => {
    const res = await s.app.inject({ url: pagePath(marcus, '/click2pay'), headers: html });
    expect(res.statusCode).toBe(200);
    expect(firstScreenOf(res.body)).toBeNull();
    expect(carriedSnapshots(res.body)).toBeNull();
    const base = `/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;
    expect(Object.keys(inlineAnswers(res.body)).filter((key) => key.startsWith(base))).toEqual([]);
    for (const number of await openInvoiceNumbers(dana, s.demo.vendors.pfg, s.demo.locations.blueHeron)) expect(res.body).not.toContain(number);
  });

  it('two customers rendered at the same moment: each page holds its own invoices only', async () => {
    const mine = await openInvoiceNumbers(dana, s.demo.vendors.pfg, s.demo.locations.blueHeron);
    const theirs = await openInvoiceNumbers(marcus, s.demo.vendors.pfg, s.demo.locations.saltmarsh);
    expect(theirs.length).toBeGreaterThan(0);
    const both = () => Promise.all([
      s.app.inject({ url: pagePath(dana, '/click2pay'), headers: html }),
      s.app.inject({ url: pagePath(marcus, '/click2pay', s.demo.vendors.pfg, s.demo.locations.saltmarsh), headers: html }),
    ]);
    // (again while either came without its first screen: see pageWithFirstScreen)
    let [a, b] = await both();
    for (let attempt = 1; attempt < 5 && !(firstScreenOf(a.body) && firstScreenOf(b.body)); attempt++) [a, b] = await both();
    expect(firstScreenOf(a.body)).not.toBeNull();
    expect(firstScreenOf(b.body)).not.toBeNull();
    for (const number of theirs.filter((n) => !mine.includes(n))) expect(a.body).not.toContain(number);
    for (const number of mine.filter((n) => !theirs.includes(n))) expect(b.body).not.toContain(number);
    expect(textOf(firstScreenOf(b.body)!.variants.wide)).toContain(payInvoiceNumber(theirs[0]));
  });

  it('looking is not doing: rendering pages writes nothing (no visit, no journey entry)', async () => {
    const count = async () => {
      const rows = await s.db.selectFrom('visits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(rows.n);
    };
    const before = await count();
    for (const rest of ['/click2pay', '/invoices', '/statement', '/remit']) {
      const res = await pageWithFirstScreen(pagePath(dana, rest));
      expect(firstScreenOf(res.body), rest).not.toBeNull();
    }
    expect(await count()).toBe(before);
  });
});

describe('isTokenPageOf: where the server may redirect a page to', () => {
  it("only the same token's pages", () => {
    expect(isTokenPageOf('abc', '/token/abc/vendors/v/locations/l')).toBe(true);
    expect(isTokenPageOf('abc', '/token/abcd/vendors/v/locations')).toBe(false);
    expect(isTokenPageOf('abc', '/token/other/vendors')).toBe(false);
    expect(isTokenPageOf('abc', '//evil.example/token/abc/vendors')).toBe(false);
    expect(isTokenPageOf('abc', '/token/abc/vendors//evil.example')).toBe(false);
    expect(isTokenPageOf('abc', '/token/abc/vendors/v?next=x')).toBe(false);
    expect(isTokenPageOf('abc', '/404')).toBe(false);
  });
});
