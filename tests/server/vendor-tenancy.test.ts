// @vitest-environment node
/**
 * Tenancy of the vendor API, operation by operation from the contract: a key of vendor A naming any record of vendor B
 * — a location, contact, invoice, key, webhook endpoint, event, payment group, announcement, ad or template message,
 * in a path or in a query — is answered 404 (or, for a list filtered by B's id, an empty list), never B's data, and
 * changes nothing of B's. Every operation of openapi/vendor.yaml that takes an id must have its case here: a new one
 * without fails the last test. The same walk runs twice: with A's key, and with the console session of A's admin (the
 * role that may call everything), whose cases add the team's operations (people only) on B's people.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { recordEvent } from '../../server/use-cases/vendor-events.js';
import { addAdjustmentMessages } from '../../server/repos/messages.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { expectMatchesVendorContract, vendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string; // Performance Foodservice – Carolina
let keyB: string; // Coastal Produce Co.
const b: Record<string, string> = {}; // vendor B's ids by kind

async function key(vendorId: string) {
  const created = await createApiKey(s.db, vendorId, 'tenancy');
  if (!created.ok) throw new Error('no key');
  return created.value;
}

let personA: ConsolePerson; // an admin of A, signed in to the console
let personB: ConsolePerson; // an admin of B

/** As a key (its secret) or as a person signed in to the console. */
async function call(operationId: string, method: string, url: string, caller: string | ConsolePerson, payload?: unknown) {
  const res = await s.app.inject({
    method: method as 'GET',
    url: `/vendor-api${url}`,
    headers: typeof caller === 'string' ? { authorization: `Bearer ${caller}` } : caller.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  const body = res.body ? (json ? res.json() : res.body) : null;
  if (json) expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  s = await startTestServer();
  keyA = (await key(s.demo.vendors.pfg)).secret;
  const bKey = await key(s.demo.vendors.coastal);
  keyB = bKey.secret;
  b.key = bKey.key.id;
  personA = await signInPerson(s, s.demo.vendors.pfg, 'admin');
  personB = await signInPerson(s, s.demo.vendors.coastal, 'admin');
  b.user = personB.userId;
  // a passkey of vendor B's person (its id is what an attacker would name)
  b.passkey = (
    await s.db.insertInto('vendorPasskeys').values({ userId: personB.userId, credentialId: `tenancy-${Date.now()}`, publicKey: Buffer.alloc(77, 1), counter: 0, transports: '[]', name: 'B laptop' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  b.location = s.demo.locations.coastalBlueHeron;
  // a contact and an invoice of B's own, loaded through B's key
  await call('upsertLocations', 'POST', '/locations/batch', keyB, { locations: [{ externalId: 'B-LOC', displayName: 'Coastal store' }] });
  b.contact = (await call('upsertContacts', 'POST', '/contacts/batch', keyB, { contacts: [{ externalId: 'B-C', firstName: 'Bea', lastName: 'Coastal', email: 'bea@example.com', locationExternalIds: ['B-LOC'] }] })).body.results[0].id;
  b.invoice = (await call('upsertInvoices', 'POST', '/invoices/batch', keyB, { invoices: [{ externalId: 'B-INV', locationExternalId: 'B-LOC', displayInvNum: 'B-1', originalAmount: 10, openAmount: 10, status: 'open' }] })).body.results[0].id;
  b.endpoint = (await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', keyB, { url: 'https://coastal.example/hooks' })).body.endpoint.id;
  b.event = await s.db.transaction().execute((trx) => recordEvent(trx, s.demo.vendors.coastal, 'reminder.added', { note: 'B only' }));
  b.paymentGroup = (await s.db.selectFrom('paymentGroups').select('id').where('vendorId', '=', s.demo.vendors.coastal).executeTakeFirstOrThrow()).id;
  b.refund = (
    await s.db
      .insertInto('refunds')
      .values({ id: randomUUID(), vendorId: s.demo.vendors.coastal, paymentGroupId: b.paymentGroup, amountCents: 100, lines: JSON.stringify([]), reason: 'B only', idempotencyKey: `rf_b_${randomUUID()}`, sendOn: '2026-12-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // a dispute of B's customer (as the money path writes it)
  await addAdjustmentMessages(s.db, [{ vendorId: s.demo.vendors.coastal, locationId: b.location, contactId: s.demo.contactId, invoiceId: (await s.db.selectFrom('invoices').select('id').where('vendorId', '=', s.demo.vendors.coastal).where('locationId', '=', b.location).executeTakeFirstOrThrow()).id, reason: 'B only', notes: '', paidCents: 0 }], new Date());
  b.dispute = (await s.db.selectFrom('messages').select('id').where('vendorId', '=', s.demo.vendors.coastal).where('subject', '=', 'B only').executeTakeFirstOrThrow()).id;
  b.import = (await s.db.insertInto('vendorImports').values({ vendorId: s.demo.vendors.coastal, kind: 'invoices', format: 'csv', createdAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  b.announcement = (await s.db.insertInto('announcements').values({ vendorId: s.demo.vendors.coastal, type: 'info', message: 'B only' } as never).returning('id').executeTakeFirstOrThrow()).id;
  b.ad = (await s.db.insertInto('ads').values({ vendorId: s.demo.vendors.coastal, fileUrl: '/static/ads/b.png', clickUrl: null }).returning('fileId').executeTakeFirstOrThrow()).fileId;
  b.templateMessage = (
    await s.db
      .insertInto('templateMessages')
      .values({ vendorId: s.demo.vendors.coastal, locationId: b.location, contactId: s.demo.contactId, subject: 'B only', richContent: JSON.stringify([]), invoiceIds: JSON.stringify([]) } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await s?.close();
});

interface Case {
  operationId: string;
  method: string;
  url: () => string;
  body?: () => unknown;
  /** what A must get: 404, an empty list at this property, or a CSV of its header alone */
  expect: 404 | { empty: string } | 'csv header only';
  /** people only (x-session-only): walked with the session, not the key */
  people?: true;
}

const cases: Case[] = [
  { operationId: 'revokeApiKey', method: 'DELETE', url: () => `/keys/${b.key}`, expect: 404 },
  { operationId: 'getLocation', method: 'GET', url: () => `/locations/${b.location}`, expect: 404 },
  { operationId: 'getLocationAccount', method: 'GET', url: () => `/locations/${b.location}/account`, expect: 404 },
  { operationId: 'getContact', method: 'GET', url: () => `/contacts/${b.contact}`, expect: 404 },
  { operationId: 'createLoginLink', method: 'POST', url: () => `/contacts/${b.contact}/login-link`, body: () => ({ deliver: 'none' }), expect: 404 },
  { operationId: 'getInvoice', method: 'GET', url: () => `/invoices/${b.invoice}`, expect: 404 },
  { operationId: 'getInvoiceJourney', method: 'GET', url: () => `/invoice-journeys/${b.invoice}`, expect: 404 },
  { operationId: 'getInvoiceByExternalId', method: 'GET', url: () => '/invoices/by-external-id/B-INV', expect: 404 },
  { operationId: 'listLocations', method: 'GET', url: () => '/locations?externalId=B-LOC', expect: { empty: 'locations' } },
  { operationId: 'listContacts', method: 'GET', url: () => `/contacts?locationId=${b.location}&externalId=B-C`, expect: { empty: 'contacts' } },
  { operationId: 'listInvoices', method: 'GET', url: () => `/invoices?locationId=${b.location}`, expect: { empty: 'invoices' } },
  { operationId: 'createRequest', method: 'POST', url: () => '/requests', body: () => ({ type: 'statement', contactId: b.contact, locationExternalId: 'B-LOC', deliver: 'none' }), expect: 404 },
  { operationId: 'createRequest', method: 'POST', url: () => '/requests', body: () => ({ type: 'statement', contactId: b.contact, locationId: b.location, deliver: 'none' }), expect: 404 },
  { operationId: 'getWebhookEndpoint', method: 'GET', url: () => `/webhook-endpoints/${b.endpoint}`, expect: 404 },
  { operationId: 'updateWebhookEndpoint', method: 'PATCH', url: () => `/webhook-endpoints/${b.endpoint}`, body: () => ({ enabled: false }), expect: 404 },
  { operationId: 'rotateWebhookSecret', method: 'POST', url: () => `/webhook-endpoints/${b.endpoint}/rotate-secret`, body: () => ({}), expect: 404 },
  { operationId: 'sendTestWebhook', method: 'POST', url: () => `/webhook-endpoints/${b.endpoint}/test`, expect: 404 },
  { operationId: 'listWebhookAttempts', method: 'GET', url: () => `/webhook-endpoints/${b.endpoint}/attempts`, expect: 404 },
  { operationId: 'deleteWebhookEndpoint', method: 'DELETE', url: () => `/webhook-endpoints/${b.endpoint}`, expect: 404 },
  { operationId: 'getEvent', method: 'GET', url: () => `/events/${b.event}`, expect: 404 },
  { operationId: 'redeliverEvent', method: 'POST', url: () => `/events/${b.event}/redeliver`, body: () => ({}), expect: 404 },
  { operationId: 'getPaymentGroup', method: 'GET', url: () => `/payment-groups/${b.paymentGroup}`, expect: 404 },
  { operationId: 'createRefund', method: 'POST', url: () => `/payment-groups/${b.paymentGroup}/refunds`, body: () => ({ reason: 'not yours' }), expect: 404 },
  { operationId: 'listPaymentGroupRefunds', method: 'GET', url: () => `/payment-groups/${b.paymentGroup}/refunds`, expect: 404 },
  { operationId: 'getRefund', method: 'GET', url: () => `/refunds/${b.refund}`, expect: 404 },
  { operationId: 'getDispute', method: 'GET', url: () => `/disputes/${b.dispute}`, expect: 404 },
  { operationId: 'replyToDispute', method: 'POST', url: () => `/disputes/${b.dispute}/replies`, body: () => ({ text: 'not yours' }), expect: 404 },
  { operationId: 'resolveDispute', method: 'POST', url: () => `/disputes/${b.dispute}/resolve`, expect: 404 },
  { operationId: 'reopenDispute', method: 'POST', url: () => `/disputes/${b.dispute}/reopen`, expect: 404 },
  { operationId: 'getImport', method: 'GET', url: () => `/imports/${b.import}`, expect: 404 },
  { operationId: 'cancelPaymentGroup', method: 'POST', url: () => `/payment-groups/${b.paymentGroup}/cancel`, body: () => ({ reason: 'not yours' }), expect: 404 },
  { operationId: 'listPaymentGroups', method: 'GET', url: () => `/payment-groups?locationId=${b.location}`, expect: { empty: 'paymentGroups' } },
  { operationId: 'exportPaymentGroupsCsv', method: 'GET', url: () => `/payment-groups.csv?locationId=${b.location}`, expect: 'csv header only' },
  { operationId: 'listTemplateMessages', method: 'GET', url: () => `/template-messages?contactId=${b.contact}`, expect: { empty: 'templateMessages' } },
  { operationId: 'deleteAnnouncement', method: 'DELETE', url: () => `/announcements?id=${b.announcement}`, expect: 404 },
  { operationId: 'deleteAd', method: 'DELETE', url: () => `/ads?id=${b.ad}`, expect: 404 },
  { operationId: 'deleteTemplateMessage', method: 'DELETE', url: () => `/template-messages?id=${b.templateMessage}`, expect: 404 },
  { operationId: 'listAuditEvents', method: 'GET', url: () => `/audit-log?actorId=${b.user}`, expect: { empty: 'events' } },
  { operationId: 'exportAuditEventsCsv', method: 'GET', url: () => `/audit-log.csv?actorId=${b.user}`, expect: 'csv header only' },
  { operationId: 'updateVendorUser', method: 'PATCH', url: () => `/users/${b.user}`, body: () => ({ role: 'viewer' }), expect: 404, people: true },
  { operationId: 'removeVendorUser', method: 'DELETE', url: () => `/users/${b.user}`, expect: 404, people: true },
  // a person's passkeys are their own: another vendor's (or another person's) is not found
  { operationId: 'deletePasskey', method: 'DELETE', url: () => `/session/passkeys/${b.passkey}`, expect: 404, people: true },
];

const callers: [string, () => string | ConsolePerson, Case[]][] = [
  ['a key of vendor A', () => keyA, cases.filter((c) => !c.people)],
  ['an admin of vendor A signed in to the console', () => personA, cases],
];

describe.each(callers)('%s naming vendor B’s records', (_who, callerA, walk) => {
  it.each(walk.map((c) => [c.operationId, c] as const))('%s', async (_name, c) => {
    const res = await call(c.operationId, c.method, c.url(), callerA(), c.body?.());
    if (c.expect === 'csv header only') {
      expect(res.status).toBe(200);
      expect(String(res.body).trim().split(/\r?\n/), String(res.body)).toHaveLength(1);
    } else if (c.expect === 404) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.errorCode).toBe('not_found');
    } else {
      expect(res.status).toBe(200);
      expect(res.body[c.expect.empty], JSON.stringify(res.body)).toEqual([]);
    }
  });

  it('left every record of B as it was (B still reads and uses them)', async () => {
    expect((await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${b.endpoint}`, keyB)).body.enabled).toBe(true);
    expect((await call('getInvoice', 'GET', `/invoices/${b.invoice}`, keyB)).status).toBe(200);
    expect((await call('getEvent', 'GET', `/events/${b.event}`, keyB)).status).toBe(200);
    expect((await call('getVendor', 'GET', '/vendor', keyB)).status).toBe(200); // B's key was not revoked
    expect(await s.db.selectFrom('announcements').select('id').where('id', '=', b.announcement).executeTakeFirst()).toBeDefined();
    expect(await s.db.selectFrom('ads').select('fileId').where('fileId', '=', b.ad).executeTakeFirst()).toBeDefined();
    expect(await s.db.selectFrom('templateMessages').select('id').where('id', '=', b.templateMessage).executeTakeFirst()).toBeDefined();
    // B's admin is still an admin, still signed in
    expect((await call('getConsoleSession', 'GET', '/session', personB)).body.user).toMatchObject({ id: b.user, role: 'admin' });
  });

  it('A’s own lists hold none of B’s records', async () => {
    const everything = JSON.stringify(
      await Promise.all([
        call('listApiKeys', 'GET', '/keys', callerA()),
        call('listLocations', 'GET', '/locations?limit=1000', callerA()),
        call('listContacts', 'GET', '/contacts?limit=1000', callerA()),
        call('listInvoices', 'GET', '/invoices?limit=1000', callerA()),
        call('listWebhookEndpoints', 'GET', '/webhook-endpoints', callerA()),
        call('listEvents', 'GET', '/events?limit=1000', callerA()),
        call('listPaymentGroups', 'GET', '/payment-groups?limit=1000', callerA()),
        call('listAnnouncements', 'GET', '/announcements', callerA()),
        call('listAds', 'GET', '/ads', callerA()),
        call('listTemplateMessages', 'GET', '/template-messages?limit=1000', callerA()),
        call('listAuditEvents', 'GET', '/audit-log?limit=1000', callerA()),
        typeof callerA() === 'string' ? null : call('listVendorUsers', 'GET', '/users', callerA()),
        typeof callerA() === 'string' ? null : call('getConsoleSession', 'GET', '/session', callerA()),
      ]),
    );
    for (const [kind, id] of Object.entries(b)) expect(everything, kind).not.toContain(id);
  });

  it('every operation that names a record by id has its case above', () => {
    const named: string[] = [];
    for (const item of Object.values<any>(vendorContract.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const op = item[method];
        if (!op) continue;
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
          p.$ref ? vendorContract.components.parameters[p.$ref.split('/').pop()] : p,
        );
        const takesId = params.some((p: any) => p.in === 'path' || (p.in === 'query' && /(^id$|Id$)/.test(p.name)));
        if (takesId) named.push(op.operationId);
      }
    }
    const covered = new Set(cases.map((c) => c.operationId));
    expect(named.filter((id) => !covered.has(id))).toEqual([]);
  });
});
