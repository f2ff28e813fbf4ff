// @vitest-environment node
/**
 * The statement calls: the statement (JSON, CSV, PDF), statement delivery, `PATCH .../statementrequest`, advertisements
 * with impressions and clicks, reminder campaigns. Every answer is checked against the contract; bad input → 400 and
 * nothing written; another contact's ids → 404 and nothing written; a duplicate reminder → 409 and nothing written.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, locPath, startDemoSession } from './helpers/demo-session.js';
import { checkPdfStructure, pdfText } from './helpers/pdf.js';

let s: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => ({ s, token, otherToken } = await startDemoSession()));
afterAll(() => s?.close());
const { blueHeron, saltmarsh, get, send } = demoRequests(() => ({ s, token }));
const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(s.db)).rows[0]!.n);
const nyToday = () => Temporal.Now.instant().toZonedDateTimeISO('America/New_York').toPlainDate();

describe('GET .../statement', () => {
  it('lists the open invoices and credits of the location, classified, with aging and totals in the vendor time zone', async () => {
    const res = await get(`${blueHeron()}/statement`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getStatement', 200, res.json());
    const body = res.json();
    expect(body.timezone).toBe('America/New_York');
    // the same moment as a wall clock in the vendor's zone (the page shows it as it is)
    expect(body.asOfLocal).toBe(Temporal.Instant.from(body.asOf).toZonedDateTimeISO('America/New_York').toPlainDateTime().toString({ smallestUnit: 'minute' }));
    expect(body.asOfLocal).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(body.requestMarked).toBe(false);
    const byNum = new Map<string, any>(body.lines.map((l: any) => [l.displayInvNum, l]));
    // closed invoices are not on it; scheduled ones are (still owed)
    expect(byNum.has('INV4409870')).toBe(false);
    expect(byNum.has('INV4411601')).toBe(true);
    // the seed dates are relative to today: due 22 days ago → past due 22 days; due in 6 days → current
    expect(byNum.get('INV4410321')).toMatchObject({ classification: 'pastDue', daysPastDue: 22, openAmount: 1842.37 });
    expect(byNum.get('INV4411120')).toMatchObject({ classification: 'current', daysPastDue: 0 });
    expect(byNum.get('CM-4410911')).toMatchObject({ classification: 'credit', openAmount: -86.4, dueDate: null });
    expect(byNum.get('INV4410902')).toMatchObject({ openAmount: 475 }); // part-paid: what is still open
    // the page's invoice date is the external one (the vendor shows it)
    const stored = await s.db.selectFrom('invoices').selectAll().where('displayInvNum', '=', 'INV4410321').executeTakeFirstOrThrow();
    expect(byNum.get('INV4410321').invoiceDate).toBe(String(stored.externalInvoiceDate).slice(0, 10));
    // other locations' and the other contact's invoices are never on it
    expect(byNum.has('INV4410722')).toBe(false);
    expect(byNum.has('INV4408802')).toBe(false);
    // totals add up the lines; aging covers every invoice but no credit
    const cents = (n: number) => Math.round(n * 100);
    const lines = body.lines as Array<{ openAmount: number; classification: string }>;
    const sum = (f: (l: any) => boolean) => lines.filter(f).reduce((acc, l) => acc + cents(l.openAmount), 0);
    expect(cents(body.totals.invoices)).toBe(sum((l) => l.classification !== 'credit'));
    expect(cents(body.totals.credits)).toBe(sum((l) => l.classification === 'credit'));
    expect(cents(body.totals.pastDue)).toBe(sum((l) => l.classification === 'pastDue'));
    expect(cents(body.totals.balance)).toBe(cents(body.totals.invoices) + cents(body.totals.credits));
    const aged = Object.values<number>(body.aging).reduce((acc, v) => acc + cents(v), 0);
    expect(aged).toBe(cents(body.totals.invoices));
    expect(cents(body.aging.days1to30)).toBeGreaterThan(0);
    // ordered by due date, no due date last
    const dues = lines.map((l: any) => l.dueDate).filter(Boolean);
    expect(dues).toEqual([...dues].sort());
    expect(lines.at(-1)).toMatchObject({ dueDate: null });
  });

  it("answers 404 for another contact's location, and for a location of another vendor", async () => {
    const res = await get(`${saltmarsh()}/statement`);
    expect(res.statusCode).toBe(404);
    expectMatchesContract('getStatement', 404, res.json());
    expect((await get(locPath(s.demo.vendors.coastal, s.demo.locations.blueHeron) + '/statement')).statusCode).toBe(404);
    expect((await get(`${saltmarsh()}/statement.pdf`)).statusCode).toBe(404);
    expect((await get(`${saltmarsh()}/statement.csv`)).statusCode).toBe(404);
  });
});

describe('GET .../statement.csv and .../statement.pdf', () => {
  it('CSV: a row per line with the same figures, BOM, formula-safe, attachment named after the statement', async () => {
    // an invoice number that a spreadsheet would run as a formula
    await s.db.updateTable('invoices').set({ displayInvNum: '=HYPERLINK("x")' }).where('displayInvNum', '=', 'INV4411650').execute();
    const json = (await get(`${blueHeron()}/statement`)).json();
    const res = await get(`${blueHeron()}/statement.csv`);
    await s.db.updateTable('invoices').set({ displayInvNum: 'INV4411650' }).where('displayInvNum', '=', '=HYPERLINK("x")').execute();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain(`Statement ${nyToday().toString()} `);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(res.body.slice(1).trim(), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['Invoice', 'Invoice Date', 'Due Date', 'Status', 'Days Past Due', 'Open Amount']);
    expect(parsed.length - 1).toBe(json.lines.length);
    expect(parsed.find((r) => r[0] === 'INV4410321')).toEqual(['INV4410321', expect.any(String), expect.any(String), 'Past Due', '22', '$1,842.37']);
    expect(parsed.find((r) => r[0] === 'CM-4410911')?.[3]).toBe('Credit');
    expect(parsed.some((r) => r[0] === `'=HYPERLINK("x")`)).toBe(true);
    expect(parsed.some((r) => r[0].startsWith('='))).toBe(false);
  });

  it('PDF: a well-formed document with title, as-of date, lines, totals, aging, disclaimer and the landing-page link', async () => {
    const res = await get(`${blueHeron()}/statement.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toBe(
      `inline; filename="statement-${nyToday().toString()}.pdf"; filename*=UTF-8''statement-${nyToday().toString()}.pdf`,
    );
    const pdf = res.rawPayload;
    expect(checkPdfStructure(pdf).problems).toEqual([]);
    const text = pdfText(pdf);
    const today = nyToday();
    expect(text).toContain('Account Statement');
    expect(text).toContain(`as of ${today.month}/${today.day}/${String(today.year).slice(2)}`);
    expect(text).toContain('Blue Heron Grill');
    expect(text).toContain('INV4410321');
    expect(text).toContain('Past Due (22 days)');
    expect(text).toContain('-$86.40');
    expect(text).toContain('Aging Summary');
    expect(text).toContain('Over 90 Days');
    expect(text).toContain('Payments in transit may not be shown');
    expect(text).toContain('http://portal.test/');
    expect(text).not.toMatch(/\/token\//);
  });
});

describe('statement delivery', () => {
  const url = () => `${blueHeron()}/statementdelivery`;
  it('is empty until turned on; POST turns it on, a second POST updates the same one; DELETE turns it off', async () => {
    const empty = await get(url());
    expect(empty.statusCode).toBe(200);
    expectMatchesContract('listStatementDeliveries', 200, empty.json());
    expect(empty.json()).toEqual({
      statementDeliveries: [],
      currentContact: { id: s.demo.contactId, firstName: 'Dana', lastName: 'Whitfield', deliverTo: 'demo@example.com' },
    });

    const on = await send('POST', url(), { scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: false });
    expect(on.statusCode).toBe(200);
    expectMatchesContract('saveStatementDelivery', 200, on.json());
    const [created] = on.json().statementDeliveries;
    expect(created).toMatchObject({ scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: false, contactId: s.demo.contactId, locationId: s.demo.locations.blueHeron });
    const stored = await s.db.selectFrom('statementDeliveries').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(String(stored.activeFrom).slice(0, 10)).toBe(nyToday().toString());

    const updated = await send('POST', url(), { scheduleUnit: 'weekly', scheduleValue: 'fri', sendEmptyStatements: true });
    expect(updated.json().statementDeliveries).toEqual([{ ...created, scheduleUnit: 'weekly', scheduleValue: 'fri', sendEmptyStatements: true }]);
    expect(await count('statement_deliveries')).toBe(1);
    expect((await get(url())).json().statementDeliveries).toHaveLength(1);

    // another contact cannot see or delete it
    expect((await send('DELETE', `${url()}/${created.id}`, undefined, otherToken)).statusCode).toBe(404);
    expect((await send('DELETE', `${saltmarsh()}/statementdelivery/${created.id}`, undefined, otherToken)).statusCode).toBe(404);
    expect(await count('statement_deliveries')).toBe(1);

    const off = await send('DELETE', `${url()}/${created.id}`);
    expect(off.statusCode).toBe(204);
    expect((await get(url())).json().statementDeliveries).toEqual([]);
    expect((await send('DELETE', `${url()}/${created.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['a day code for monthly', { scheduleUnit: 'monthly', scheduleValue: 'mon', sendEmptyStatements: false }, 'scheduleValue'],
    ['a day number for weekly', { scheduleUnit: 'weekly', scheduleValue: '3', sendEmptyStatements: false }, 'scheduleValue'],
    ['day 29', { scheduleUnit: 'monthly', scheduleValue: '29', sendEmptyStatements: false }, 'scheduleValue'],
    ['an unknown unit', { scheduleUnit: 'daily', scheduleValue: 'mon', sendEmptyStatements: false }, 'scheduleUnit'],
    ['a missing flag', { scheduleUnit: 'weekly', scheduleValue: 'mon' }, 'sendEmptyStatements'],
    ['an unknown field', { scheduleUnit: 'weekly', scheduleValue: 'mon', sendEmptyStatements: false, contactId: randomUUID() }, 'contactId'],
  ])('refuses %s with 400 naming the field; nothing written', async (_label, payload, field) => {
    const before = await count('statement_deliveries');
    const res = await send('POST', url(), payload);
    expect(res.statusCode).toBe(400);
    expectMatchesContract('saveStatementDelivery', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field });
    expect(await count('statement_deliveries')).toBe(before);
  });

  it("another contact's location → 404, nothing written", async () => {
    const res = await send('POST', `${saltmarsh()}/statementdelivery`, { scheduleUnit: 'weekly', scheduleValue: 'mon', sendEmptyStatements: false });
    expect(res.statusCode).toBe(404);
    expect(await count('statement_deliveries')).toBe(0);
  });
});

describe('PATCH .../statementrequest', () => {
  it('marks the statement opened (requestMarked), completes active statement requests of the contact there; idempotent', async () => {
    const request = await s.db
      .insertInto('requests')
      .values({ vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId, type: 'statement' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await send('PATCH', `${blueHeron()}/statementrequest`);
    expect(res.statusCode).toBe(204);
    expect((await get(`${blueHeron()}/statement`)).json().requestMarked).toBe(true);
    expect((await s.db.selectFrom('requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow()).status).toBe('complete');
    expect((await send('PATCH', `${blueHeron()}/statementrequest`, {})).statusCode).toBe(204);
    expect(await count('statement_request_marks')).toBe(1);
    // another location stays unmarked
    expect((await get(`${locPath(s.demo.vendors.pfg, s.demo.locations.magnolia)}/statement`)).json().requestMarked).toBe(false);
  });

  it('refuses a body with fields (400) and another contact’s location (404); nothing written', async () => {
    const before = await count('statement_request_marks');
    expect((await send('PATCH', `${blueHeron()}/statementrequest`, { seen: true })).statusCode).toBe(400);
    expect((await send('PATCH', `${saltmarsh()}/statementrequest`)).statusCode).toBe(404);
    expect(await count('statement_request_marks')).toBe(before);
  });
});

describe('advertisements', () => {
  it('lists the vendor ads keyed by fileId, images served by the portal itself', async () => {
    const res = await get(`/api/vendors/${s.demo.vendors.pfg}/advertisements`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listAdvertisements', 200, res.json());
    const ads = Object.values<any>(res.json().advertisements);
    expect(ads.length).toBeGreaterThanOrEqual(3);
    for (const [key, ad] of Object.entries<any>(res.json().advertisements)) {
      expect(ad.fileId).toBe(key);
      expect(ad.fileUrl).toMatch(/^\/static\/ads\/[a-z0-9-]+\.svg$/);
      expect(ad.duration).toBeGreaterThan(0);
    }
    expect(ads.map((a) => a.order)).toEqual([...ads.map((a) => a.order)].sort((a, b) => a - b));
    expect(ads.some((a) => a.clickUrl === null)).toBe(true); // an ad without a link: no impression is sent for it
    // a vendor without ads: an empty map
    expect((await get(`/api/vendors/${s.demo.vendors.coastal}/advertisements`)).json()).toEqual({ advertisements: {} });
  });

  it('serves no ad whose image URL is not http(s) or site-relative, and no click URL that is not (the logo rule)', async () => {
    const inserted = await s.db
      .insertInto('ads')
      .values([
        { vendorId: s.demo.vendors.coastal, fileUrl: 'javascript:alert(1)', clickUrl: 'https://example.com/a', sortOrder: 1, duration: 5 },
        { vendorId: s.demo.vendors.coastal, fileUrl: '//evil.example/b.png', clickUrl: null, sortOrder: 2, duration: 5 },
        { vendorId: s.demo.vendors.coastal, fileUrl: '/static/ads/pfg-autopay.svg', clickUrl: ' JavaScript:alert(document.cookie)', sortOrder: 3, duration: 5 },
        { vendorId: s.demo.vendors.coastal, fileUrl: 'https://cdn.example.com/d.png', clickUrl: 'data:text/html,<script>alert(1)</script>', sortOrder: 4, duration: 5 },
        { vendorId: s.demo.vendors.coastal, fileUrl: '/static/ads/pfg-reminders.svg', clickUrl: 'https://example.com/fine', sortOrder: 5, duration: 5 },
      ])
      .returning(['fileId', 'fileUrl'])
      .execute();
    try {
      const res = await get(`/api/vendors/${s.demo.vendors.coastal}/advertisements`);
      expect(res.statusCode).toBe(200);
      expectMatchesContract('listAdvertisements', 200, res.json());
      const served = Object.values<any>(res.json().advertisements).sort((a, b) => a.order - b.order);
      expect(served.map((a) => [a.fileUrl, a.clickUrl])).toEqual([
        ['/static/ads/pfg-autopay.svg', null],
        ['https://cdn.example.com/d.png', null],
        ['/static/ads/pfg-reminders.svg', 'https://example.com/fine'],
      ]);
      expect(res.body).not.toMatch(/javascript|data:|evil/i);
    } finally {
      await s.db.deleteFrom('ads').where('fileId', 'in', inserted.map((a) => a.fileId)).execute();
    }
  });

  it('records impressions and clicks per ad, contact and location', async () => {
    const ads = (await get(`/api/vendors/${s.demo.vendors.pfg}/advertisements`)).json().advertisements;
    const fileId = Object.keys(ads)[0];
    const body = { locationId: s.demo.locations.blueHeron, displayPage: 'Statement', userTimezone: 'America/Chicago' };
    const impression = await send('POST', `/api/vendors/${s.demo.vendors.pfg}/advertisements/${fileId}/impressions`, body);
    expect(impression.statusCode).toBe(204);
    const click = await send('POST', `/api/vendors/${s.demo.vendors.pfg}/advertisements/${fileId}/clicks`, body);
    expect(click.statusCode).toBe(204);
    const events = await s.db.selectFrom('adEvents').selectAll().where('fileId', '=', fileId).orderBy('createdAt').execute();
    expect(events.map((e) => [e.kind, e.contactId, e.locationId, e.displayPage, e.userTimezone])).toEqual([
      ['impression', s.demo.contactId, s.demo.locations.blueHeron, 'Statement', 'America/Chicago'],
      ['click', s.demo.contactId, s.demo.locations.blueHeron, 'Statement', 'America/Chicago'],
    ]);
  });

  it('bad input → 400, foreign ids → 404; nothing recorded', async () => {
    const ads = (await get(`/api/vendors/${s.demo.vendors.pfg}/advertisements`)).json().advertisements;
    const fileId = Object.keys(ads)[0];
    const ok = { locationId: s.demo.locations.blueHeron, displayPage: 'Statement', userTimezone: 'UTC' };
    const before = await count('ad_events');
    const url = (id = fileId, vendor = s.demo.vendors.pfg) => `/api/vendors/${vendor}/advertisements/${id}/impressions`;
    for (const [payload, field] of [
      [{ ...ok, displayPage: 'Dashboard' }, 'displayPage'],
      [{ ...ok, userTimezone: 'Mars/Olympus_Mons' }, 'userTimezone'],
      [{ ...ok, userTimezone: '' }, 'userTimezone'],
      [{ ...ok, extra: 1 }, 'extra'],
      [{ displayPage: 'Statement', userTimezone: 'UTC' }, 'locationId'],
    ] as const) {
      const res = await send('POST', url(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    // the other contact's location, an unknown ad, an ad of a vendor the contact belongs to but not this one
    expect((await send('POST', url(), { ...ok, locationId: s.demo.locations.saltmarsh })).statusCode).toBe(404);
    expect((await send('POST', url(randomUUID()), ok)).statusCode).toBe(404);
    expect((await send('POST', url(fileId, s.demo.vendors.coastal), { ...ok, locationId: s.demo.locations.coastalBlueHeron })).statusCode).toBe(404);
    // the other contact cannot record on Dana's location
    expect((await send('POST', url(), ok, otherToken)).statusCode).toBe(404);
    expect(await count('ad_events')).toBe(before);
  });
});

describe('reminder campaigns', () => {
  const url = () => `${blueHeron()}/campaigns`;
  it('lists with contactId and deliverTo; creates; duplicate day → 409 and nothing written; deletes', async () => {
    const empty = await get(url());
    expect(empty.statusCode).toBe(200);
    expectMatchesContract('listCampaigns', 200, empty.json());
    expect(empty.json()).toEqual({ campaigns: [], contactId: s.demo.contactId, deliverTo: 'demo@example.com' });

    const created = await send('POST', url(), { eventDay: -3, contactId: s.demo.contactId });
    expect(created.statusCode).toBe(201);
    expectMatchesContract('createCampaign', 201, created.json());
    expect(created.json().campaign).toMatchObject({ eventDay: -3, contactId: s.demo.contactId, deliverTo: 'demo@example.com' });

    const duplicate = await send('POST', url(), { eventDay: -3, contactId: s.demo.contactId });
    expect(duplicate.statusCode).toBe(409);
    expectMatchesContract('createCampaign', 409, duplicate.json());
    expect(duplicate.json()).toMatchObject({ errorCode: 'duplicate_reminder', message: 'You already have a reminder set for that day.' });
    expect(await count('reminder_campaigns')).toBe(1);

    // the same day at another location is another reminder
    const magnolia = await send('POST', `${locPath(s.demo.vendors.pfg, s.demo.locations.magnolia)}/campaigns`, { eventDay: -3, contactId: s.demo.contactId });
    expect(magnolia.statusCode).toBe(201);
    await send('POST', url(), { eventDay: 0, contactId: s.demo.contactId });
    await send('POST', url(), { eventDay: 90, contactId: s.demo.contactId });
    expect((await get(url())).json().campaigns.map((c: any) => c.eventDay)).toEqual([-3, 0, 90]);

    const id = created.json().campaign.id;
    expect((await send('DELETE', `${url()}/${id}`, undefined, otherToken)).statusCode).toBe(404);
    expect((await send('DELETE', `${locPath(s.demo.vendors.pfg, s.demo.locations.magnolia)}/campaigns/${id}`)).statusCode).toBe(404);
    const deleted = await send('DELETE', `${url()}/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await get(url())).json().campaigns.map((c: any) => c.eventDay)).toEqual([0, 90]);
    expect((await send('DELETE', `${url()}/${id}`)).statusCode).toBe(404);
  });

  it.each([
    ['91 days', { eventDay: 91 }, 'eventDay'],
    ['-91 days', { eventDay: -91 }, 'eventDay'],
    ['a fraction', { eventDay: 1.5 }, 'eventDay'],
    ['a string', { eventDay: '3' }, 'eventDay'],
    ['no contactId', { contactId: undefined }, 'contactId'],
    ['an unknown field', { note: 'x' }, 'note'],
  ])('refuses %s with 400; nothing written', async (_label, patch, field) => {
    const before = await count('reminder_campaigns');
    const payload = { eventDay: 5, contactId: s.demo.contactId, ...patch };
    const res = await send('POST', url(), JSON.parse(JSON.stringify(payload)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field });
    expect(await count('reminder_campaigns')).toBe(before);
  });

  it("another contact's id in the body, or another contact's location → 404; nothing written", async () => {
    const before = await count('reminder_campaigns');
    const res = await send('POST', url(), { eventDay: 7, contactId: s.demo.otherContactId });
    expect(res.statusCode).toBe(404);
    expectMatchesContract('createCampaign', 404, res.json());
    expect((await send('POST', `${saltmarsh()}/campaigns`, { eventDay: 7, contactId: s.demo.contactId })).statusCode).toBe(404);
    expect((await get(`${saltmarsh()}/campaigns`)).statusCode).toBe(404);
    // the other contact sees none of Dana's reminders at its own location
    expect((await get(`${saltmarsh()}/campaigns`, otherToken)).json().campaigns).toEqual([]);
    expect(await count('reminder_campaigns')).toBe(before);
  });
});
