// @vitest-environment node
/**
 * The vendor API's rate limits (server/http/rate-limit.ts): every operation names its policy in the contract and can
 * answer 429; each answer carries `RateLimit-Policy` and `RateLimit`; over the quota a request answers 429
 * `rate_limited` with `Retry-After` and does nothing; policies and keys count apart; a new window starts afresh; and
 * the count lives in the database, so two apps on their own connections (on PostgreSQL, two pools) share one quota
 * under concurrent requests.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createDb, type DbHandle } from '../../server/db/connect.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesVendorContract, vendorContract } from './helpers/contract.js';

const limits = { read: 5, write: 3, outbound: 2 };
let t: TestDb;
let app: FastifyInstance;
let other: FastifyInstance;
let otherHandle: DbHandle | undefined;

async function newKey(name: string) {
  const created = await createApiKey(t.db, t.demo!.vendors.pfg, name);
  if (!created.ok) throw new Error('no key');
  return created.value.secret;
}

async function call(key: string, operationId: string, method: 'GET' | 'POST', url: string, payload?: unknown, through = app) {
  const res = await through.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body, headers: res.headers };
}

beforeAll(async () => {
  t = await createTestDb({ seed: true });
  app = await buildApp({ db: t.db, config: testConfig({ vendorRateLimits: limits }), logger: false });
  await app.ready();
  // a second app on connections of its own (a second process's view of the same database)
  otherHandle = t.databaseUrl ? await createDb({ databaseUrl: t.databaseUrl, poolSize: 4 }) : undefined;
  other = await buildApp({ db: otherHandle?.db ?? t.db, config: testConfig({ vendorRateLimits: limits }), logger: false });
  await other.ready();
}, 60_000);
afterAll(async () => {
  await other?.close();
  await otherHandle?.close();
  await app?.close();
  await t?.drop();
});

describe('the contract documents a rate limit on every operation', () => {
  it('each vendor operation names its policy (read, write or outbound) and answers 429 RateLimited', () => {
    const ops = Object.values<any>(vendorContract.paths).flatMap((item) => ['get', 'post', 'patch', 'put', 'delete'].flatMap((m) => (item[m] ? [[m, item[m]]] : [])));
    expect(ops.length).toBeGreaterThan(30);
    // the console's sign-in has no caller to count: it is limited per client and address like the customer's login links
    const open = ops.filter(([, op]) => op.security?.length === 0);
    expect(open.map(([, op]) => op.operationId).sort()).toEqual(['createConsoleSession', 'requestConsoleSignInLink']);
    for (const [method, op] of ops.filter(([, op]) => op.security?.length !== 0)) {
      expect(['read', 'write', 'outbound'], op.operationId).toContain(op['x-rate-limit']);
      if (method === 'get') expect(op['x-rate-limit'], op.operationId).toBe('read');
      expect(op.responses['429'], op.operationId).toEqual({ $ref: '#/components/responses/RateLimited' });
    }
  });
});

describe('counting a key’s requests', () => {
  it('every answer says the policy and what is left; the request over the quota is 429 with Retry-After and the window’s end', async () => {
    const key = await newKey('reader');
    const seen: string[] = [];
    for (let i = 0; i < limits.read; i += 1) {
      const res = await call(key, 'listLocations', 'GET', '/locations');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"read";q=5;w=60');
      seen.push(String(res.headers.ratelimit));
    }
    expect(seen.map((h) => /r=(\d+)/.exec(h)![1])).toEqual(['4', '3', '2', '1', '0']);
    for (const h of seen) expect(Number(/t=(\d+)/.exec(h)![1])).toBeGreaterThanOrEqual(1);

    const refused = await call(key, 'getVendor', 'GET', '/vendor');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorCode: 'rate_limited' });
    expect(refused.body.message).toMatch(/at most 5 a minute/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toBe(`"read";r=0;t=${retryAfter}`);

    // writes have their own quota, and another key of the same vendor its own count
    expect((await call(key, 'upsertLocations', 'POST', '/locations/batch', { locations: [{ externalId: 'RL-1', displayName: 'Rate Street' }] })).status).toBe(200);
    expect((await call(await newKey('another reader'), 'listLocations', 'GET', '/locations')).status).toBe(200);
  });

  it('a refused write does nothing (no key created by the request over the quota)', async () => {
    const key = await newKey('writer');
    const before = await t.db.selectFrom('vendorApiKeys').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const answers = [];
    for (let i = 0; i < limits.write + 2; i += 1) answers.push((await call(key, 'createApiKey', 'POST', '/keys', { name: `made ${i}` })).status);
    expect(answers).toEqual([201, 201, 201, 429, 429]);
    const after = await t.db.selectFrom('vendorApiKeys').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + limits.write);
  });

  it('what e-mails or calls out has the smallest quota (outbound), apart from the other writes', async () => {
    const key = await newKey('sender');
    const setup = await newKey('setup');
    await call(setup, 'upsertLocations', 'POST', '/locations/batch', { locations: [{ externalId: 'RL-L', displayName: 'Limit Street' }] });
    const contacts = await call(setup, 'upsertContacts', 'POST', '/contacts/batch', { contacts: [{ externalId: 'RL-C', firstName: 'Lim', lastName: 'It', locationExternalIds: ['RL-L'] }] });
    const contact = contacts.body.results[0].id as string;
    const statuses = [];
    for (let i = 0; i < limits.outbound + 1; i += 1) statuses.push((await call(key, 'createLoginLink', 'POST', `/contacts/${contact}/login-link`, { deliver: 'none' })).status);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await call(key, 'createLoginLink', 'POST', `/contacts/${contact}/login-link`, { deliver: 'none' });
    expect(refused.headers['ratelimit-policy']).toBe('"outbound";q=2;w=60');
    expect((await call(key, 'createApiKey', 'POST', '/keys', { name: 'still writes' })).status).toBe(201);
  });

  it('a new window starts afresh', async () => {
    const key = await newKey('patient');
    for (let i = 0; i < limits.read; i += 1) await call(key, 'getVendor', 'GET', '/vendor');
    expect((await call(key, 'getVendor', 'GET', '/vendor')).status).toBe(429);
    // the minute passes: the key's windows are moved into the past, as the clock would
    await sql`update vendor_rate_counts set window_start = window_start - interval '1 minute'`.execute(t.db);
    const next = await call(key, 'getVendor', 'GET', '/vendor');
    expect(next.status).toBe(200);
    expect(next.headers.ratelimit).toMatch(/^"read";r=4;t=\d+$/);
  });

  it('counted in the database: 12 requests at once through two apps on their own connections get exactly the quota', async () => {
    const key = await newKey('racer');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(key, 'getVendor', 'GET', '/vendor', undefined, i % 2 === 0 ? app : other)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits.read);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - limits.read);
    const remaining = answers.filter((a) => a.status === 200).map((a) => Number(/r=(\d+)/.exec(String(a.headers.ratelimit))![1])).sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
  });
});
