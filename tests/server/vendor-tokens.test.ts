// @vitest-environment node
/**
 * The power of every token a vendor is handed or causes to be sent: the demo contact is a customer of two vendors (A:
 * Performance Foodservice, B: Coastal Produce). A token minted through A's key — a login link (`deliver: none`) and a
 * request of every type — opens the portal as that person at A only. Walked operation by operation from
 * openapi/portal.yaml with B's ids in every path: no answer is a success, none carries B's data, nothing of B's changes;
 * the lists that name no vendor (`/vendors`, `/requests`) hold A's part alone. A new portal operation is walked without
 * a new case (the walk reads the contract).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { contract, expectMatchesContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string;
const tokens: Record<string, string> = {};
/** B's ids, by the path parameter that names them */
const b: Record<string, string> = {};

async function vendorCall(method: string, url: string, payload?: unknown) {
  const res = await s.app.inject({ method: method as 'POST', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${keyA}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

const tokenOf = (url: string) => url.split('/token/')[1]!;

/** B's rows in every table that has a vendor: any write of the portal under B would change this */
async function bFootprint() {
  const { rows: tables } = await sql<{ tableName: string }>`select table_name from information_schema.columns
    where column_name = 'vendor_id' and table_schema = current_schema() order by table_name`.execute(s.db);
  const footprint: Record<string, string> = {};
  for (const { tableName: table_name } of tables) {
    const { rows } = await sql<{ digest: string | null; n: string }>`select md5(string_agg(t::text, ',' order by t::text)) as digest, count(*) as n
      from ${sql.table(table_name)} t where vendor_id = ${s.demo.vendors.coastal}`.execute(s.db);
    footprint[table_name] = `${rows[0]!.n}:${rows[0]!.digest}`;
  }
  return footprint;
}

beforeAll(async () => {
  s = await startTestServer();
  const created = await createApiKey(s.db, s.demo.vendors.pfg, 'tokens');
  if (!created.ok) throw new Error('no key');
  keyA = created.value.secret;
  await s.db.updateTable('locations').set({ externalId: 'A-BH' }).where('id', '=', s.demo.locations.blueHeron).execute();
  const contactId = s.demo.contactId;

  const login = await vendorCall('POST', `/contacts/${contactId}/login-link`, { deliver: 'none' });
  expect(login.status, JSON.stringify(login.body)).toBe(201);
  tokens.login = tokenOf(login.body.url);
  const openA = await s.db.selectFrom('invoices').select('externalId').where('locationId', '=', s.demo.locations.blueHeron).where('payable', '=', true).where('deletedAt', 'is', null).executeTakeFirstOrThrow();
  const requests = [
    { type: 'click2pay', invoiceExternalIds: [openA.externalId] },
    { type: 'autopay' },
    { type: 'paymentplan', plan: { name: 'Winter', startDate: '2027-01-04', frequency: 'monthly', totalAmount: 100, eachAmount: 25 } },
    { type: 'statement' },
  ];
  for (const request of requests) {
    const res = await vendorCall('POST', '/requests', { ...request, contactId, locationExternalId: 'A-BH', deliver: 'none' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tokens[request.type] = tokenOf(res.body.url);
  }

  const coastal = s.demo.vendors.coastal;
  b.vendorId = coastal;
  b.locationId = s.demo.locations.coastalBlueHeron;
  const any = async (table: 'invoices' | 'payment_methods' | 'payment_groups' | 'autopays' | 'payment_plans' | 'reminder_campaigns' | 'statement_deliveries' | 'requests') =>
    (await sql<{ id: string }>`select id from ${sql.table(table)} where vendor_id = ${coastal} limit 1`.execute(s.db)).rows[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  b.invoiceId = await any('invoices');
  b.externalId = ((await s.db.selectFrom('invoices').select('externalId').where('vendorId', '=', coastal).executeTakeFirst())?.externalId) ?? 'x';
  b.paymentMethodId = await any('payment_methods');
  b.paymentGroupId = await any('payment_groups');
  b.autopayId = await any('autopays');
  b.planId = await any('payment_plans');
  b.campaignId = await any('reminder_campaigns');
  b.deliveryId = await any('statement_deliveries');
  b.requestId = await any('requests');
  b.fileId = '00000000-0000-4000-8000-000000000000';
});
afterAll(async () => {
  await s?.close();
});

/** The portal's operations, with their method, path and request body schema, read from the contract. */
function portalOperations() {
  const ops: Array<{ operationId: string; method: string; path: string; hasBody: boolean; query: string[] }> = [];
  for (const [path, item] of Object.entries<any>(contract.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => (p.$ref ? contract.components.parameters[p.$ref.split('/').pop()] : p));
      const query = params.filter((p: any) => p.in === 'query' && p.required).map((p: any) => p.name as string);
      ops.push({ operationId: op.operationId, method: method.toUpperCase(), path, hasBody: Boolean(op.requestBody), query });
    }
  }
  return ops;
}

/** a body that names B wherever the schema could take a vendor, location or invoice */
const bodyFor = () => ({ vendorId: b.vendorId, locationId: b.locationId, invoiceIds: [b.invoiceId], paymentMethodId: b.paymentMethodId, epaVersion: '1' });

describe('a token minted through vendor A’s key, walked over the portal with vendor B’s ids', () => {
  const scoped = portalOperations().filter((op) => op.path.includes('{vendorId}'));

  it('the walk covers the portal', () => {
    expect(scoped.length).toBeGreaterThan(40);
  });

  for (const kind of ['login', 'click2pay', 'autopay', 'paymentplan', 'statement']) {
    it(`${kind} link: no operation under B answers with B's data or changes anything of B's`, async () => {
      const token = tokens[kind]!;
      const before = await bFootprint();
      const crossed: string[] = [];
      for (const op of scoped) {
        const query = op.query.map((name) => `${name}=${encodeURIComponent(b[name] ?? b.invoiceId!)}`).join('&');
        const url = '/api' + op.path.replace(/\{(\w+)\}/g, (_m, name: string) => b[name] ?? b.invoiceId!) + (query ? `?${query}` : '');
        const res = await s.app.inject({ method: op.method as 'GET', url, headers: s.auth(token), ...(op.hasBody ? { payload: bodyFor() } : {}) });
        // 404 (the scope) — or 400 when the body we sent is not one the operation takes (refused before the scope)
        const allowed = op.hasBody ? [400, 404] : [404];
        if (!allowed.includes(res.statusCode)) crossed.push(`${op.operationId} ${op.method} ${url} → ${res.statusCode}`);
      }
      expect(crossed).toEqual([]);
      expect(await bFootprint()).toEqual(before);
    });

    it(`${kind} link: the lists that name no vendor hold A's part only, and A's own pages answer`, async () => {
      const token = tokens[kind]!;
      const vendors = await s.app.inject({ url: '/api/vendors', headers: s.auth(token) });
      expect(vendors.statusCode).toBe(200);
      expectMatchesContract('listVendors', 200, vendors.json());
      expect(vendors.json().vendors.map((v: { id: string }) => v.id)).toEqual([s.demo.vendors.pfg]);
      const requests = await s.app.inject({ url: '/api/requests', headers: s.auth(token) });
      expect(requests.statusCode).toBe(200);
      expect(requests.json().requests.length).toBeGreaterThan(0);
      for (const request of requests.json().requests) expect(request.vendorId).toBe(s.demo.vendors.pfg);
      const plan = await s.app.inject({ method: 'POST', url: '/api/paymentplans', headers: s.auth(token), payload: { vendorId: b.vendorId, paymentMethodId: b.paymentMethodId, epaVersion: '1' } });
      expect([400, 404]).toContain(plan.statusCode);
      const own = await s.app.inject({ url: `/api/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}/invoices`, headers: s.auth(token) });
      expect(own.statusCode).toBe(200);
      const locations = await s.app.inject({ url: `/api/vendors/${s.demo.vendors.pfg}/locations`, headers: s.auth(token) });
      expect(locations.statusCode).toBe(200);
    });
  }

  it('a link the person asked for with their own address still reaches both of their vendors', async () => {
    const own = await s.token({});
    const vendors = await s.app.inject({ url: '/api/vendors', headers: s.auth(own) });
    expect(vendors.json().vendors.map((v: { id: string }) => v.id).sort()).toEqual([s.demo.vendors.pfg, s.demo.vendors.coastal].sort());
    const bInvoices = await s.app.inject({ url: `/api/vendors/${b.vendorId}/locations/${b.locationId}/invoices`, headers: s.auth(own) });
    expect(bInvoices.statusCode).toBe(200);
  });

  it('vendor A reads the shared contact it sends links to (the one rule of which contacts a vendor reaches)', async () => {
    const res = await vendorCall('GET', `/contacts/${s.demo.contactId}`);
    expect(res.status).toBe(200);
    expect(res.body.externalId).toBeNull();
    expect(res.body.locationIds).toContain(s.demo.locations.blueHeron);
    expect(res.body.locationIds).not.toContain(b.locationId);
  });
});
