// @vitest-environment node
/**
 * The events a vendor hears of its customers' own actions in the portal — a comment, AutoPay set up / changed / off,
 * a payment plan set up / its method changed, a card or bank account saved / deleted, statement delivery, reminders —
 * each done as the customer does it (the portal API with a contact token), each written exactly once, for the right
 * vendor, in the transaction of the change: a refused action writes none. Read back as the vendor reads them
 * (`GET /vendor-api/events` with its key; the other vendor's key does not see them), and every event type's data
 * checked against its `webhooks:` entry in openapi/vendor.yaml with ajv.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { buildPaymentsApp } from '../../server/payments-service/origin.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { webhookBody } from '../../server/jobs/webhooks.js';
import { recordAchReturns } from '../../server/jobs/ach-returns.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { paymentGroupHandlers } from '../../server/routes/paymentgroups.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { EVENT_TYPES } from '../../server/use-cases/vendor-events.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { createEndpoint, sendTestEvent } from '../../server/use-cases/vendor-webhooks.js';
import { createVendorRefund } from '../../server/use-cases/vendor-refund.js';
import { receiveImport, runImports } from '../../server/use-cases/vendor-http-import.js';
import { processDueRefunds } from '../../server/jobs/refunds.js';
import { sandboxRegistry } from '../../server/payments-service/sandbox.js';
import type { ProcessorRegistry } from '../../server/payments-service/processor.js';
import { schedulePaymentOnce } from '../../server/use-cases/schedule-payment.js';
import { expectMatchesContract, expectMatchesVendorContract, vendorContract } from './helpers/contract.js';
import { testAgreement } from './helpers/use-cases.js';

const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ?? addFormatsImport) as typeof addFormatsImport;

const TODAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York: the clock of the payments made here
const futureExp = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

let t: TestDb;
let app: FastifyInstance;
/** the payments service's own origin (the tokenizer), as the hosted fields reach it */
let payments: FastifyInstance;
let token: string;
let otherToken: string;
const keys: Record<'pfg' | 'coastal', string> = { pfg: '', coastal: '' };
const demo = () => t.demo!;

/** What the customer agreed to through the portal API here (inject's own address and user agent), as events show it. */
const agreed = (kind: 'autopay' | 'payment_plan', provider: keyof typeof DEMO_EPA) => ({
  kind,
  epaVersion: DEMO_EPA[provider].version,
  epaSha256: createHash('sha256').update(readFileSync(path.join(testConfig().epaDir, DEMO_EPA[provider].version, DEMO_EPA[provider].filename))).digest('hex'),
  agreedAt: expect.any(String),
  ipAddress: '127.0.0.1',
  userAgent: 'lightMyRequest',
});

// ───────────────────────────── calls, as the customer and as the vendor ─────────────────────────────

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const portal = (method: Method, url: string, payload?: object, raw = token, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `/api${url}`, headers: { authorization: `ContactAccess ${raw}`, ...headers }, ...(payload ? { payload } : {}) });
const loc = (vendor: 'pfg' | 'coastal', location: keyof ReturnType<typeof demo>['locations']) => `/vendors/${demo().vendors[vendor]}/locations/${demo().locations[location]}`;

/** The answer, checked against the portal contract. */
async function answer(operationId: string, res: Promise<{ statusCode: number; body: string; json(): any }>) {
  const r = await res;
  const body = r.body ? r.json() : undefined;
  expectMatchesContract(operationId, r.statusCode, body);
  return { status: r.statusCode, body };
}

interface Written {
  id: string;
  vendorId: string;
  type: string;
  data: Record<string, any>;
}

const lastSeq = async () => (await t.db.selectFrom('webhookEvents').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst())?.seq ?? '0';

/** Runs the action and answers the events it wrote, in order, for every vendor. */
async function eventsOf<T>(action: () => Promise<T>): Promise<{ result: T; written: Written[] }> {
  const before = await lastSeq();
  const result = await action();
  const rows = await t.db.selectFrom('webhookEvents').select(['id', 'vendorId', 'type', 'data']).where('seq', '>', before as never).orderBy('seq').execute();
  return { result, written: rows as Written[] };
}

/** A refused action: its status and errorCode, and no event at all. */
async function refusedWithoutEvents(operationId: string, action: () => ReturnType<typeof portal>, status: number, errorCode: string) {
  const { result, written } = await eventsOf(() => answer(operationId, action()));
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.body.errorCode).toBe(errorCode);
  expect(written).toEqual([]);
}

/**
 * Exactly one event of `type` among those written, for `vendor`, with `data`; the vendor reads it with its key
 * (`GET /events`, `GET /events/{id}`), the other vendor does not.
 */
async function expectOneEvent(written: Written[], type: string, vendor: 'pfg' | 'coastal', data: Record<string, unknown>) {
  const ofType = written.filter((e) => e.type === type);
  expect(ofType, `${type} events`).toHaveLength(1);
  const [event] = ofType;
  expect(event.vendorId).toBe(demo().vendors[vendor]);
  expect(event.data).toEqual(data);
  const listed = await vendorCall('listEvents', `/events?type=${type}&limit=1000`, keys[vendor]);
  expect(listed.body.events.filter((e: { id: string }) => e.id === event.id)).toEqual([expect.objectContaining({ type, data })]);
  const other = vendor === 'pfg' ? 'coastal' : 'pfg';
  expect((await vendorCall('getEvent', `/events/${event.id}`, keys[other])).status).toBe(404);
  return event;
}

async function vendorCall(operationId: string, url: string, key: string) {
  const res = await app.inject({ url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` } });
  const body = res.json();
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

// ───────────────────────────── what the events name ─────────────────────────────

const CONTACT_EXTERNAL_ID = 'ERP-CONTACT-DANA';
const dana = (vendor: 'pfg' | 'coastal') => ({ id: demo().contactId, externalId: vendor === 'pfg' ? CONTACT_EXTERNAL_ID : null, name: 'Dana Whitfield' });
const location = (name: keyof ReturnType<typeof demo>['locations']) => ({ id: demo().locations[name], externalId: `ERP-LOC-${name}` });

async function invoiceOf(where: { num?: string; id?: string }) {
  let query = t.db.selectFrom('invoices').select(['id', 'externalId', 'displayInvNum', 'openAmountCents']);
  query = where.num ? query.where('displayInvNum', '=', where.num) : query.where('id', '=', where.id!);
  const row = await query.executeTakeFirstOrThrow();
  return { id: row.id, externalId: row.externalId, displayInvNum: row.displayInvNum, openAmount: row.openAmountCents / 100 };
}

async function methodNamed(locationName: keyof ReturnType<typeof demo>['locations'], name: string) {
  const row = await t.db
    .selectFrom('paymentMethods')
    .select(['id', 'provider', 'name', 'lastFour', 'verificationRequired'])
    .where('locationId', '=', demo().locations[locationName])
    .where('name', '=', name)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return { id: row.id, type: row.provider.endsWith('-cc') ? 'CC' : 'ACH', name: row.name, lastFour: row.lastFour, verified: !row.verificationRequired };
}

/** A card or bank account through the payments service's tokenizer, as the SPA does it: answers the one-time key. */
async function tokenize(base: string, body: Record<string, unknown>) {
  const list = await portal('GET', `${base}/paymentmethods`);
  const res = await payments.inject({ method: 'POST', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${list.json().paymentMethodsJwt}` }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key as string;
}

const CARD_NUMBER = '5555555555554444';
const card = { type: 'CC', provider: 'plastiq-cc', name: 'Kitchen card', nameOnCard: 'Dana Whitfield', ccNumber: CARD_NUMBER, expDate: futureExp, cvc: '123', addressLine1: '214 East Bay St', zipCode: '29401' };
const bank = { type: 'ACH', provider: 'priority-ach', name: 'Reserve Checking', bankRoutingNumber: '021000021', checkingAccountNumber: '55501234' };

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: TODAY });
  const config = testConfig();
  app = await buildApp({ db: t.db, config, logger: false, handlers: paymentGroupHandlers({ db: t.db, config }, { now: () => NOON }) });
  payments = await buildPaymentsApp({
    db: t.db,
    portalUrl: config.publicUrl,
    paymentsUrl: config.payments.publicUrl,
    distDir: config.payments.distDir,
    contractPath: path.join(path.dirname(config.contractPath), 'payments.yaml'),
    logger: false,
  });
  await app.ready();
  token = await issueToken(t.db, { contactId: demo().contactId, type: 'login', ttlDays: 7 });
  otherToken = await issueToken(t.db, { contactId: demo().otherContactId, type: 'login', ttlDays: 7 });
  for (const vendor of ['pfg', 'coastal'] as const) {
    const created = await createApiKey(t.db, demo().vendors[vendor], 'events test');
    if (!created.ok) throw new Error('no key');
    keys[vendor] = created.value.secret;
  }
  // the vendor's own ids, as its ERP loaded them: every location's, and Dana's at PFG only (none at Coastal)
  for (const [name, id] of Object.entries(demo().locations)) {
    await t.db.updateTable('locations').set({ externalId: `ERP-LOC-${name}` }).where('id', '=', id).execute();
  }
  await t.db.insertInto('vendorContacts').values({ vendorId: demo().vendors.pfg, externalId: CONTACT_EXTERNAL_ID, contactId: demo().contactId }).execute();
}, 60_000);
afterAll(async () => {
  await payments?.close();
  await app?.close();
  await t?.drop();
});

// ───────────────────────────── the customer's actions ─────────────────────────────

describe('events of the customer’s actions', () => {
  const bh = () => loc('pfg', 'blueHeron');
  const mc = () => loc('pfg', 'magnolia');
  let bhCardId: string;
  let mcBank: Awaited<ReturnType<typeof methodNamed>>;
  let autopayId: string;
  let planId: string;

  it('comment.added: the comment, its invoice with the vendor’s ids, who and where; a refused comment writes none', async () => {
    const invoice = await invoiceOf({ num: 'INV4410902' });
    await refusedWithoutEvents('addComment', () => portal('POST', `${bh()}/messages`, { invoiceId: invoice.id, message: 'two\nlines' }), 400, 'validation_failed');
    const elsewhere = await invoiceOf({ num: 'CPC-10482' });
    await refusedWithoutEvents('addComment', () => portal('POST', `${bh()}/messages`, { invoiceId: elsewhere.id, message: 'not here' }), 404, 'not_found');

    const text = 'Driver left the lemons at the back door — please credit 1 case.';
    const { result, written } = await eventsOf(() => answer('addComment', portal('POST', `${bh()}/messages`, { invoiceId: invoice.id, message: text })));
    expect(result.status).toBe(201);
    expect(written.map((e) => e.type)).toEqual(['comment.added']);
    await expectOneEvent(written, 'comment.added', 'pfg', {
      comment: { id: result.body.message.id, text, createdAt: result.body.message.createdAt },
      invoice,
      contact: dana('pfg'),
      location: location('blueHeron'),
    });
  });

  it('payment_method.added: a card as type, name and last four only — never its number or token; a used key writes none', async () => {
    const key = await tokenize(bh(), card);
    const { result, written } = await eventsOf(() => answer('createPaymentMethod', portal('POST', `${bh()}/paymentmethods`, { paymentMethodKey: key })));
    expect(result.status).toBe(201);
    bhCardId = result.body.paymentMethod.id;
    expect(written.map((e) => e.type)).toEqual(['payment_method.added']);
    await expectOneEvent(written, 'payment_method.added', 'pfg', {
      paymentMethod: { id: bhCardId, type: 'CC', name: 'Kitchen card', lastFour: '4444', verified: true },
      contact: dana('pfg'),
      location: location('blueHeron'),
    });
    const stored = await t.db.selectFrom('paymentMethods').select('providerToken').where('id', '=', bhCardId).executeTakeFirstOrThrow();
    const text = JSON.stringify(written[0].data);
    expect(text).not.toContain(CARD_NUMBER);
    expect(text).not.toContain(stored.providerToken);
    expect(text).not.toContain('cvc');

    await refusedWithoutEvents('createPaymentMethod', () => portal('POST', `${bh()}/paymentmethods`, { paymentMethodKey: key }), 422, 'invalid_payment_method_key');
  });

  it('payment_method.added for a bank account when it is attached (verified false); confirming the micro-deposits writes no event', async () => {
    const key = await tokenize(mc(), bank);
    const { result, written } = await eventsOf(() => answer('createPaymentMethod', portal('POST', `${mc()}/paymentmethods`, { paymentMethodKey: key })));
    expect(result.status).toBe(201);
    const id = result.body.paymentMethod.id as string;
    await expectOneEvent(written, 'payment_method.added', 'pfg', {
      paymentMethod: { id, type: 'ACH', name: 'Reserve Checking', lastFour: '1234', verified: false },
      contact: dana('pfg'),
      location: location('magnolia'),
    });
    expect(JSON.stringify(written[0].data)).not.toContain('55501234');

    const verified = await eventsOf(() => answer('verifyPaymentMethod', portal('POST', `${mc()}/paymentmethods/${id}/verify`, { amounts: [0.45, 0.32] })));
    expect(verified.result.status).toBe(200);
    expect(verified.written).toEqual([]);
    mcBank = await methodNamed('magnolia', 'Reserve Checking');
    expect(mcBank.verified).toBe(true);
  });

  it('autopay.enabled: AutoPay with its method and excluded invoices; a refused set-up writes none', async () => {
    const startDate = Temporal.Now.zonedDateTimeISO('America/New_York').toPlainDate().add({ days: 1 }).toString();
    const request = await t.db.selectFrom('requests').select('excludedInvoiceIds').where('id', '=', demo().requests.autopay).executeTakeFirstOrThrow();
    const preset = request.excludedInvoiceIds as string[];
    const visa = await methodNamed('magnolia', 'Visa Business');
    const body = { paymentMethodId: visa.id, startDate, excludedInvoices: preset, epaVersion: DEMO_EPA['plastiq-cc'].version };
    await refusedWithoutEvents('createAutopay', () => portal('POST', `${mc()}/autopays`, { ...body, epaVersion: 'old-terms' }), 422, 'epa_version_mismatch');

    const { result, written } = await eventsOf(() => answer('createAutopay', portal('POST', `${mc()}/autopays`, body)));
    expect(result.status).toBe(201);
    autopayId = result.body.autoPay.id;
    expect(written.map((e) => e.type)).toEqual(['autopay.enabled']);
    await expectOneEvent(written, 'autopay.enabled', 'pfg', {
      autopay: { id: autopayId, startDate, method: visa, excludedInvoices: await Promise.all(preset.map((id) => invoiceOf({ id }))), authorization: agreed('autopay', 'plastiq-cc') },
      contact: dana('pfg'),
      location: location('magnolia'),
    });
    await refusedWithoutEvents('createAutopay', () => portal('POST', `${mc()}/autopays`, body), 409, 'autopay_exists');
  });

  it('autopay.updated: a new method (the one it had as previous); the same method again changes nothing and writes none', async () => {
    const visa = await methodNamed('magnolia', 'Visa Business');
    const change = (paymentMethodId: string, epaVersion: string) => portal('PATCH', `${mc()}/autopay/${autopayId}`, { paymentMethodId, epaVersion });
    await refusedWithoutEvents('updateAutopayPaymentMethod', () => change(mcBank.id, 'old'), 422, 'epa_version_mismatch');

    const { result, written } = await eventsOf(() => answer('updateAutopayPaymentMethod', change(mcBank.id, DEMO_EPA['priority-ach'].version)));
    expect(result.status).toBe(200);
    const autopay = await t.db.selectFrom('autopays').select(['startDate', 'excludedInvoiceIds']).where('id', '=', autopayId).executeTakeFirstOrThrow();
    const excluded = await Promise.all((autopay.excludedInvoiceIds as string[]).map((id) => invoiceOf({ id })));
    await expectOneEvent(written, 'autopay.updated', 'pfg', {
      // the new method's terms, agreed to with the change
      autopay: { id: autopayId, startDate: result.body.autoPay.startDate, method: mcBank, excludedInvoices: excluded, authorization: agreed('autopay', 'priority-ach') },
      changes: ['method'],
      previous: { method: visa },
      contact: dana('pfg'),
      location: location('magnolia'),
    });
    expect(written).toHaveLength(1);

    const same = await eventsOf(() => answer('updateAutopayPaymentMethod', change(mcBank.id, DEMO_EPA['priority-ach'].version)));
    expect(same.result.status).toBe(200);
    expect(same.written).toEqual([]);
  });

  it('autopay.updated: other exclusions (the ones it had as previous); a refused change writes none', async () => {
    const before = (await t.db.selectFrom('autopays').select('excludedInvoiceIds').where('id', '=', autopayId).executeTakeFirstOrThrow()).excludedInvoiceIds as string[];
    const invoices = await t.db.selectFrom('invoices').select('id').where('locationId', '=', demo().locations.magnolia).where('payable', '=', true).orderBy('id').execute();
    const added = invoices.find((i) => !before.includes(i.id))!.id;
    const exclusions = (payload: object) => portal('POST', `${mc()}/autopay/${autopayId}`, payload);
    await refusedWithoutEvents('updateAutopayExclusions', () => exclusions({ excludeInvoiceIds: [added], reincludeInvoiceIds: [added] }), 400, 'validation_failed');

    const { result, written } = await eventsOf(() => answer('updateAutopayExclusions', exclusions({ excludeInvoiceIds: [added], reincludeInvoiceIds: before })));
    expect(result.status).toBe(200);
    await expectOneEvent(written, 'autopay.updated', 'pfg', {
      autopay: {
        id: autopayId, startDate: result.body.autoPay.startDate, method: mcBank, excludedInvoices: [await invoiceOf({ id: added })], authorization: agreed('autopay', 'priority-ach'),
      },
      changes: ['excludedInvoices'],
      previous: { excludedInvoices: await Promise.all(before.map((id) => invoiceOf({ id }))) },
      contact: dana('pfg'),
      location: location('magnolia'),
    });
    // excluding what is already excluded changes nothing
    const same = await eventsOf(() => answer('updateAutopayExclusions', exclusions({ excludeInvoiceIds: [added], reincludeInvoiceIds: [] })));
    expect(same.result.status).toBe(200);
    expect(same.written).toEqual([]);
  });

  it('autopay.disabled: AutoPay as it was and its scheduled payments, canceled in the same change; another contact’s call writes none', async () => {
    const seeded = await t.db
      .selectFrom('autopays')
      .select(['id', 'startDate', 'excludedInvoiceIds'])
      .where('locationId', '=', demo().locations.blueHeron)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    await refusedWithoutEvents('deleteAutopay', () => portal('DELETE', `${bh()}/autopays/${seeded.id}`, undefined, otherToken), 404, 'not_found');

    const { result, written } = await eventsOf(() => answer('deleteAutopay', portal('DELETE', `${bh()}/autopays/${seeded.id}`)));
    expect(result.status).toBe(200);
    const canceled = written.filter((e) => e.type === 'payment_group.canceled').map((e) => e.data.paymentGroup.id);
    expect(canceled.length).toBeGreaterThan(0);
    expect(written.map((e) => e.type)).toEqual([...canceled.map(() => 'payment_group.canceled'), 'autopay.disabled']);
    await expectOneEvent(written, 'autopay.disabled', 'pfg', {
      autopay: {
        id: seeded.id,
        startDate: String(seeded.startDate).slice(0, 10),
        method: await methodNamed('blueHeron', 'Operating Checking'),
        excludedInvoices: await Promise.all((seeded.excludedInvoiceIds as string[]).map((id) => invoiceOf({ id }))),
        authorization: null, // the demo's AutoPay was set up without the portal: no record
      },
      deactivationDate: result.body.deactivationDate,
      canceledPaymentGroupIds: canceled,
      contact: dana('pfg'),
      location: location('blueHeron'),
    });
  });

  it('payment_plan.created: the plan the request proposed, with its method and invoices; a refused set-up writes none', async () => {
    const planToken = await issueToken(t.db, { contactId: demo().contactId, type: 'paymentplan', ttlDays: 7, vendorId: demo().vendors.pfg, locationId: demo().locations.magnolia, requestId: demo().requests.paymentplan });
    const visa = await methodNamed('magnolia', 'Visa Business');
    const body = { vendorId: demo().vendors.pfg, paymentMethodId: visa.id, epaVersion: DEMO_EPA['plastiq-cc'].version };
    await refusedWithoutEvents('createPaymentPlan', () => portal('POST', '/paymentplans', { ...body, epaVersion: 'old' }, planToken), 422, 'epa_version_mismatch');

    const { result, written } = await eventsOf(() => answer('createPaymentPlan', portal('POST', '/paymentplans', body, planToken)));
    expect(result.status).toBe(201);
    const plan = result.body.paymentPlan;
    planId = plan.id;
    const request = await t.db.selectFrom('requests').select('invoiceIds').where('id', '=', demo().requests.paymentplan).executeTakeFirstOrThrow();
    expect(written.map((e) => e.type)).toEqual(['payment_plan.created']);
    await expectOneEvent(written, 'payment_plan.created', 'pfg', {
      paymentPlan: {
        id: planId,
        requestId: demo().requests.paymentplan,
        name: 'Event Season Balance',
        status: 'active',
        frequency: 'monthly',
        startDate: plan.startDate,
        totalAmount: 3600,
        eachAmount: 900,
        method: visa,
        invoices: await Promise.all((request.invoiceIds as string[]).map((id) => invoiceOf({ id }))),
        authorization: agreed('payment_plan', 'plastiq-cc'),
      },
      contact: dana('pfg'),
      location: location('magnolia'),
    });
    await refusedWithoutEvents('createPaymentPlan', () => portal('POST', '/paymentplans', body, planToken), 409, 'plan_exists');
  });

  it('payment_plan.method_changed: the plan with its new method and the one it had; the same method, or a closed plan, writes none', async () => {
    const visa = await methodNamed('magnolia', 'Visa Business');
    const change = (id: string, paymentMethodId: string, epaVersion: string, base = mc()) => portal('PATCH', `${base}/paymentplans/${id}`, { paymentMethodId, epaVersion });
    const done = await t.db.selectFrom('paymentPlans').select('id').where('status', '=', 'complete').where('locationId', '=', demo().locations.harborStreet).executeTakeFirstOrThrow();
    const hsAch = await methodNamed('harborStreet', 'Operating Checking');
    await refusedWithoutEvents('updatePaymentPlan', () => change(done.id, hsAch.id, DEMO_EPA['priority-ach'].version, loc('pfg', 'harborStreet')), 422, 'plan_not_active');

    const { result, written } = await eventsOf(() => answer('updatePaymentPlan', change(planId, mcBank.id, DEMO_EPA['priority-ach'].version)));
    expect(result.status).toBe(200);
    const event = await expectOneEvent(written, 'payment_plan.method_changed', 'pfg', {
      paymentPlan: expect.objectContaining({ id: planId, status: 'active', method: mcBank, authorization: agreed('payment_plan', 'priority-ach') }),
      previousMethod: visa,
      contact: dana('pfg'),
      location: location('magnolia'),
    });
    expect(event.data.paymentPlan.invoices.length).toBeGreaterThan(0);

    const same = await eventsOf(() => answer('updatePaymentPlan', change(planId, mcBank.id, DEMO_EPA['priority-ach'].version)));
    expect(same.result.status).toBe(200);
    expect(same.written).toEqual([]);
  });

  it('payment_method.deleted: with the scheduled payments the customer agreed to cancel; an unconfirmed delete writes none', async () => {
    // a payment with the new card, a dispute and a short payment in it (their own events)
    const full = await invoiceOf({ num: 'INV4411540' });
    const short = await invoiceOf({ num: 'INV4411650' });
    const disputed = await invoiceOf({ num: 'INV4411265' });
    const paid = await eventsOf(() =>
      answer(
        'createPaymentGroup',
        portal('POST', `${bh()}/paymentgroups`, {
          paymentMethodId: bhCardId,
          paymentDate: '2026-12-04',
          partialPayments: [
            { invoiceId: short.id, amount: short.openAmount.toFixed(2), newAmount: 100, reason: 'Discount', notes: 'promo' },
            { invoiceId: disputed.id, amount: disputed.openAmount.toFixed(2), newAmount: 0, reason: 'Refused' },
          ],
          invoices: [full.id, short.id, disputed.id],
          epaVersion: DEMO_EPA['plastiq-cc'].version,
        }, token, { 'idempotency-key': 'vendor-events-card-payment' }),
      ),
    );
    expect(paid.result.status).toBe(201);
    expect(paid.written.map((e) => e.type).sort()).toEqual(['invoice.disputed', 'invoice.short_paid', 'payment_group.scheduled']);
    const groupId = paid.result.body.paymentGroupId as string;

    await refusedWithoutEvents('deletePaymentMethod', () => portal('DELETE', `${bh()}/paymentmethods/${bhCardId}`), 409, 'scheduled_payments_exist');

    const { result, written } = await eventsOf(() => answer('deletePaymentMethod', portal('DELETE', `${bh()}/paymentmethods/${bhCardId}?cancelScheduledPayments=true`)));
    expect(result.status).toBe(204);
    expect(written.map((e) => e.type)).toEqual(['payment_group.canceled', 'payment_method.deleted']);
    expect(written[0].data.paymentGroup).toMatchObject({ id: groupId, status: 'canceled' });
    await expectOneEvent(written, 'payment_method.deleted', 'pfg', {
      paymentMethod: { id: bhCardId, type: 'CC', name: 'Kitchen card', lastFour: '4444', verified: true },
      canceledPaymentGroupIds: [groupId],
      contact: dana('pfg'),
      location: location('blueHeron'),
    });
    await refusedWithoutEvents('deletePaymentMethod', () => portal('DELETE', `${bh()}/paymentmethods/${bhCardId}`), 404, 'not_found');
  });

  it('statement_delivery.changed: turned on, updated, turned off; the same settings again, or refused ones, write none', async () => {
    const url = `${bh()}/statementdelivery`;
    const stored = (id: string) => t.db.selectFrom('statementDeliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const delivery = async (id: string) => {
      const row = await stored(id);
      return { id, scheduleUnit: row.scheduleUnit, scheduleValue: row.scheduleValue, sendEmptyStatements: row.sendEmptyStatements, activeFrom: String(row.activeFrom).slice(0, 10) };
    };
    const save = (payload: object) => answer('saveStatementDelivery', portal('POST', url, payload));
    await refusedWithoutEvents('saveStatementDelivery', () => portal('POST', url, { scheduleUnit: 'monthly', scheduleValue: 'mon', sendEmptyStatements: false }), 400, 'validation_failed');

    const on = await eventsOf(() => save({ scheduleUnit: 'weekly', scheduleValue: 'mon', sendEmptyStatements: false }));
    expect(on.result.status).toBe(200);
    const id = on.result.body.statementDeliveries[0].id as string;
    await expectOneEvent(on.written, 'statement_delivery.changed', 'pfg', { change: 'turned_on', statementDelivery: await delivery(id), contact: dana('pfg'), location: location('blueHeron') });

    const again = await eventsOf(() => save({ scheduleUnit: 'weekly', scheduleValue: 'mon', sendEmptyStatements: false }));
    expect(again.result.status).toBe(200);
    expect(again.written).toEqual([]);

    const updated = await eventsOf(() => save({ scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: true }));
    const now = await delivery(id);
    expect(now).toMatchObject({ scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: true });
    await expectOneEvent(updated.written, 'statement_delivery.changed', 'pfg', { change: 'updated', statementDelivery: now, contact: dana('pfg'), location: location('blueHeron') });

    await refusedWithoutEvents('deleteStatementDelivery', () => portal('DELETE', `${url}/${id}`, undefined, otherToken), 404, 'not_found');
    const off = await eventsOf(() => answer('deleteStatementDelivery', portal('DELETE', `${url}/${id}`)));
    expect(off.result.status).toBe(204);
    await expectOneEvent(off.written, 'statement_delivery.changed', 'pfg', { change: 'turned_off', statementDelivery: now, contact: dana('pfg'), location: location('blueHeron') });
    await refusedWithoutEvents('deleteStatementDelivery', () => portal('DELETE', `${url}/${id}`), 404, 'not_found');
  });

  it('reminder.added / reminder.deleted: for the vendor of the location (no contact externalId there); a duplicate or unknown one writes none', async () => {
    const url = `${loc('coastal', 'coastalBlueHeron')}/campaigns`;
    await refusedWithoutEvents('createCampaign', () => portal('POST', url, { eventDay: -3, contactId: demo().otherContactId }), 404, 'not_found');
    const added = await eventsOf(() => answer('createCampaign', portal('POST', url, { eventDay: -3, contactId: demo().contactId })));
    expect(added.result.status).toBe(201);
    const reminder = { id: added.result.body.campaign.id, eventDay: -3, deliverTo: 'demo@example.com' };
    expect(added.written.map((e) => e.type)).toEqual(['reminder.added']);
    await expectOneEvent(added.written, 'reminder.added', 'coastal', { reminder, contact: dana('coastal'), location: location('coastalBlueHeron') });
    await refusedWithoutEvents('createCampaign', () => portal('POST', url, { eventDay: -3, contactId: demo().contactId }), 409, 'duplicate_reminder');

    const deleted = await eventsOf(() => answer('deleteCampaign', portal('DELETE', `${url}/${reminder.id}`)));
    expect(deleted.result.status).toBe(204);
    await expectOneEvent(deleted.written, 'reminder.deleted', 'coastal', { reminder, contact: dana('coastal'), location: location('coastalBlueHeron') });
    await refusedWithoutEvents('deleteCampaign', () => portal('DELETE', `${url}/${reminder.id}`), 404, 'not_found');
  });
});

describe('no change without its event', () => {
  it('when the event cannot be written, the customer’s action fails and nothing of it stays', async () => {
    const coastal = loc('coastal', 'coastalBlueHeron');
    const count = async (table: 'messages' | 'invoiceJourneys' | 'reminderCampaigns' | 'statementDeliveries' | 'paymentMethods' | 'autopays') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const tables = ['messages', 'invoiceJourneys', 'reminderCampaigns', 'statementDeliveries', 'paymentMethods', 'autopays'] as const;
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));
    const key = await tokenize(coastal, { ...bank, provider: 'direct-ach' });
    const before = await snapshot();
    await sql`create function refuse_vendor_events() returns trigger language plpgsql as $$ begin raise exception 'events are down'; end $$`.execute(t.db);
    await sql`create trigger refuse_vendor_events before insert on webhook_events for each row execute function refuse_vendor_events()`.execute(t.db);
    try {
      const invoice = await invoiceOf({ num: 'CPC-10482' });
      const cpAch = await methodNamed('coastalBlueHeron', 'Operating Checking');
      const startDate = Temporal.Now.zonedDateTimeISO('America/New_York').toPlainDate().toString();
      const actions: Array<[string, () => ReturnType<typeof portal>]> = [
        ['addComment', () => portal('POST', `${coastal}/messages`, { invoiceId: invoice.id, message: 'a comment' })],
        ['createCampaign', () => portal('POST', `${coastal}/campaigns`, { eventDay: 5, contactId: demo().contactId })],
        ['saveStatementDelivery', () => portal('POST', `${coastal}/statementdelivery`, { scheduleUnit: 'weekly', scheduleValue: 'fri', sendEmptyStatements: false })],
        ['createPaymentMethod', () => portal('POST', `${coastal}/paymentmethods`, { paymentMethodKey: key })],
        ['createAutopay', () => portal('POST', `${coastal}/autopays`, { paymentMethodId: cpAch.id, startDate, excludedInvoices: [], epaVersion: DEMO_EPA['direct-ach'].version })],
      ];
      for (const [operationId, action] of actions) {
        const res = await answer(operationId, action());
        expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(500);
      }
    } finally {
      await sql`drop trigger refuse_vendor_events on webhook_events`.execute(t.db);
      await sql`drop function refuse_vendor_events()`.execute(t.db);
    }
    expect(await snapshot()).toEqual(before);
    // the key was not used up by the failed attempt: the customer can try again, and then the vendor hears of it
    const again = await eventsOf(() => answer('createPaymentMethod', portal('POST', `${coastal}/paymentmethods`, { paymentMethodKey: key })));
    expect(again.result.status).toBe(201);
    expect(again.written.map((e) => e.type)).toEqual(['payment_method.added']);
  });
});

// ───────────────────────────── the contract documents every event ─────────────────────────────

describe('the contract’s webhooks', () => {
  it('has one entry per event type (and the EventType enum is the same list)', () => {
    expect(Object.keys(vendorContract.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    expect([...vendorContract.components.schemas.EventType.enum].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('every event type was written above, and each body as delivered validates against its entry', async () => {
    // the settlement job completes the payments due today (the demo plan's installment): payment_group.completed
    await settleDuePaymentGroups(t.db, { now: NOON });
    // and a card the processor declines at charge time fails its payment the next day: payment_group.failed
    const d = t.demo!;
    const template = await t.db.selectFrom('invoices').selectAll().where('locationId', '=', d.locations.coastalBlueHeron).orderBy('displayInvNum').executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
    const fresh = await t.db
      .insertInto('invoices')
      .values({ ...copy, externalId: 'EVT-DECLINE', displayInvNum: 'EVT-DECLINE', openAmountCents: 1000, originalAmountCents: 1000, payable: true, status: 'open', deletedAt: null, extra: JSON.stringify(copy.extra) as never })
      .returning('id')
      .executeTakeFirstOrThrow();
    const declining = await t.db
      .insertInto('paymentMethods')
      .values({
        contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, provider: 'priority-cc',
        name: 'Declining Visa', lastFour: '0341', providerToken: `sbx_priority-cc_card_declines_${randomBytes(8).toString('hex')}`, serviceFee: '3.5',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scheduled = await schedulePaymentOnce(t.db, {
      contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, idempotencyKey: 'evt-decline',
      body: { paymentMethodId: declining.id, paymentDate: '2026-12-03', partialPayments: [], invoices: [fresh.id], epaVersion: DEMO_EPA['priority-cc'].version },
      click2payRequestId: null, agreement: testAgreement(), now: NOON,
    });
    expect(scheduled.ok).toBe(true);
    // and a debit of the sandbox's R01 test account is returned 2 business days later: payment_group.returned
    const fresh2 = await t.db
      .insertInto('invoices')
      .values({ ...copy, externalId: 'EVT-RETURN', displayInvNum: 'EVT-RETURN', openAmountCents: 2000, originalAmountCents: 2000, payable: true, status: 'open', deletedAt: null, extra: JSON.stringify(copy.extra) as never })
      .returning('id')
      .executeTakeFirstOrThrow();
    const returning = await t.db
      .insertInto('paymentMethods')
      .values({
        contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, provider: 'direct-ach',
        name: 'Returning Checking', lastFour: '0001', providerToken: `sbx_direct-ach_ba_returns_R01_${randomBytes(8).toString('hex')}`, verificationRequired: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const debited = await schedulePaymentOnce(t.db, {
      contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, idempotencyKey: 'evt-return',
      body: { paymentMethodId: returning.id, paymentDate: '2026-12-03', partialPayments: [], invoices: [fresh2.id], epaVersion: DEMO_EPA['direct-ach'].version },
      click2payRequestId: null, agreement: testAgreement(), now: NOON,
    });
    expect(debited.ok).toBe(true);
    // and an R02 debit at a location whose AutoPay and plan charge that account pauses both: autopay.paused,
    // payment_plan.paused
    const place = await t.db.insertInto('locations').values({ vendorId: d.vendors.coastal, displayName: 'Paused Place', address: JSON.stringify(null) as never, createType: null }).returning('id').executeTakeFirstOrThrow();
    const at = { contactId: d.contactId, vendorId: d.vendors.coastal, locationId: place.id };
    await t.db.insertInto('contactLocations').values(at).execute();
    const closing = await t.db
      .insertInto('paymentMethods')
      .values({ ...at, provider: 'direct-ach', name: 'Closing Checking', lastFour: '0002', providerToken: `sbx_direct-ach_ba_returns_R02_${randomBytes(8).toString('hex')}`, verificationRequired: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owed = await t.db
      .insertInto('invoices')
      .values({ ...copy, vendorId: at.vendorId, locationId: at.locationId, externalId: 'EVT-PAUSE', displayInvNum: 'EVT-PAUSE', openAmountCents: 3000, originalAmountCents: 3000, payable: true, status: 'open', deletedAt: null, extra: JSON.stringify(copy.extra) as never })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('autopays').values({ ...at, paymentMethodId: closing.id, startDate: '2027-01-04' }).execute();
    await t.db
      .insertInto('paymentPlans')
      .values({ ...at, requestId: null, name: 'Paused plan', status: 'active', totalAmountCents: 3000, eachAmountCents: 1000, frequency: 'weekly', startDate: '2027-01-04', paymentMethodId: closing.id, invoiceIds: JSON.stringify([]) as never })
      .execute();
    const closed = await schedulePaymentOnce(t.db, {
      ...at, idempotencyKey: 'evt-pause',
      body: { paymentMethodId: closing.id, paymentDate: '2026-12-03', partialPayments: [], invoices: [owed.id], epaVersion: DEMO_EPA['direct-ach'].version },
      click2payRequestId: null, agreement: testAgreement(), now: NOON,
    });
    expect(closed.ok).toBe(true);
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T15:00:00Z') });
    expect((await recordAchReturns(t.db, { now: new Date('2026-12-07T15:00:00Z') })).returnedGroupIds).toHaveLength(2);
    const testKey = randomBytes(32);
    // and a test of an endpoint (nothing listens on port 9 here): ping
    const pinged = await createEndpoint(t.db, testKey, d.vendors.coastal, { url: 'http://127.0.0.1:9/hooks' });
    if (!pinged.ok) throw new Error('no endpoint');
    expect((await sendTestEvent(t.db, testKey, d.vendors.coastal, pinged.value.endpoint.id, 2_000)).ok).toBe(true);
    // and refunds of a charged payment: refund.created, refund.succeeded (the sandbox), refund.failed (a processor
    // that refuses)
    const charged = await t.db
      .selectFrom('paymentGroupCharges as c')
      .innerJoin('paymentGroups as g', 'g.id', 'c.paymentGroupId')
      .select(['g.id', 'g.vendorId'])
      .where('c.status', '=', 'succeeded')
      .where('g.status', '=', 'complete')
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    expect((await createVendorRefund(t.db, charged.vendorId, charged.id, { amountCents: 1, reason: 'Event check.' }, NOON)).ok).toBe(true);
    expect((await processDueRefunds(t.db, { now: NOON })).refundedIds).toHaveLength(1);
    expect((await createVendorRefund(t.db, charged.vendorId, charged.id, { amountCents: 1, reason: 'Refused.' }, NOON)).ok).toBe(true);
    const refusing = Object.fromEntries(
      Object.entries(sandboxRegistry(t.db)).map(([provider, processor]) => [
        provider,
        { ...processor, lookupRefund: async () => null, refund: async () => ({ ok: false as const, code: 'refund_declined', message: 'The card issuer refused the refund.' }) },
      ]),
    ) as unknown as ProcessorRegistry;
    expect((await processDueRefunds(t.db, { now: NOON, processors: refusing })).failedIds).toHaveLength(1);
    // and a file import that finishes (here with a problem on its line): import.completed
    async function* file() {
      yield Buffer.from('externalId,locationExternalId,displayInvNum,originalAmount,openAmount,status\nEVT-IMP,NO-SUCH-LOC,EVT-IMP,1,1,open\n');
    }
    expect((await receiveImport(t.db, d.vendors.coastal, { format: 'csv', dryRun: false, body: file() })).ok).toBe(true);
    expect(await runImports(t.db)).toHaveLength(1);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(vendorContract, 'vendor');
    const events = await t.db.selectFrom('webhookEvents').select(['type', 'data', 'createdAt']).orderBy('seq').execute();
    for (const type of EVENT_TYPES) {
      const ofType = events.filter((e) => e.type === type);
      expect(ofType.length, `${type} written`).toBeGreaterThan(0);
      const validate = ajv.compile({ $ref: `vendor#/webhooks/${type}/post/requestBody/content/application~1json/schema` });
      for (const event of ofType) {
        const body = JSON.parse(webhookBody({ type: event.type, data: event.data as Record<string, unknown>, eventCreatedAt: event.createdAt }));
        expect(validate(body) ? [] : validate.errors, `${type}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
      }
      // the schema is not a blank check: a body of another type, or with a field too many in its data, fails
      const [first] = ofType;
      const body = JSON.parse(webhookBody({ type: first.type, data: first.data as Record<string, unknown>, eventCreatedAt: first.createdAt }));
      expect(validate({ ...body, data: { ...body.data, cardNumber: '4242424242424242' } }), type).toBe(false);
      expect(validate({ ...body, type: type === 'comment.added' ? 'reminder.added' : 'comment.added' }), type).toBe(false);
    }
  });
});
