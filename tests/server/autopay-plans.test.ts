// @vitest-environment node
/**
 * AutoPay Plus and payment plans over HTTP (portal-recurring §7): set up, change method, change exclusions,
 * turn off AutoPay; change a plan's method; set up a plan from its request. Every rule violation answers a clear
 * errorCode and writes nothing; another contact's ids answer 404. Demo data (today = the real date).
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.js';
import { installmentPayDate } from '../../core/rules/recurring-plans.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { runAutopay } from '../../server/jobs/autopay.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { paymentsDb } from '../../server/payments-service/schema.js';

let s: TestServer;
let token: string;
let marcusToken: string;
let epa: Record<string, string>;
let today: Temporal.PlainDate;
const m: Record<string, string> = {};

const loc = (locationId: string) => `/api/vendors/${s.demo.vendors.pfg}/locations/${locationId}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, t = token) =>
  s.app.inject({ method, url, headers: s.auth(t), ...(payload ? { payload } : {}) });

async function snapshot() {
  const [autopays, plans, requests] = await Promise.all([
    s.db.selectFrom('autopays').selectAll().orderBy('id').execute(),
    s.db.selectFrom('paymentPlans').selectAll().orderBy('id').execute(),
    s.db.selectFrom('requests').select(['id', 'status']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ autopays, plans, requests });
}

/** Answers `status` with `errorCode`, matches the contract, and changed nothing. */
async function refused(opId: string, res: Promise<{ statusCode: number; json(): any; body: string }>, status: number, errorCode: string, before: string) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json().errorCode).toBe(errorCode);
  expectMatchesContract(opId, status, r.json());
  expect(await snapshot()).toBe(before);
}

async function methodAt(locationId: string, provider: string, over: Record<string, unknown> = {}) {
  const row = await s.db
    .insertInto('paymentMethods')
    .values({
      contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId, provider: provider as any, name: `Test ${provider}`,
      lastFour: '4321', providerToken: `sbx_${provider}_test`, serviceFee: provider.endsWith('-cc') ? '2.9' : null, ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  s = await startTestServer();
  token = await s.token({});
  const marcus = await s.db.selectFrom('contacts').select('id').where('email', 'like', 'marcus%').executeTakeFirstOrThrow();
  marcusToken = await s.token({ contactId: marcus.id });
  const epaRow = await s.db.selectFrom('appConfig').select('value').where('key', '=', 'epa').executeTakeFirstOrThrow();
  epa = Object.fromEntries(Object.entries(epaRow.value as Record<string, { version: string }>).map(([k, v]) => [k, String(v.version)]));
  today = Temporal.Now.zonedDateTimeISO('America/New_York').toPlainDate();
  const methods = await s.db.selectFrom('paymentMethods').select(['id', 'locationId', 'provider', 'verificationRequired', 'contactId']).execute();
  const pick = (locationId: string, provider: string, verified = true) =>
    methods.find((x) => x.locationId === locationId && x.provider === provider && x.verificationRequired === !verified)?.id;
  m.mcVisa = pick(s.demo.locations.magnolia, 'plastiq-cc')!;
  m.hsAch = pick(s.demo.locations.harborStreet, 'priority-ach')!;
  m.hsPending = pick(s.demo.locations.harborStreet, 'priority-ach', false)!;
  m.smAch = methods.find((x) => x.locationId === s.demo.locations.saltmarsh)!.id;
  m.mcPending = await methodAt(s.demo.locations.magnolia, 'priority-ach', { verificationRequired: true });
  m.mcAch = await methodAt(s.demo.locations.magnolia, 'priority-ach');
  m.hsCard = await methodAt(s.demo.locations.harborStreet, 'plastiq-cc');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('AutoPay Plus', () => {
  const mc = () => loc(s.demo.locations.magnolia);
  const body = (over: Record<string, unknown> = {}) => ({
    paymentMethodId: m.mcVisa, startDate: today.add({ days: 5 }).toString(), excludedInvoices: [] as string[], epaVersion: epa['plastiq-cc'], ...over,
  });
  let autopayId: string;

  it('refuses every rule violation with its errorCode and writes nothing', async () => {
    const before = await snapshot();
    const post = (over: Record<string, unknown>) => call('POST', `${mc()}/autopays`, body(over));
    await refused('createAutopay', post({ paymentMethodId: m.smAch }), 404, 'not_found', before); // another contact's method
    await refused('createAutopay', post({ paymentMethodId: m.hsAch, epaVersion: epa['priority-ach'] }), 404, 'not_found', before); // another location's
    await refused('createAutopay', post({ paymentMethodId: m.mcPending, epaVersion: epa['priority-ach'] }), 422, 'payment_method_unverified', before);
    await refused('createAutopay', post({ epaVersion: 'old-terms' }), 422, 'epa_version_mismatch', before);
    await refused('createAutopay', post({ startDate: today.subtract({ days: 1 }).toString() }), 422, 'invalid_start_date', before);
    // vendor pfg: autoPayStartDateTimeFrame 10 → today … today + 10
    await refused('createAutopay', post({ startDate: today.add({ days: 11 }).toString() }), 422, 'invalid_start_date', before);
    const otherInvoice = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.blueHeron).executeTakeFirstOrThrow();
    await refused('createAutopay', post({ excludedInvoices: [otherInvoice.id] }), 404, 'not_found', before);
    // the vendor manages this AutoPay: start date and exclusions must be the request's
    await s.db.updateTable('requests').set({ customerManage: false }).where('id', '=', s.demo.requests.autopay).execute();
    try {
      const gated = await snapshot();
      await refused('createAutopay', post({}), 422, 'customer_manage_disabled', gated);
    } finally {
      await s.db.updateTable('requests').set({ customerManage: true }).where('id', '=', s.demo.requests.autopay).execute();
    }
    // the other contact cannot reach this location at all
    await refused('createAutopay', call('POST', `${mc()}/autopays`, body(), marcusToken), 404, 'not_found', before);
  });

  it('the start window defaults to today only (§9); the vendor’s 0 overrides the configuration', async () => {
    const before = await snapshot();
    const post = (over: Record<string, unknown>) => call('POST', `${mc()}/autopays`, body(over));
    // another location's invoice: refused (404) by the check that follows the start date's, so a 404 says the
    // start date passed and a 422 invalid_start_date that it did not
    const foreign = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.blueHeron).executeTakeFirstOrThrow();
    const tomorrow = { startDate: today.add({ days: 1 }).toString(), excludedInvoices: [foreign.id] };
    const vendor = await s.db.selectFrom('vendors').select('config').where('id', '=', s.demo.vendors.pfg).executeTakeFirstOrThrow();
    const configuration = await s.db.selectFrom('appConfig').select('value').where('key', '=', 'configuration').executeTakeFirstOrThrow();
    const setVendorDays = (days: number | null) =>
      s.db.updateTable('vendors').set({ config: json({ ...vendor.config, autoPayStartDateTimeFrame: days }) }).where('id', '=', s.demo.vendors.pfg).execute();
    try {
      // the vendor's 0 is a setting: today only, whatever the configuration (10) says
      await setVendorDays(0);
      await refused('createAutopay', post(tomorrow), 422, 'invalid_start_date', before);
      // no vendor setting: the configuration's window (10 days) takes tomorrow
      await setVendorDays(null);
      expect((await call('GET', '/api/config?key=configuration')).json().configuration.autopayConfig.startDateTimeFrame).toBe(10);
      await refused('createAutopay', post(tomorrow), 404, 'not_found', before);
      // neither the vendor nor the configuration says: 0 days, today only
      await s.db
        .updateTable('appConfig')
        .set({ value: json({ paymentRequest: (configuration.value as { paymentRequest: unknown }).paymentRequest }) })
        .where('key', '=', 'configuration')
        .execute();
      expect((await call('GET', '/api/config?key=configuration')).json().configuration.autopayConfig.startDateTimeFrame).toBe(0);
      await refused('createAutopay', post(tomorrow), 422, 'invalid_start_date', before);
    } finally {
      await s.db.updateTable('vendors').set({ config: json(vendor.config) }).where('id', '=', s.demo.vendors.pfg).execute();
      await s.db.updateTable('appConfig').set({ value: json(configuration.value) }).where('key', '=', 'configuration').execute();
    }
    expect(await snapshot()).toBe(before);
  });

  it('sets up AutoPay with exclusions (201), completes the autopay request, and a second set-up is 409', async () => {
    const request = await call('GET', `${mc()}/requests/${s.demo.requests.autopay}`);
    const preset = request.json().request.excludedInvoiceIds as string[];
    expect(preset).toHaveLength(1);
    const res = await call('POST', `${mc()}/autopays`, body({ excludedInvoices: preset }));
    expect(res.statusCode, res.body).toBe(201);
    expectMatchesContract('createAutopay', 201, res.json());
    const autoPay = res.json().autoPay;
    expect(autoPay).toMatchObject({ paymentMethodId: m.mcVisa, excludedInvoices: preset, startDate: body().startDate, customerManage: true });
    autopayId = autoPay.id;
    expect((await call('GET', `${mc()}/autopay`)).json().autoPay.id).toBe(autopayId);
    const req = await s.db.selectFrom('requests').select('status').where('id', '=', s.demo.requests.autopay).executeTakeFirstOrThrow();
    expect(req.status).toBe('complete');
    await refused('createAutopay', call('POST', `${mc()}/autopays`, body()), 409, 'autopay_exists', await snapshot());
  });

  it('changes the method (unverified → 422, another contact → 404) and the exclusions', async () => {
    const before = await snapshot();
    const patch = (payload: object, t = token) => call('PATCH', `${mc()}/autopay/${autopayId}`, payload, t);
    await refused('updateAutopayPaymentMethod', patch({ paymentMethodId: m.mcPending, epaVersion: epa['priority-ach'] }), 422, 'payment_method_unverified', before);
    await refused('updateAutopayPaymentMethod', patch({ paymentMethodId: m.mcAch, epaVersion: 'old' }), 422, 'epa_version_mismatch', before);
    await refused('updateAutopayPaymentMethod', call('PATCH', `${loc(s.demo.locations.blueHeron)}/autopay/${autopayId}`, { paymentMethodId: m.mcAch, epaVersion: epa['priority-ach'] }), 404, 'not_found', before);
    const ok = await patch({ paymentMethodId: m.mcAch, epaVersion: epa['priority-ach'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expectMatchesContract('updateAutopayPaymentMethod', 200, ok.json());
    expect(ok.json().autoPay).toMatchObject({ paymentMethodId: m.mcAch, paymentMethodType: 'ACH' });

    const invoices = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.magnolia).orderBy('id').execute();
    const excl = (payload: object) => call('POST', `${mc()}/autopay/${autopayId}`, payload);
    const mid = await snapshot();
    await refused('updateAutopayExclusions', excl({ excludeInvoiceIds: [invoices[0].id], reincludeInvoiceIds: [invoices[0].id] }), 400, 'validation_failed', mid);
    const foreign = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.harborStreet).executeTakeFirstOrThrow();
    await refused('updateAutopayExclusions', excl({ excludeInvoiceIds: [foreign.id], reincludeInvoiceIds: [] }), 404, 'not_found', mid);
    const current = ok.json().autoPay.excludedInvoices as string[];
    const added = invoices.find((i) => !current.includes(i.id))!.id;
    const res = await excl({ excludeInvoiceIds: [added], reincludeInvoiceIds: current });
    expect(res.statusCode, res.body).toBe(200);
    expectMatchesContract('updateAutopayExclusions', 200, res.json());
    expect(res.json().autoPay.excludedInvoices).toEqual([added]);
    // customerManage false on the AutoPay and the vendor flag on → 422, nothing written
    await s.db.updateTable('autopays').set({ customerManage: false }).where('id', '=', autopayId).execute();
    try {
      await refused('updateAutopayExclusions', excl({ excludeInvoiceIds: [], reincludeInvoiceIds: [added] }), 422, 'customer_manage_disabled', await snapshot());
    } finally {
      await s.db.updateTable('autopays').set({ customerManage: true }).where('id', '=', autopayId).execute();
    }
  });

  it('a method AutoPay uses cannot be deleted (portal-core §4)', async () => {
    const res = await call('DELETE', `${mc()}/paymentmethods/${m.mcAch}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('payment_method_in_use');
  });

  it('turns AutoPay off: another contact → 404; then the deactivation date and no active AutoPay', async () => {
    await refused('deleteAutopay', call('DELETE', `${mc()}/autopays/${autopayId}`, undefined, marcusToken), 404, 'not_found', await snapshot());
    await refused('deleteAutopay', call('DELETE', `${loc(s.demo.locations.blueHeron)}/autopays/${autopayId}`), 404, 'not_found', await snapshot());
    const res = await call('DELETE', `${mc()}/autopays/${autopayId}`);
    expect(res.statusCode, res.body).toBe(200);
    expectMatchesContract('deleteAutopay', 200, res.json());
    expect(res.json()).toEqual({ id: autopayId, deactivationDate: today.toString() });
    expect((await call('GET', `${mc()}/autopay`)).json().autoPay).toBeNull();
    expect((await call('DELETE', `${mc()}/autopays/${autopayId}`)).statusCode).toBe(404);
  });

  it('the database holds one live AutoPay per location, whatever the application checks', async () => {
    const insert = () =>
      s.db
        .insertInto('autopays')
        .values({ vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId, paymentMethodId: m.hsAch, startDate: today.toString() })
        .execute();
    await expect(insert()).rejects.toThrow();
  });
});

describe('payment plans', () => {
  const hs = () => loc(s.demo.locations.harborStreet);
  const plans = async () => {
    const res = await call('GET', `${hs()}/paymentplans`);
    expectMatchesContract('listPaymentPlans', 200, res.json());
    return res.json().paymentPlans as Array<any>;
  };

  it('lists each plan with its schedule: installments sum to the total, statuses from the payment groups', async () => {
    const active = (await plans()).find((p) => p.status === 'active');
    expect(active.schedule.map((r: any) => r.status)).toEqual(['Closed', 'Closed', 'Scheduled', 'Open', 'Open']);
    const sum = active.schedule.reduce((a: number, r: any) => a + Math.round(r.paymentAmount * 100), 0);
    expect(sum).toBe(Math.round(active.totalAmount * 100));
    // biweekly from the start date, an ACH debit moved off a weekend or holiday (`GET /config?key=holidays`)
    const holidays = (await call('GET', '/api/config?key=holidays')).json().holidays as Array<{ date: string }>;
    const nominal = Temporal.PlainDate.from(active.startDate).add({ days: 14 }).toString();
    expect(active.schedule[1].paymentDate).toBe(installmentPayDate(nominal, { provider: active.paymentMethod.provider, holidays }));
    expect(active.schedule[1].paymentDate >= nominal).toBe(true);
  });

  it('changes the method of an active plan only; rule violations write nothing', async () => {
    const all = await plans();
    const active = all.find((p) => p.status === 'active');
    const done = all.find((p) => p.status === 'complete');
    const before = await snapshot();
    const patch = (id: string, payload: object, t = token) => call('PATCH', `${hs()}/paymentplans/${id}`, payload, t);
    await refused('updatePaymentPlan', patch(done.id, { paymentMethodId: m.hsCard, epaVersion: epa['plastiq-cc'] }), 422, 'plan_not_active', before);
    await refused('updatePaymentPlan', patch(active.id, { paymentMethodId: m.hsPending, epaVersion: epa['priority-ach'] }), 422, 'payment_method_unverified', before);
    await refused('updatePaymentPlan', patch(active.id, { paymentMethodId: m.mcVisa, epaVersion: epa['plastiq-cc'] }), 404, 'not_found', before);
    await refused('updatePaymentPlan', call('PATCH', `${loc(s.demo.locations.magnolia)}/paymentplans/${active.id}`, { paymentMethodId: m.mcVisa, epaVersion: epa['plastiq-cc'] }), 404, 'not_found', before);
    await refused('updatePaymentPlan', patch(active.id, { paymentMethodId: m.hsCard, epaVersion: epa['plastiq-cc'] }, marcusToken), 404, 'not_found', before);
    const res = await patch(active.id, { paymentMethodId: m.hsCard, epaVersion: epa['plastiq-cc'] });
    expect(res.statusCode, res.body).toBe(200);
    expectMatchesContract('updatePaymentPlan', 200, res.json());
    expect(res.json().paymentPlan).toMatchObject({ id: active.id, paymentMethodId: m.hsCard });
    // the plan's method cannot be deleted while the plan is active
    expect((await call('DELETE', `${hs()}/paymentmethods/${m.hsCard}`)).json().errorCode).toBe('payment_method_in_use');
  });

  it('sets up the plan a request proposes (201), once (409); other requests → 422 / 404', async () => {
    const mcLoc = s.demo.locations.magnolia;
    const planToken = await s.token({ type: 'paymentplan', vendorId: s.demo.vendors.pfg, locationId: mcLoc, requestId: s.demo.requests.paymentplan });
    const create = (payload: object, t = planToken) => call('POST', '/api/paymentplans', payload, t);
    const base = { vendorId: s.demo.vendors.pfg, paymentMethodId: m.mcVisa, epaVersion: epa['plastiq-cc'] };
    const before = await snapshot();
    await refused('createPaymentPlan', create({ ...base, requestId: s.demo.requests.autopay }), 422, 'plan_request_not_active', before);
    await refused('createPaymentPlan', create({ ...base, paymentMethodId: m.mcPending, epaVersion: epa['priority-ach'] }), 422, 'payment_method_unverified', before);
    await refused('createPaymentPlan', create({ ...base, epaVersion: 'old' }), 422, 'epa_version_mismatch', before);
    await refused('createPaymentPlan', create({ ...base, paymentMethodId: m.hsAch, epaVersion: epa['priority-ach'] }), 404, 'not_found', before);
    await refused('createPaymentPlan', create({ ...base, requestId: s.demo.requests.paymentplan }, marcusToken), 404, 'not_found', before);
    const res = await create(base);
    expect(res.statusCode, res.body).toBe(201);
    expectMatchesContract('createPaymentPlan', 201, res.json());
    const plan = res.json().paymentPlan;
    expect(plan).toMatchObject({ name: 'Event Season Balance', status: 'active', frequency: 'monthly', totalAmount: 3600, eachAmount: 900 });
    expect(plan.schedule).toHaveLength(4);
    expect(plan.schedule.every((r: any) => r.status === 'Open')).toBe(true);
    expect(res.json().paymentMethod.id).toBe(m.mcVisa);
    await refused('createPaymentPlan', create(base), 409, 'plan_exists', await snapshot());
  });
});

describe('AutoPay charged through the processor, as the customer sees it', () => {
  it('a charge the processor declines: a Failed "Autopay Plus" payment in the report, the invoice payable again, AutoPay\'s one "Payment Failed" message', async () => {
    const vendorId = s.demo.vendors.pfg;
    const location = await s.db.insertInto('locations').values({ vendorId, displayName: 'Declining Deli', address: json(null), createType: null }).returning('id').executeTakeFirstOrThrow();
    await s.db.insertInto('contactLocations').values({ contactId: s.demo.contactId, vendorId, locationId: location.id }).execute();
    const method = await methodAt(location.id, 'plastiq-cc', { name: 'Declining Visa', lastFour: '0341', providerToken: 'sbx_plastiq-cc_card_declines_api' });
    const due = today.subtract({ days: 10 }).toString(); // paid at once, whatever holidays are near
    await s.db.insertInto('autopays').values({ vendorId, locationId: location.id, contactId: s.demo.contactId, paymentMethodId: method, startDate: due }).execute();
    const invoice = await s.db
      .insertInto('invoices')
      .values({
        vendorId, locationId: location.id, externalId: 'DD-1', displayInvNum: 'DD-1', openAmountCents: 10_000, originalAmountCents: 10_000,
        dueDate: due, invoiceDate: null, externalInvoiceDate: null, poRefId: null, createType: null, externalUrl: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const log = { info() {}, warn() {}, error() {} };
    const now = new Date();
    await runAutopay({ db: s.db, now, log, publicUrl: 'http://portal.test' });
    await settleDuePaymentGroups(s.db, { now, log, publicUrl: 'http://portal.test' });

    const report = await call('GET', `${loc(location.id)}/paymentgroups?onlyPending=false`);
    expectMatchesContract('listPaymentGroups', 200, report.json());
    const groups = report.json().paymentGroups as Array<any>;
    expect(groups.map((g) => [g.sourceType, g.status, g.paymentTotal])).toEqual([['autopay', 'failed', 102.9]]); // the report's "Autopay Plus", Failed
    // the processor took the decision: one declined charge in its ledger, for the group's total
    const ledger = await paymentsDb(s.db).selectFrom('sandboxCharges').select(['amountCents', 'outcome']).where('idempotencyKey', 'like', `pg_${groups[0].id}_%`).execute();
    expect(ledger).toEqual([{ amountCents: 10_290, outcome: 'declined' }]);
    const invoices = await call('GET', `${loc(location.id)}/invoices`);
    expect(JSON.stringify(invoices.json())).toContain(invoice.id);
    expect(await s.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', invoice.id).executeTakeFirstOrThrow()).toEqual({ payable: true, status: 'open' });
    const messages = await call('GET', `${loc(location.id)}/messages`);
    expectMatchesContract('listMessages', 200, messages.json());
    const text = JSON.stringify(messages.json());
    expect(text.match(/Your AutoPay Plus payment of \$102\.90 for invoice DD-1 with Declining Visa 0341 could not be processed/g)).toHaveLength(1);
    expect(text).not.toContain('please pay again');
  });
});
