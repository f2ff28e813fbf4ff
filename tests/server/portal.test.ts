// @vitest-environment node
/** The implemented reads and writes, on the demo data, validated against the contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.token({});
});
afterAll(async () => {
  await s?.close();
});

const get = (url: string) => s.app.inject({ url, headers: s.auth(token) });
const loc = (vendorId: string, locationId: string) => `/api/vendors/${vendorId}/locations/${locationId}`;

describe('requests', () => {
  it('GET /requests lists the contact’s open requests at every vendor', async () => {
    const res = await get('/api/requests');
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listAllRequests', 200, res.json());
    const requests = res.json().requests as Array<{ id: string; status: string; type: string }>;
    expect(requests.map((r) => r.id).sort()).toEqual(
      [s.demo.requests.autopay, s.demo.requests.paymentplan, s.demo.requests.click2pay].sort(),
    );
    expect(requests.every((r) => r.status === 'active')).toBe(true);
  });

  it('filters a location’s requests by type', async () => {
    const all = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/requests`);
    expectMatchesContract('listLocationRequests', 200, all.json());
    expect(all.json().requests.map((r: { type: string }) => r.type).sort()).toEqual(['autopay', 'paymentplan']);

    const plans = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/requests?requestType=paymentplan`);
    expect(plans.statusCode).toBe(200);
    expectMatchesContract('listLocationRequests', 200, plans.json());
    expect(plans.json().requests.map((r: { id: string }) => r.id)).toEqual([s.demo.requests.paymentplan]);

    const bad = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/requests?requestType=lottery`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'validation_failed', field: 'requestType' });
  });

  it('answers one request; a plan request carries its plan in dollars', async () => {
    const res = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/requests/${s.demo.requests.paymentplan}`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getRequest', 200, res.json());
    expect(res.json().request).toMatchObject({
      id: s.demo.requests.paymentplan,
      type: 'paymentplan',
      paymentPlan: { paymentPlanName: 'Event Season Balance', frequency: 'monthly', totalAmount: 3600, eachAmount: 900 },
    });
    const c2p = await get(`${loc(s.demo.vendors.coastal, s.demo.locations.coastalBlueHeron)}/requests/${s.demo.requests.click2pay}`);
    expectMatchesContract('getRequest', 200, c2p.json());
    expect(c2p.json().request.paymentPlan).toBeNull();
    expect(c2p.json().request.invoiceIds).toHaveLength(3);
  });
});

describe('visits', () => {
  it('POST .../visits records one visit of the contact at the location and answers 204', async () => {
    const count = () =>
      s.db.selectFrom('visits').selectAll().where('contactId', '=', s.demo.contactId).where('locationId', '=', s.demo.locations.harborStreet).execute();
    const before = (await count()).length;
    const res = await s.app.inject({
      method: 'POST', url: `${loc(s.demo.vendors.pfg, s.demo.locations.harborStreet)}/visits`, headers: s.auth(token),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await count();
    expect(rows).toHaveLength(before + 1);
    expect(rows.every((r) => r.vendorId === s.demo.vendors.pfg)).toBe(true);
  });

  it('refuses a body with fields (400) and records nothing', async () => {
    const before = await s.db.selectFrom('visits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await s.app.inject({
      method: 'POST', url: `${loc(s.demo.vendors.pfg, s.demo.locations.harborStreet)}/visits`, headers: s.auth(token), payload: { page: 'dashboard' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'page' });
    const after = await s.db.selectFrom('visits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('GET /config', () => {
  it('featureFlags: name → {default, enabled}', async () => {
    const res = await get('/api/config?key=featureFlags');
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getConfig', 200, res.json());
    expect(Object.keys(res.json())).toEqual(['featureFlags']);
    expect(res.json().featureFlags.customerManageAutopay).toEqual({ default: true, enabled: true });
    expect(res.json().featureFlags.power.enabled).toBe(false);
  });

  it('configuration: click-to-pay and AutoPay windows', async () => {
    const res = await get('/api/config?key=configuration');
    expectMatchesContract('getConfig', 200, res.json());
    expect(res.json()).toEqual({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 10 } } });
  });

  it('configuration and vendor config: a day window configured beyond 366 days is answered as 366 (the contract\'s maximum)', async () => {
    const config = await s.db.selectFrom('appConfig').select('value').where('key', '=', 'configuration').executeTakeFirstOrThrow();
    const vendor = await s.db.selectFrom('vendors').select('config').where('id', '=', s.demo.vendors.pfg).executeTakeFirstOrThrow();
    await s.db.updateTable('appConfig').set({ value: json({ paymentRequest: { c2pPaymentDays: 100000 }, autopayConfig: { startDateTimeFrame: 9007199254740991 } }) }).where('key', '=', 'configuration').execute();
    await s.db.updateTable('vendors').set({ config: { ...(vendor.config ?? {}), c2pPaymentDays: 1e9, autoPayStartDateTimeFrame: 367 } as never }).where('id', '=', s.demo.vendors.pfg).execute();
    try {
      const res = await get('/api/config?key=configuration');
      expectMatchesContract('getConfig', 200, res.json());
      expect(res.json()).toEqual({ configuration: { paymentRequest: { c2pPaymentDays: 366 }, autopayConfig: { startDateTimeFrame: 366 } } });
      const vendors = await get('/api/vendors');
      expectMatchesContract('listVendors', 200, vendors.json());
      const pfg = vendors.json().vendors.find((v: { id: string }) => v.id === s.demo.vendors.pfg);
      expect(pfg.config).toMatchObject({ c2pPaymentDays: 366, autoPayStartDateTimeFrame: 366 });
    } finally {
      await s.db.updateTable('appConfig').set({ value: json(config.value) }).where('key', '=', 'configuration').execute();
      await s.db.updateTable('vendors').set({ config: vendor.config as never }).where('id', '=', s.demo.vendors.pfg).execute();
    }
  });

  it('holidays: the global list, in date order', async () => {
    const res = await get('/api/config?key=holidays');
    expectMatchesContract('getConfig', 200, res.json());
    const holidays = res.json().holidays as Array<{ date: string; name: string }>;
    const year = new Date().getFullYear();
    expect(holidays.some((h) => h.date === `${year}-07-04` || h.date === `${year}-07-03` || h.date === `${year}-07-05`)).toBe(true);
    expect(holidays.map((h) => h.date)).toEqual([...holidays.map((h) => h.date)].sort());
  });

  it('epa: terms per provider', async () => {
    const res = await get('/api/config?key=epa');
    expectMatchesContract('getConfig', 200, res.json());
    expect(res.json()).toEqual({ epa: DEMO_EPA });
  });

  it('refuses an unknown or missing key with 400', async () => {
    for (const url of ['/api/config?key=secrets', '/api/config']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expectMatchesContract('getConfig', 400, res.json());
      expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'key' });
    }
  });
});

describe('announcements', () => {
  it('GET /announcements answers the global ones only (expired included: the SPA hides them)', async () => {
    const res = await get('/api/announcements');
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listAnnouncements', 200, res.json());
    const rows = await s.db.selectFrom('announcements').select('id').where('vendorId', 'is', null).execute();
    expect(res.json().announcements.map((a: { id: string }) => a.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(res.json().announcements.some((a: { type: string }) => a.type === 'error')).toBe(true);
  });

  it('GET /vendors/{id}/announcements answers that vendor’s only', async () => {
    const res = await get(`/api/vendors/${s.demo.vendors.coastal}/announcements`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listVendorAnnouncements', 200, res.json());
    const messages = res.json().announcements.map((a: { message: string }) => a.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Holiday delivery schedule/);
  });

  it('the public announcements file has the contract’s shape', async () => {
    const { readFileSync } = await import('node:fs');
    const file = JSON.parse(readFileSync(new URL('../../public/static/announcements.json', import.meta.url), 'utf8'));
    expectMatchesContract('listAnnouncements', 200, file);
  });
});

describe('dashboard loads', () => {
  it('AutoPay: the active one at Blue Heron Grill, null where there is none', async () => {
    const on = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.blueHeron)}/autopay`);
    expect(on.statusCode).toBe(200);
    expectMatchesContract('getAutopay', 200, on.json());
    expect(on.json().autoPay).toMatchObject({ paymentMethodType: 'ACH', customerManage: true });
    expect(on.json().autoPay.paymentGroups.every((g: { sourceType: string }) => g.sourceType === 'autopay')).toBe(true);

    const off = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/autopay`);
    expectMatchesContract('getAutopay', 200, off.json());
    expect(off.json()).toEqual({ autoPay: null });
  });

  it('a deleted AutoPay is off', async () => {
    const location = s.demo.locations.coastalBlueHeron;
    const method = await s.db.selectFrom('paymentMethods').select('id').where('locationId', '=', location).executeTakeFirstOrThrow();
    await s.db
      .insertInto('autopays')
      .values({
        vendorId: s.demo.vendors.coastal, locationId: location, contactId: s.demo.contactId, paymentMethodId: method.id,
        startDate: '2026-01-05', excludedInvoiceIds: json([]), deletedAt: new Date(),
      })
      .execute();
    const res = await get(`${loc(s.demo.vendors.coastal, location)}/autopay`);
    expect(res.json()).toEqual({ autoPay: null });
  });

  it('payment plans: the location’s plans with money in dollars and the amount paid so far', async () => {
    const res = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.harborStreet)}/paymentplans`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listPaymentPlans', 200, res.json());
    const plans = res.json().paymentPlans as Array<any>;
    expect(plans.map((p) => p.name).sort()).toEqual(['Holiday Season Balance', 'Spring Catch-Up Plan']);
    const spring = plans.find((p) => p.name === 'Spring Catch-Up Plan');
    expect(spring).toMatchObject({ totalAmount: 5600.75, eachAmount: 1120.15, frequency: 'biweekly', status: 'active' });
    const completeCents = spring.paymentGroups
      .filter((g: { status: string }) => g.status === 'complete')
      .reduce((sum: number, g: { paymentTotal: number }) => sum + Math.round(g.paymentTotal * 100), 0);
    expect(Math.round(spring.paidSoFar * 100)).toBe(completeCents);
    expect(completeCents).toBeGreaterThan(0);

    const none = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/paymentplans`);
    expect(none.json()).toEqual({ paymentPlans: [] });
  });
});
