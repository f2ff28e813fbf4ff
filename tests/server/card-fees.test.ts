// @vitest-environment node
/**
 * Card service fee rules (issue 20) end to end on the server: the sandbox BIN table through the payments service
 * (`GET /payments-api/card-bins/{bin}`, the funding recorded at tokenization and carried to the saved method), the
 * 3 % cap refused in the vendor API's settings and location batches (422, nothing changed), and the fee stored on the
 * payment group as its own amount, answered by the portal and the vendor API with one meaning.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { migrations } from '../../server/db/migrations.js';
import { SANDBOX_BINS } from '../../server/payments-service/card-bins.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesContract, expectMatchesVendorContract } from './helpers/contract.js';

const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ??
  addFormatsImport) as typeof addFormatsImport;
const paymentsContract = parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/payments.yaml'), 'utf8')) as any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(paymentsContract, 'payments');
const binValidators = {
  ok: ajv.compile({ $ref: 'payments#/components/schemas/CardBinResponse' }),
  error: ajv.compile({ $ref: 'payments#/components/schemas/ProcessorErrors' }),
};

/** Fails unless the answer is one `lookupCardBin` declares, in its shape. */
function expectCardBinContract(status: number, body: unknown) {
  const declared = Object.keys(paymentsContract.paths['/card-bins/{bin}'].get.responses).map(Number);
  expect(declared, `status ${status} is declared`).toContain(status);
  const validate = status === 200 ? binValidators.ok : binValidators.error;
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

let s: TestServer;
let token: string;
let vendorKey: string;
const futureExp = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const bh = () => `/api/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;

async function jwt(): Promise<string> {
  const res = await s.inject({ url: `${bh()}/paymentmethods`, headers: s.auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json().paymentMethodsJwt;
}

async function lookup(bin: string, provider = 'plastiq-cc', bearer: string | null = null) {
  const res = await s.inject({
    url: `/payments-api/card-bins/${bin}?provider=${provider}`,
    headers: bearer === null ? { authorization: `Bearer ${await jwt()}` } : bearer === '' ? {} : { authorization: `Bearer ${bearer}` },
  });
  expectCardBinContract(res.statusCode, res.json());
  return res;
}

/** Tokenizes a card at the payments service and attaches it to Blue Heron: the saved method as the portal answers it. */
async function saveCard(ccNumber: string) {
  const tokenized = await s.inject({
    method: 'POST',
    url: '/payments-api/tokenizer',
    headers: { authorization: `Bearer ${await jwt()}` },
    payload: { type: 'CC', provider: 'plastiq-cc', nameOnCard: 'Dana Whitfield', ccNumber, expDate: futureExp, cvc: '123', addressLine1: '214 East Bay St', zipCode: '29401' },
  });
  expect(tokenized.statusCode, tokenized.body).toBe(200);
  const attached = await s.inject({ method: 'POST', url: `${bh()}/paymentmethods`, headers: s.auth(token), payload: { paymentMethodKey: tokenized.json().key } });
  expect(attached.statusCode, attached.body).toBe(201);
  expectMatchesContract('createPaymentMethod', 201, attached.json());
  return attached.json().paymentMethod as { id: string; displayExtra: { cardFunding: string | null; serviceFee: string | null } };
}

async function vendorCall(operationId: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) {
  const res = await s.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${vendorKey}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.json();
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  s = await startTestServer();
  token = await s.token({});
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', s.demo.vendors.pfg, '--name', 'card fees test'], (line) => lines.push(line));
  vendorKey = lines.find((l) => l.startsWith('ppk_'))!;
});
afterAll(async () => {
  await s?.close();
});

describe('the sandbox BIN table through the payments service', () => {
  it('GET /card-bins/{bin} answers each test BIN’s funding, an unknown BIN credit; 6 digits do not reach an 8-digit entry', async () => {
    for (const entry of SANDBOX_BINS) {
      const res = await lookup(entry.testNumber.slice(0, 8));
      expect(res.statusCode).toBe(200);
      expect(res.json(), entry.label).toEqual({ bin: entry.testNumber.slice(0, 8), funding: entry.funding });
    }
    expect((await lookup('601100')).json()).toEqual({ bin: '601100', funding: 'credit' });
    expect((await lookup('400005')).json().funding).toBe('credit');
    // 7 digits: the 6-digit entries only
    expect((await lookup('5105105')).json()).toEqual({ bin: '5105105', funding: 'credit' });
  });

  it('refuses a full number or a short BIN (400), a provider the location does not offer (422), a missing JWT (401)', async () => {
    expect((await lookup('4000056655665556')).statusCode).toBe(400);
    expect((await lookup('40000')).statusCode).toBe(400);
    expect((await lookup('4000x566')).statusCode).toBe(400);
    const other = await lookup('40000566', 'priority-cc');
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].code).toBe('provider_not_enabled');
    expect((await lookup('40000566', 'plastiq-cc', '')).statusCode).toBe(401);
  });

  it('a tokenized card keeps its funding by BIN: debit, prepaid, credit (unknown BIN too); a bank account has none', async () => {
    const debit = await saveCard('4000056655665556');
    expect(debit.displayExtra).toMatchObject({ cardFunding: 'debit', serviceFee: '2.9' });
    expect((await saveCard('5200828282828210')).displayExtra.cardFunding).toBe('debit');
    expect((await saveCard('4000057700000005')).displayExtra.cardFunding).toBe('prepaid');
    expect((await saveCard('5105105105105100')).displayExtra.cardFunding).toBe('prepaid');
    expect((await saveCard('4242424242424242')).displayExtra.cardFunding).toBe('credit');
    expect((await saveCard('6011111111111117')).displayExtra.cardFunding).toBe('credit');
    const row = await s.db.selectFrom('paymentMethods').select('cardFunding').where('id', '=', debit.id).executeTakeFirstOrThrow();
    expect(row.cardFunding).toBe('debit');
    const list = await s.inject({ url: `${bh()}/paymentmethods`, headers: s.auth(token) });
    expectMatchesContract('listPaymentMethods', 200, list.json());
    const ach = list.json().paymentMethods.find((m: { type: string }) => m.type === 'ACH');
    expect(ach.displayExtra.cardFunding).toBeNull();
  });
});

describe('the 3 % cap in the vendor API', () => {
  it('PATCH /settings with a fee above 3 % answers 422 naming the field and changes nothing', async () => {
    const before = (await vendorCall('getSettings', 'GET', '/settings')).body;
    const refused = await vendorCall('updateSettings', 'PATCH', '/settings', { cardServiceFees: { 'plastiq-cc': '3.5' }, appName: 'Changed Name' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errorCode: 'service_fee_above_cap', field: 'cardServiceFees.plastiq-cc' });
    expect(refused.body.message).toBe('cardServiceFees.plastiq-cc: the card service fee may be at most 3 percent; 3.5 is above it');
    expect((await vendorCall('getSettings', 'GET', '/settings')).body).toEqual(before);
  });

  it('a location batch with a fee above 3 % answers 422 naming the field and writes no location', async () => {
    const countLocations = async () => Number((await s.db.selectFrom('locations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await countLocations();
    const batch = {
      locations: [
        { externalId: 'CAP-1', displayName: 'Cap One', paymentConfigs: [{ provider: 'plastiq-cc', type: 'CC', serviceFee: '2.5' }] },
        { externalId: 'CAP-2', displayName: 'Cap Two', paymentConfigs: [{ provider: 'priority-ach', type: 'ACH', serviceFee: null }, { provider: 'plastiq-cc', type: 'CC', serviceFee: '4' }] },
      ],
    };
    const refused = await vendorCall('upsertLocations', 'POST', '/locations/batch', batch);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errorCode: 'service_fee_above_cap', field: 'locations[1].paymentConfigs[1].serviceFee' });
    expect(await countLocations()).toBe(before);
    batch.locations[1].paymentConfigs[1].serviceFee = '3';
    expect((await vendorCall('upsertLocations', 'POST', '/locations/batch', batch)).status).toBe(200);
    expect(await countLocations()).toBe(before + 2);
  });
});

describe('the fee stored on the payment group', () => {
  it('a debit card payment stores fee 0 and charges the subtotal; a credit card’s fee is stored and answered alike by the portal and the vendor API', async () => {
    const debit = await saveCard('4000056655665556');
    const credit = await saveCard('5555555555554444');
    const open = await s.db.selectFrom('invoices').select(['id', 'openAmountCents', 'displayInvNum'])
      .where('locationId', '=', s.demo.locations.blueHeron).where('payable', '=', true).where('deletedAt', 'is', null)
      .where('openAmountCents', '>', 0).orderBy('displayInvNum').limit(2).execute();
    expect(open).toHaveLength(2);
    const groups: Record<string, string> = {};
    for (const [name, method, invoice] of [['debit', debit, open[0]], ['credit', credit, open[1]]] as const) {
      const paid = await s.inject({
        method: 'POST', url: `${bh()}/paymentgroups`, headers: { ...s.auth(token), 'idempotency-key': crypto.randomUUID() },
        // a past date is moved to the first valid payment date
        payload: { paymentMethodId: method.id, paymentDate: '2020-01-01', partialPayments: [], invoices: [invoice.id], epaVersion: DEMO_EPA['plastiq-cc'].version },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      groups[name] = paid.json().paymentGroupId;
    }
    const debitCents = Number(open[0].openAmountCents);
    const creditCents = Number(open[1].openAmountCents);
    const creditFee = Math.floor((creditCents * 29 * 2 + 1000) / 2000); // 2.9 %, half up
    expect(creditFee).toBeGreaterThan(0);

    const rows = await s.db.selectFrom('paymentGroups').select(['id', 'serviceFeeCents', 'paymentTotalCents']).where('id', 'in', Object.values(groups)).execute();
    expect(rows.find((r) => r.id === groups.debit)).toMatchObject({ serviceFeeCents: 0, paymentTotalCents: debitCents });
    expect(rows.find((r) => r.id === groups.credit)).toMatchObject({ serviceFeeCents: creditFee, paymentTotalCents: creditCents + creditFee });

    for (const [name, fee, subtotal] of [['debit', 0, debitCents], ['credit', creditFee, creditCents]] as const) {
      const detail = await s.inject({ url: `${bh()}/paymentgroups/${groups[name]}/payments`, headers: s.auth(token) });
      expectMatchesContract('getPaymentGroupPayments', 200, detail.json());
      expect(detail.json().paymentGroup, name).toMatchObject({ serviceFee: fee / 100, paymentTotal: (subtotal + fee) / 100 });
      const vendor = await vendorCall('getPaymentGroup', 'GET', `/payment-groups/${groups[name]}`);
      expect(vendor.status).toBe(200);
      expect(vendor.body, name).toMatchObject({ subtotal: subtotal / 100, serviceFee: fee / 100, total: (subtotal + fee) / 100 });
    }
    const report = await s.inject({ url: `${bh()}/paymentgroups?onlyPending=true`, headers: s.auth(token) });
    expectMatchesContract('listPaymentGroups', 200, report.json());
    expect(report.json().paymentGroups.find((g: { id: string }) => g.id === groups.credit).serviceFee).toBe(creditFee / 100);
  });
});

describe('migration 0021_card_fees on existing rows', () => {
  it('backfills: a card group’s fee is what its total charged beyond its lines, a bank-account group’s 0; cards are credit; the change feed sees no change', async () => {
    const migration = migrations['0021_card_fees']!;
    const groupOf = (type: 'CC' | 'ACH') =>
      s.db.selectFrom('paymentGroups').select(['id']).where('vendorId', '=', s.demo.vendors.pfg).where('paymentType', '=', type)
        .where('status', '=', 'complete').orderBy('createdAt').executeTakeFirstOrThrow();
    const card = await groupOf('CC');
    const bank = await groupOf('ACH');
    await migration.down!(s.db);
    // an older card payment whose total included a fee of $1.23 over its lines
    await sql`update payment_groups set payment_total_cents = payment_total_cents + 123 where id = ${card.id}`.execute(s.db);
    const stamps = async () => (await sql<{ id: string; updated_at: Date }>`select id, updated_at from payment_groups order by id`.execute(s.db)).rows;
    const before = await stamps();
    await migration.up(s.db);
    expect(await stamps()).toEqual(before);
    const fees = await s.db.selectFrom('paymentGroups').select(['id', 'serviceFeeCents']).where('id', 'in', [card.id, bank.id]).execute();
    expect(Object.fromEntries(fees.map((f) => [f.id, f.serviceFeeCents]))).toEqual({ [card.id]: 123, [bank.id]: 0 });
    const methods = await s.db.selectFrom('paymentMethods').select(['provider', 'cardFunding']).execute();
    for (const m of methods) expect(m.cardFunding, m.provider).toBe(m.provider.endsWith('-cc') ? 'credit' : null);
    await sql`update payment_groups set payment_total_cents = payment_total_cents - 123, service_fee_cents = 0 where id = ${card.id}`.execute(s.db);
  });
});
