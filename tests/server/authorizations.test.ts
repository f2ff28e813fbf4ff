// @vitest-environment node
/**
 * Authorization records: a payment, an AutoPay set-up and a payment plan set-up made through the portal API each store
 * what the customer agreed to — the terms version, the SHA-256 of the terms PDF the server serves for it, the time,
 * the client's address and user agent — and keep it when the payment method is deleted and AutoPay turned off. A plan
 * installment or AutoPay charge the jobs make carries the plan's / AutoPay's record. The vendor reads a group's record with its key; another vendor
 * cannot read the group at all.
 */
import { createHash, randomUUID } from 'node:crypto';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.js';
import { epaDocumentSha256, missingEpaDocuments } from '../../server/domain/epa-documents.js';
import { runAutopay } from '../../server/jobs/autopay.js';
import { runPlans } from '../../server/jobs/plans.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesContract, expectMatchesVendorContract } from './helpers/contract.js';
import { makeDist, stopOnDist, writeDist } from './helpers/dist-fixture.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
let dist: string;
let token: string;
const keys = { pfg: '', coastal: '' };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AuthorizationTest/1.0';
const CLIENT_IP = '198.51.100.23';
type Provider = keyof typeof DEMO_EPA;

/** A portal call as a browser at CLIENT_IP would make it. */
const portal = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  s.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...s.auth(token), 'user-agent': BROWSER, ...headers },
    remoteAddress: CLIENT_IP,
    ...(payload ? { payload } : {}),
  });
const vendorGet = (url: string, key: string) => s.app.inject({ method: 'GET', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` } });
const loc = (location: 'blueHeron' | 'magnolia') => `/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations[location]}`;

/** SHA-256 of the terms document as the server serves it at /static/epa/<version>/<file>. */
async function servedSha256(provider: Provider) {
  const { version, filename } = DEMO_EPA[provider];
  const res = await s.app.inject({ method: 'GET', url: `/static/epa/${version}/${filename}` });
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return createHash('sha256').update(res.rawPayload).digest('hex');
}

const recordOf = (id: string | null) => s.db.selectFrom('paymentAuthorizations').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();

async function expectRecord(id: string | null, kind: string, provider: Provider, agreedBetween: [Date, Date], userAgent = BROWSER) {
  expect(id).not.toBeNull();
  const record = await recordOf(id);
  expect(record).toMatchObject({
    kind,
    vendorId: s.demo.vendors.pfg,
    contactId: s.demo.contactId,
    provider,
    epaVersion: DEMO_EPA[provider].version,
    epaSha256: await servedSha256(provider),
    ipAddress: CLIENT_IP,
    userAgent,
  });
  expect(record.agreedAt.getTime()).toBeGreaterThanOrEqual(agreedBetween[0].getTime());
  expect(record.agreedAt.getTime()).toBeLessThanOrEqual(agreedBetween[1].getTime());
  return record;
}

beforeAll(async () => {
  // the terms documents served from a build folder, and hashed from the same folder
  dist = makeDist('authz-dist-');
  writeDist(dist, {});
  cpSync(path.join(projectRoot, 'public/static/epa'), path.join(dist, 'static/epa'), { recursive: true });
  s = await startTestServer({ config: { distDir: dist, epaDir: path.join(dist, 'static/epa') } });
  token = await s.token({});
  for (const vendor of ['pfg', 'coastal'] as const) {
    const created = await createApiKey(s.db, s.demo.vendors[vendor], 'authorizations test');
    if (!created.ok) throw new Error('no key');
    keys[vendor] = created.value.secret;
  }
}, 60_000);
afterAll(async () => {
  await stopOnDist(s, dist);
});

describe('authorization records', () => {
  let paymentGroupId: string;
  let methodId: string;
  let paymentRecordId: string | null;
  let autopayId: string;
  let autopayRecordId: string | null;
  let planId: string;
  let planRecordId: string | null;

  it('a payment stores the terms version, the served PDF’s hash, the time, the address and the user agent', async () => {
    const method = await s.db
      .insertInto('paymentMethods')
      .values({
        contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, provider: 'plastiq-cc',
        name: 'Authorization Visa', lastFour: '4242', providerToken: 'sbx_plastiq-cc_authz', serviceFee: '2.9',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    methodId = method.id;
    const invoice = await s.db.selectFrom('invoices').select('id').where('displayInvNum', '=', 'INV4411540').executeTakeFirstOrThrow();
    const before = new Date();
    const res = await portal(
      'POST',
      `${loc('blueHeron')}/paymentgroups`,
      // a past date is replaced by the first valid one
      { paymentMethodId: methodId, paymentDate: '2020-01-02', partialPayments: [], invoices: [invoice.id], epaVersion: DEMO_EPA['plastiq-cc'].version },
      // not behind a trusted proxy (TRUST_PROXY unset): what the client writes here is not its address
      { 'idempotency-key': randomUUID(), 'x-forwarded-for': '203.0.113.99' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expectMatchesContract('createPaymentGroup', 201, res.json());
    paymentGroupId = res.json().paymentGroupId;
    const group = await s.db.selectFrom('paymentGroups').select('authorizationId').where('id', '=', paymentGroupId).executeTakeFirstOrThrow();
    paymentRecordId = group.authorizationId;
    await expectRecord(paymentRecordId, 'payment', 'plastiq-cc', [before, new Date()]);
    expect((await recordOf(paymentRecordId)).paymentMethodId).toBe(methodId);
  });

  it('an AutoPay set-up stores its record; the AutoPay names it', async () => {
    const request = await s.db.selectFrom('requests').select('excludedInvoiceIds').where('id', '=', s.demo.requests.autopay).executeTakeFirstOrThrow();
    const visa = await s.db.selectFrom('paymentMethods').select('id').where('locationId', '=', s.demo.locations.magnolia).where('provider', '=', 'plastiq-cc').executeTakeFirstOrThrow();
    const before = new Date();
    const res = await portal('POST', `${loc('magnolia')}/autopays`, {
      paymentMethodId: visa.id,
      startDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()),
      excludedInvoices: request.excludedInvoiceIds,
      epaVersion: DEMO_EPA['plastiq-cc'].version,
    });
    expect(res.statusCode, res.body).toBe(201);
    autopayId = res.json().autoPay.id;
    const autopay = await s.db.selectFrom('autopays').select('authorizationId').where('id', '=', autopayId).executeTakeFirstOrThrow();
    autopayRecordId = autopay.authorizationId;
    await expectRecord(autopayRecordId, 'autopay', 'plastiq-cc', [before, new Date()]);
  });

  it('a plan set-up stores its record (a long user agent cut to 512 characters); its installments carry it', async () => {
    const planToken = await s.token({ type: 'paymentplan', vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.magnolia, requestId: s.demo.requests.paymentplan });
    const visa = await s.db.selectFrom('paymentMethods').select('id').where('locationId', '=', s.demo.locations.magnolia).where('provider', '=', 'plastiq-cc').executeTakeFirstOrThrow();
    const longAgent = `${BROWSER} ${'x'.repeat(700)}`;
    const before = new Date();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/paymentplans',
      headers: { ...s.auth(planToken), 'user-agent': longAgent },
      remoteAddress: CLIENT_IP,
      payload: { vendorId: s.demo.vendors.pfg, paymentMethodId: visa.id, epaVersion: DEMO_EPA['plastiq-cc'].version },
    });
    expect(res.statusCode, res.body).toBe(201);
    planId = res.json().paymentPlan.id;
    const plan = await s.db.selectFrom('paymentPlans').select(['authorizationId', 'startDate']).where('id', '=', planId).executeTakeFirstOrThrow();
    planRecordId = plan.authorizationId;
    await expectRecord(planRecordId, 'payment_plan', 'plastiq-cc', [before, new Date()], longAgent.slice(0, 512));

    // the job makes the first installment on the plan's start date: no customer there, the plan's agreement holds
    const startDate = res.json().paymentPlan.startDate as string;
    const quiet = { info() {}, warn() {}, error() {} };
    await runPlans({ db: s.db, now: new Date(`${startDate}T17:00:00Z`), log: quiet, publicUrl: 'http://portal.test' });
    const installments = await s.db.selectFrom('paymentGroups').select(['id', 'authorizationId']).where('paymentPlanId', '=', planId).execute();
    expect(installments.length).toBeGreaterThan(0);
    expect(installments.every((g) => g.authorizationId === planRecordId)).toBe(true);
    const read = await vendorGet(`/payment-groups/${installments[0].id}`, keys.pfg);
    expect(read.statusCode).toBe(200);
    expectMatchesVendorContract('getPaymentGroup', 200, read.json());
    expect(read.json().authorization).toMatchObject({ kind: 'payment_plan', epaVersion: DEMO_EPA['plastiq-cc'].version, ipAddress: CLIENT_IP });
  });

  it('an AutoPay charge the job makes carries the AutoPay’s record', async () => {
    const quiet = { info() {}, warn() {}, error() {} };
    // weeks ahead: the location's open invoices are due, and AutoPay pays them
    await runAutopay({ db: s.db, now: new Date(Date.now() + 60 * 86_400_000), log: quiet, publicUrl: 'http://portal.test' });
    const charges = await s.db.selectFrom('autopayCharges').select('paymentGroupId').where('autopayId', '=', autopayId).where('paymentGroupId', 'is not', null).execute();
    expect(charges.length).toBeGreaterThan(0);
    const groups = await s.db.selectFrom('paymentGroups').select(['sourceType', 'authorizationId']).where('id', 'in', charges.map((c) => c.paymentGroupId!)).execute();
    expect(groups.map((g) => [g.sourceType, g.authorizationId])).toEqual(charges.map(() => ['Autopay Plus', autopayRecordId]));
  });

  it('deleting the payment method and turning AutoPay off keep the records as they were', async () => {
    const stored = await Promise.all([paymentRecordId, autopayRecordId, planRecordId].map(recordOf));

    const deleted = await portal('DELETE', `${loc('blueHeron')}/paymentmethods/${methodId}?cancelScheduledPayments=true`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const off = await portal('DELETE', `${loc('magnolia')}/autopays/${autopayId}`);
    expect(off.statusCode, off.body).toBe(200);

    expect(await Promise.all([paymentRecordId, autopayRecordId, planRecordId].map(recordOf))).toEqual(stored);
    const group = await s.db.selectFrom('paymentGroups').select(['status', 'authorizationId']).where('id', '=', paymentGroupId).executeTakeFirstOrThrow();
    expect(group).toEqual({ status: 'canceled', authorizationId: paymentRecordId });
    const autopay = await s.db.selectFrom('autopays').select(['deletedAt', 'authorizationId']).where('id', '=', autopayId).executeTakeFirstOrThrow();
    expect(autopay.deletedAt).not.toBeNull();
    expect(autopay.authorizationId).toBe(autopayRecordId);
  });

  it('the vendor reads a group’s record with its key; another vendor cannot read the group', async () => {
    const record = await recordOf(paymentRecordId);
    const res = await vendorGet(`/payment-groups/${paymentGroupId}`, keys.pfg);
    expect(res.statusCode).toBe(200);
    expectMatchesVendorContract('getPaymentGroup', 200, res.json());
    expect(res.json().authorization).toEqual({
      kind: 'payment',
      epaVersion: DEMO_EPA['plastiq-cc'].version,
      epaSha256: await servedSha256('plastiq-cc'),
      agreedAt: record.agreedAt.toISOString(),
      ipAddress: CLIENT_IP,
      userAgent: BROWSER,
    });
    const other = await vendorGet(`/payment-groups/${paymentGroupId}`, keys.coastal);
    expect(other.statusCode).toBe(404);
    expectMatchesVendorContract('getPaymentGroup', 404, other.json());
    expect(JSON.stringify(other.json())).not.toContain(CLIENT_IP);
  });

  it('a group made before records were kept shows none', async () => {
    const seeded = await s.db.selectFrom('paymentGroups').select('id').where('vendorId', '=', s.demo.vendors.pfg).where('authorizationId', 'is', null).executeTakeFirstOrThrow();
    const res = await vendorGet(`/payment-groups/${seeded.id}`, keys.pfg);
    expect(res.statusCode).toBe(200);
    expect(res.json().authorization).toBeNull();
  });

  it('neither the address nor the user agent is written to the log by the agreement', async () => {
    // the request log has what it always had (method, url, status); the agreement adds nothing
    expect(s.logs.filter((line) => line.includes(BROWSER))).toEqual([]);
  });
});

describe('terms documents (what the server checks at start)', () => {
  const epaDir = path.join(projectRoot, 'public/static/epa');

  it('every configured demo version has its file; a version without one is named', () => {
    expect(missingEpaDocuments(epaDir, DEMO_EPA)).toEqual([]);
    expect(missingEpaDocuments(epaDir, { ...DEMO_EPA, 'plastiq-cc': { version: '99', filename: 'epa-card.pdf' } })).toEqual(['plastiq-cc: 99/epa-card.pdf']);
  });

  it('a configured name never reaches outside the folder', () => {
    expect(epaDocumentSha256(epaDir, { version: '..', filename: 'package.json' })).toBeNull();
    expect(epaDocumentSha256(epaDir, { version: '3', filename: '../../../../package.json' })).toBeNull();
    expect(epaDocumentSha256(epaDir, DEMO_EPA['priority-ach'])).toMatch(/^[0-9a-f]{64}$/);
  });
});
