// @vitest-environment node
/**
 * The sandbox payments service (`POST /payments-api/tokenizer`, openapi/payments.yaml): JWT authorisation, the
 * documented test numbers, the detail checks, and that no card or account number reaches a table or a log line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../server/payments-service/origin.js';
import { signJwt, verifyJwt } from '../../server/domain/jwt.js';
import { issuePaymentMethodsJwt, paymentsJwtSecret } from '../../server/payments-service/payments-jwt.js';
import { startTestServer, type TestServer } from './helpers/app.js';

const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ??
  addFormatsImport) as typeof addFormatsImport;

const paymentsContract = parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/payments.yaml'), 'utf8')) as any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(paymentsContract, 'payments');
const validators = {
  ok: ajv.compile({ $ref: 'payments#/components/schemas/TokenizeResponse' }),
  error: ajv.compile({ $ref: 'payments#/components/schemas/ProcessorErrors' }),
};

/** Fails unless the answer is one the tokenizer's contract declares, in its shape. */
function expectTokenizerContract(status: number, body: unknown) {
  const declared = Object.keys(paymentsContract.paths['/tokenizer'].post.responses).map(Number);
  expect(declared, `status ${status} is declared`).toContain(status);
  const validate = status === 200 ? validators.ok : validators.error;
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

/** The test-number table of the contract's description: number → processor error code (null = success). */
function documentedTestNumbers(): Array<{ number: string; code: string | null }> {
  const rows = [...String(paymentsContract.info.description).matchAll(/^\| (\d{12,19}) \| [^|]+ \| (?:`(\w+)`|—) \|$/gm)];
  return rows.map((m) => ({ number: m[1], code: m[2] ?? null }));
}

let s: TestServer;
let token: string;
let jwt: string;
const futureExp = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

const loc = (vendorId: string, locationId: string) => `/api/vendors/${vendorId}/locations/${locationId}`;

async function jwtFor(vendorId: string, locationId: string, t = token) {
  const res = await s.inject({ url: `${loc(vendorId, locationId)}/paymentmethods`, headers: s.auth(t) });
  expect(res.statusCode).toBe(200);
  return res.json().paymentMethodsJwt as string;
}

const card = (over: Record<string, unknown> = {}) => ({
  type: 'CC',
  provider: 'plastiq-cc',
  nameOnCard: 'Dana Whitfield',
  ccNumber: '4242424242424242',
  expDate: futureExp,
  cvc: '123',
  addressLine1: '214 East Bay St',
  zipCode: '29401',
  ...over,
});
const bank = (over: Record<string, unknown> = {}) => ({
  type: 'ACH',
  provider: 'priority-ach',
  name: 'Reserve Checking',
  bankRoutingNumber: '011000015',
  checkingAccountNumber: '7788990011223',
  ...over,
});

async function tokenize(body: unknown, bearer: string | null = jwt) {
  const res = await s.inject({
    method: 'POST',
    url: '/payments-api/tokenizer',
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    payload: body as object,
  });
  const json = res.json();
  expectTokenizerContract(res.statusCode, json);
  return { status: res.statusCode, body: json, code: json.errors?.[0]?.code as string | undefined, message: json.errors?.[0]?.message as string | undefined };
}

const countPending = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from tokenized_methods`.execute(s.db)).rows[0].n);

beforeAll(async () => {
  s = await startTestServer();
  token = await s.token({});
  jwt = await jwtFor(s.demo.vendors.pfg, s.demo.locations.blueHeron);
});
afterAll(async () => {
  await s?.close();
});

// The per-contact tokenization limit (20 per hour, tests/server/hardening.test.ts) is not what these tests are about.
beforeEach(async () => {
  if (s) await sql`delete from payment_attempts`.execute(s.db);
});

describe('domain/jwt', () => {
  const secret = 'x'.repeat(32);
  const exp = Math.floor(Date.now() / 1000) + 60;

  it('round-trips claims and refuses tampering, other secrets, expiry and other algorithms', () => {
    const token = signJwt({ sub: 'a', exp }, secret);
    expect(verifyJwt(token, secret)).toEqual({ ok: true, claims: { sub: 'a', exp } });
    const [h, p, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'b', exp })).toString('base64url');
    expect(verifyJwt(`${h}.${forged}.${sig}`, secret)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyJwt(token, 'y'.repeat(32))).toEqual({ ok: false, reason: 'signature' });
    expect(verifyJwt(token, secret, new Date((exp + 1) * 1000))).toEqual({ ok: false, reason: 'expired' });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(`${none}.${p}.${sig}`, secret)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt(`${h}.${p}`, secret)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('authorisation', () => {
  it('needs the paymentMethodsJwt: missing, malformed, foreign, tampered or expired answer 401 and keep nothing', async () => {
    const before = await countPending();
    const secret = await paymentsJwtSecret(s.db);
    const scope = { contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron };
    const exp = Math.floor(Date.now() / 1000) + 600;
    const [h, , sig] = jwt.split('.');
    const otherLocation = Buffer.from(JSON.stringify({ ...scope, locationId: s.demo.locations.magnolia, exp })).toString('base64url');
    const expired = await issuePaymentMethodsJwt(s.db, scope, new Date(Date.now() - 16 * 60 * 1000));
    const cases: Array<[string, string | null]> = [
      ['missing', null],
      ['malformed', 'not-a-jwt'],
      ['foreign secret', signJwt({ ...scope, exp }, 'another-secret-another-secret-xx')],
      ['tampered claims', `${h}.${otherLocation}.${sig}`],
      ['expired', expired],
      // well signed, but a location the contact does not belong to
      ['outside the contact', signJwt({ ...scope, locationId: s.demo.locations.saltmarsh, exp }, secret)],
    ];
    for (const [name, bearer] of cases) {
      const res = await tokenize(card(), bearer);
      expect(res.status, name).toBe(401);
      expect(res.code, name).toBe('unauthorized');
    }
    // the ContactAccess scheme is not a bearer JWT either
    const res = await s.inject({ method: 'POST', url: '/payments-api/tokenizer', headers: s.auth(token), payload: card() });
    expect(res.statusCode).toBe(401);
    expect(await countPending()).toBe(before);
  });

  it('a JWT from one server process is accepted by another on the same database (shared secret)', async () => {
    // another process's payments origin on the same database
    const other = await buildPaymentsApp({
      db: s.db,
      portalUrl: s.config.publicUrl,
      paymentsUrl: s.config.payments.publicUrl,
      distDir: s.config.payments.distDir,
      contractPath: path.resolve(import.meta.dirname, '../../openapi/payments.yaml'),
      logger: false,
    });
    try {
      const res = await other.inject({ method: 'POST', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${jwt}` }, payload: card() });
      expect(res.statusCode).toBe(200);
      expect(res.json().key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await other.close();
    }
  });
});

describe('documented test numbers', () => {
  const documented = documentedTestNumbers();

  it('the contract documents the seven outcomes (0341 saves fine; its charges are declined later)', () => {
    expect(documented).toEqual([
      { number: '4242424242424242', code: null },
      { number: '4000000000000002', code: 'card_declined' },
      { number: '4000000000009995', code: 'insufficient_funds' },
      { number: '4000000000000069', code: 'expired_card' },
      { number: '4000000000000127', code: 'incorrect_cvc' },
      { number: '4000000000000119', code: 'processing_error' },
      { number: '4000000000000341', code: null },
    ]);
  });

  it('each number gives its documented outcome: a key, or a 402 with its processor code and nothing kept', async () => {
    for (const { number, code } of documented) {
      const before = await countPending();
      const res = await tokenize(card({ ccNumber: number }));
      if (code === null) {
        expect(res.status, number).toBe(200);
        expect(res.body.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(await countPending()).toBe(before + 1);
      } else {
        expect(res.status, number).toBe(402);
        expect(res.code, number).toBe(code);
        expect(await countPending()).toBe(before);
      }
    }
  });

  it('another Luhn-valid number of a known brand succeeds (Mastercard, Amex with a 4-digit CVC) on priority-cc too', async () => {
    expect((await tokenize(card({ ccNumber: '5555555555554444' }))).status).toBe(200);
    expect((await tokenize(card({ ccNumber: '378282246310005', cvc: '1234' }))).status).toBe(200);
    const coastalJwt = await jwtFor(s.demo.vendors.coastal, s.demo.locations.coastalBlueHeron);
    expect((await tokenize(card({ provider: 'priority-cc' }), coastalJwt)).status).toBe(200);
  });
});

describe('detail checks', () => {
  const cases: Array<[string, Record<string, unknown>, number, string, string]> = [
    ['Luhn', card({ ccNumber: '4242424242424241' }), 422, 'invalid_number', 'ccNumber'],
    ['unknown brand', card({ ccNumber: '9000000000000008' }), 422, 'invalid_number', 'ccNumber'],
    ['brand length', card({ ccNumber: '42424242424242' }), 422, 'invalid_number', 'ccNumber'],
    ['past expiry', card({ expDate: '01/20' }), 422, 'invalid_expiry_date', 'expDate'],
    ['month 13', card({ expDate: '13/30' }), 400, 'validation_failed', 'expDate'],
    ['4-digit CVC on Visa', card({ cvc: '1234' }), 422, 'invalid_cvc', 'cvc'],
    ['3-digit CVC on Amex', card({ ccNumber: '378282246310005', cvc: '123' }), 422, 'invalid_cvc', 'cvc'],
    ['ZIP', card({ zipCode: '2940' }), 400, 'validation_failed', 'zipCode'],
    ['letters in the number', card({ ccNumber: '4242x42424242424' }), 400, 'validation_failed', 'ccNumber'],
    ['routing checksum', bank({ bankRoutingNumber: '011000016' }), 422, 'invalid_routing_number', 'bankRoutingNumber'],
    ['routing all zeros', bank({ bankRoutingNumber: '000000000' }), 422, 'invalid_routing_number', 'bankRoutingNumber'],
    ['routing length', bank({ bankRoutingNumber: '01100001' }), 400, 'validation_failed', 'bankRoutingNumber'],
    ['account length', bank({ checkingAccountNumber: '123' }), 400, 'validation_failed', 'checkingAccountNumber'],
    ['unknown field', bank({ color: 'red' }), 400, 'validation_failed', 'color'],
    ['card field on a bank account', bank({ ccNumber: '4242424242424242' }), 400, 'validation_failed', 'ccNumber'],
    ['provider of the other type', card({ provider: 'priority-ach' }), 400, 'validation_failed', 'provider'],
    ['unknown type', { type: 'CHECK', provider: 'priority-ach' }, 400, 'validation_failed', 'type'],
    ['no type', { provider: 'priority-ach' }, 400, 'validation_failed', 'type'],
    ['provider not enabled here', card({ provider: 'priority-cc' }), 422, 'provider_not_enabled', 'provider'],
  ];

  it.each(cases)('%s → %i %s naming the field, nothing kept', async (_name, body, status, code, field) => {
    const before = await countPending();
    const res = await tokenize(body);
    expect(res.status).toBe(status);
    expect(res.code).toBe(code);
    expect(res.message?.startsWith(`${field}:`), res.message).toBe(true);
    expect(await countPending()).toBe(before);
  });

  it('a valid bank account answers a key', async () => {
    const res = await tokenize(bank());
    expect(res.status).toBe(200);
    expect(typeof res.body.key).toBe('string');
  });
});

describe('no number in any table or log', () => {
  it('keeps only brand, last four and expiry: the full numbers are in no text/jsonb column and no log line', async () => {
    const numbers = ['4242424242424242', '4000000000000002', '5555555555554444', '4242424242424241', '7788990011223'];
    const nums = await tokenize(card({ ccNumber: '5555555555554444', cvc: '987', name: 'Ops card' }));
    expect(nums.status).toBe(200);
    await tokenize(card({ ccNumber: '4000000000000002' }));
    await tokenize(card({ ccNumber: '4242424242424241' }));
    const ach = await tokenize(bank());
    expect(ach.status).toBe(200);
    // attach both: the saved methods keep last four only
    for (const key of [nums.body.key, ach.body.key]) {
      const res = await s.inject({
        method: 'POST',
        url: `${loc(s.demo.vendors.pfg, s.demo.locations.blueHeron)}/paymentmethods`,
        headers: s.auth(token),
        payload: { paymentMethodKey: key },
      });
      expect(res.statusCode).toBe(201);
    }

    const pending = await sql<{ brand: string; lastFour: string; expMonth: number; expYear: number; nickname: string }>`
      select brand, last_four, exp_month, exp_year, nickname from tokenized_methods where nickname = 'Ops card'`.execute(s.db);
    expect(pending.rows).toEqual([{ brand: 'Mastercard', lastFour: '4444', expMonth: 12, expYear: 2000 + Number(futureExp.slice(3)), nickname: 'Ops card' }]);

    const columns = await sql<{ tableName: string; columnName: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'jsonb', 'json', 'character varying', 'character')`.execute(s.db);
    expect(columns.rows.map((c) => `${c.tableName}.${c.columnName}`)).toEqual(
      expect.arrayContaining(['tokenized_methods.provider_token', 'payment_methods.last_four', 'app_config.value']),
    );
    for (const { tableName, columnName } of columns.rows) {
      for (const number of numbers) {
        const found = await sql<{ n: string }>`
          select count(*) as n from ${sql.table(tableName)} where ${sql.ref(columnName)}::text like ${`%${number}%`}`.execute(s.db);
        expect(Number(found.rows[0].n), `${number} in ${tableName}.${columnName}`).toBe(0);
      }
    }

    const logs = s.logs.join('\n');
    expect(logs).toContain('card tokenized');
    expect(logs).toContain('"lastFour":"4444"');
    for (const number of numbers) expect(logs.includes(number), `${number} in the logs`).toBe(false);
    expect(logs.includes('cvc":"987')).toBe(false);
  });
});

describe('the JWT secret', () => {
  it('is generated once per database even when several processes ask at the same time', async () => {
    await s.db.deleteFrom('appConfig').where('key', '=', 'paymentsJwtSecret').execute();
    const secrets = await Promise.all(Array.from({ length: 10 }, () => paymentsJwtSecret(s.db)));
    expect(new Set(secrets.map((b) => b.toString('hex'))).size).toBe(1);
    expect(secrets[0].length).toBe(32);
  });

  it('PAYMENTS_JWT_SECRET replaces the stored secret; a short one is refused', async () => {
    const fromEnv = await paymentsJwtSecret(s.db, { PAYMENTS_JWT_SECRET: 's'.repeat(40) });
    expect(fromEnv.toString()).toBe('s'.repeat(40));
    await expect(paymentsJwtSecret(s.db, { PAYMENTS_JWT_SECRET: 'short' })).rejects.toThrow(/at least 32/);
  });
});
