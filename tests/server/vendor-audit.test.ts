// @vitest-environment node
/**
 * The audit log: every change a key or a person makes through the vendor API is recorded once — who, what, when, from
 * which address — and nothing else is: not a refused request, not a read, not a retry answered from its
 * Idempotency-Key. Sign-ins and sign-outs are there. Rows can be neither changed nor deleted. Filters, pages and CSV.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let key: { secret: string; id: string; prefix: string };
let admin: ConsolePerson;
const headersOfKey = () => ({ authorization: `Bearer ${key.secret}`, 'user-agent': 'erp-sync/2.1' });

async function call(operationId: string, method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const res = await s.app.inject({ method: method as 'GET', url: `/vendor-api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  const body = res.body ? (json ? res.json() : res.body) : null;
  if (json) expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}
const count = async () => Number((await sql<{ n: string }>`select count(*) as n from vendor_audit_events where vendor_id = ${s.demo.vendors.pfg}`.execute(s.db)).rows[0]!.n);

beforeAll(async () => {
  s = await startTestServer();
  const created = await createApiKey(s.db, s.demo.vendors.pfg, 'ERP sync');
  if (!created.ok) throw new Error('no key');
  key = { secret: created.value.secret, id: created.value.key.id, prefix: created.value.key.prefix };
  admin = await signInPerson(s, s.demo.vendors.pfg, 'admin', 'auditor.admin@pfgcarolina.example');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('what is recorded', () => {
  it('a key’s change: the key’s prefix and name, the operation and its path, the status, the address and the agent', async () => {
    const before = await count();
    expect((await call('upsertLocations', 'POST', '/locations/batch', headersOfKey(), { locations: [{ externalId: 'AUD-1', displayName: 'Audit Street' }] })).status).toBe(200);
    expect(await count()).toBe(before + 1);
    const page = await call('listAuditEvents', 'GET', '/audit-log?limit=1', admin.headers);
    expect(page.body.events[0]).toMatchObject({
      actor: { kind: 'key', id: key.id, label: `${key.prefix} ERP sync` },
      action: 'upsertLocations',
      method: 'POST',
      path: '/vendor-api/locations/batch',
      status: 200,
      ip: '127.0.0.1',
      userAgent: 'erp-sync/2.1',
    });
  });

  it('a person’s change and sign-in: the person’s address; reads, refusals and replays are not recorded', async () => {
    const before = await count();
    await call('listInvoices', 'GET', '/invoices?limit=1', admin.headers);
    await call('upsertLocations', 'POST', '/locations/batch', headersOfKey(), { locations: [{ externalId: '', displayName: 'x' }] }); // 400
    await call('getInvoice', 'DELETE', `/keys/${randomUUID()}`, admin.headers); // 404
    await call('upsertLocations', 'POST', '/locations/batch', { cookie: admin.headers.cookie }, { locations: [{ externalId: 'AUD-2', displayName: 'x' }] }); // 403 origin
    expect(await count()).toBe(before);

    const idempotencyKey = randomUUID();
    const made = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { ...admin.headers, 'idempotency-key': idempotencyKey }, { url: 'https://hooks.example/audit' });
    expect(made.status).toBe(201);
    await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { ...admin.headers, 'idempotency-key': idempotencyKey }, { url: 'https://hooks.example/audit' });
    expect(await count()).toBe(before + 1);
    const [last] = (await call('listAuditEvents', 'GET', '/audit-log?limit=1', admin.headers)).body.events;
    expect(last).toMatchObject({ actor: { kind: 'person', id: admin.userId, label: 'auditor.admin@pfgcarolina.example' }, action: 'createWebhookEndpoint', status: 201 });

    const signIns = (await call('listAuditEvents', 'GET', `/audit-log?actorId=${admin.userId}&action=createConsoleSession`, admin.headers)).body.events;
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ method: 'POST', path: '/vendor-api/session', status: 201 });
  });

  it('a change that calls out (the webhook test) is recorded too', async () => {
    const endpoint = (await call('listWebhookEndpoints', 'GET', '/webhook-endpoints', admin.headers)).body.endpoints[0];
    const before = await count();
    const res = await call('sendTestWebhook', 'POST', `/webhook-endpoints/${endpoint.id}/test`, admin.headers);
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('rows can be neither changed nor deleted', async () => {
    await expect(sql`update vendor_audit_events set actor_label = 'someone else'`.execute(s.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from vendor_audit_events`.execute(s.db)).rejects.toThrow(/append-only/);
  });
});

describe('reading it', () => {
  it('pages newest first without gaps or repeats, filters by who, what and when, and exports the same as CSV', async () => {
    for (let i = 0; i < 5; i++) await call('upsertLocations', 'POST', '/locations/batch', headersOfKey(), { locations: [{ externalId: `AUD-P${i}`, displayName: `Page ${i}` }] });
    const all = (await call('listAuditEvents', 'GET', '/audit-log?limit=1000', admin.headers)).body.events as { id: string; action: string; actor: { id: string } }[];
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { events: { id: string }[]; cursor: string | null; hasMore: boolean } } = await call('listAuditEvents', 'GET', `/audit-log?limit=3${cursor ? `&cursor=${cursor}` : ''}`, admin.headers);
      ids.push(...page.body.events.map((e) => e.id));
      cursor = page.body.hasMore ? page.body.cursor : null;
    } while (cursor);
    expect(ids).toEqual(all.map((e) => e.id));
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a));

    const byKey = (await call('listAuditEvents', 'GET', `/audit-log?actorId=${key.id}&action=upsertLocations`, admin.headers)).body.events;
    expect(byKey.length).toBe(6);
    expect(byKey.every((e: { actor: { id: string }; action: string }) => e.actor.id === key.id && e.action === 'upsertLocations')).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await call('listAuditEvents', 'GET', `/audit-log?since=${encodeURIComponent(future)}`, admin.headers)).body.events).toEqual([]);
    expect((await call('listAuditEvents', 'GET', `/audit-log?since=${encodeURIComponent(future)}&until=${encodeURIComponent(new Date(0).toISOString())}`, admin.headers)).status).toBe(400);

    const csv = await call('exportAuditEventsCsv', 'GET', `/audit-log.csv?actorId=${key.id}`, admin.headers);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actorKind,actorId,actor,action,method,path,status,ip,userAgent');
    expect(lines).toHaveLength(byKey.length + 1);
    expect(lines[1]).toContain(`key,${key.id},${key.prefix} ERP sync,upsertLocations,POST,/vendor-api/locations/batch,200`);
  });

  it('a full key reads it (a SIEM can export it); an AR clerk may not', async () => {
    expect((await call('listAuditEvents', 'GET', '/audit-log?limit=1', headersOfKey())).status).toBe(200);
    const clerk = await signInPerson(s, s.demo.vendors.pfg, 'ar');
    expect((await call('listAuditEvents', 'GET', '/audit-log', clerk.headers)).body.errorCode).toBe('role_forbidden');
  });
});
