// @vitest-environment node
/**
 * Keys that only read and keys that expire: a read-only key calls the operations the contract marks
 * `x-read-only-key` (the reconciliation feed, the events, the vendor) and every other operation of the contract
 * answers 403 `read_only_key` before anything is done; an expired key is refused like a revoked one (401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract, vendorContract } from './helpers/contract.js';

let s: TestServer;
let full: string;

async function call(operationId: string, method: string, url: string, key: string, payload?: unknown) {
  const res = await s.app.inject({ method: method as 'GET', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  const body = res.body ? (json ? res.json() : res.body) : null;
  if (json) expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  s = await startTestServer();
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', s.demo.vendors.pfg, '--name', 'full'], (line) => lines.push(line));
  full = lines.find((l) => l.startsWith('ppk_'))!;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const FAKE = '00000000-0000-4000-8000-000000000000';
const operations = Object.entries<any>(vendorContract.paths).flatMap(([path, item]) =>
  ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) =>
    // every operation a key may call (the console's sign-in has no caller)
    item[method] && item[method].security?.length !== 0
      ? [{ operationId: item[method].operationId as string, method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, FAKE), reads: item[method]['x-read-only-key'] === true, people: item[method]['x-session-only'] === true }]
      : [],
  ),
);

describe('a read-only key', () => {
  let read: string;
  beforeAll(async () => {
    const created = await call('createApiKey', 'POST', '/keys', full, { name: 'BI tool', access: 'read' });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatchObject({ access: 'read', expiresAt: null });
    read = created.body.secret;
  });

  it('reads the reconciliation feed, its CSV and the events', async () => {
    expect((await call('listPaymentGroups', 'GET', '/payment-groups', read)).status).toBe(200);
    expect((await call('exportPaymentGroupsCsv', 'GET', '/payment-groups.csv', read)).status).toBe(200);
    expect((await call('listEvents', 'GET', '/events', read)).status).toBe(200);
    expect((await call('getVendor', 'GET', '/vendor', read)).status).toBe(200);
  });

  it.each(operations.filter((op) => !op.reads).map((op) => [op.operationId, op] as const))('%s: 403 read_only_key (session_only for the console’s people operations), nothing done', async (_id, op) => {
    const res = await call(op.operationId, op.method, op.url, read, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: op.people ? 'session_only' : 'read_only_key' });
  });

  it.each(operations.filter((op) => op.people).map((op) => [op.operationId, op] as const))('%s: a full key is refused too (403 session_only): the team and sessions are people’s', async (_id, op) => {
    const res = await call(op.operationId, op.method, op.url, full, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: 'session_only' });
  });

  it('the operations marked for it are the feed, the refunds, the events and the vendor — and a key made with the CLI’s --read-only is one', async () => {
    expect(operations.filter((op) => op.reads).map((op) => op.operationId).sort()).toEqual(['exportPaymentGroupsCsv', 'getEvent', 'getOverview', 'getPaymentGroup', 'getRefund', 'getVendor', 'listEvents', 'listPaymentGroupRefunds', 'listPaymentGroups']);
    const lines: string[] = [];
    await vendorCli(s.db, ['keys', 'create', '--vendor', s.demo.vendors.pfg, '--name', 'cli read', '--read-only'], (line) => lines.push(line));
    const cliRead = lines.find((l) => l.startsWith('ppk_'))!;
    expect(lines[0]).toMatch(/^Read-only key ppk_/);
    expect((await call('listInvoices', 'GET', '/invoices', cliRead)).status).toBe(403);
    expect((await call('listEvents', 'GET', '/events', cliRead)).status).toBe(200);
  });
});

describe('a key that expires', () => {
  it('works until its moment, then is refused like a revoked key; a moment in the past is refused at creation', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call('createApiKey', 'POST', '/keys', full, { name: 'temp', expiresAt });
    expect(created.body.key.expiresAt).toBe(expiresAt);
    const temp = created.body.secret as string;
    expect((await call('getVendor', 'GET', '/vendor', temp)).status).toBe(200);
    // its moment comes
    await s.db.updateTable('vendorApiKeys').set({ expiresAt: new Date(Date.now() - 1000) }).where('id', '=', created.body.key.id).execute();
    const refused = await call('getVendor', 'GET', '/vendor', temp);
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('invalid');
    const past = await call('createApiKey', 'POST', '/keys', full, { name: 'late', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.field).toBe('expiresAt');
  });
});
