// @vitest-environment node
/**
 * Safe retries of the vendor API (server/http/idempotency.ts): every POST of the contract, sent again with its
 * Idempotency-Key, answers the first answer again (status and body, `Idempotent-Replayed: true`) and changes nothing
 * — no second link e-mailed, no second key, endpoint, delivery or row; the same key with another request answers 409
 * `idempotency_key_reused` and changes nothing; a refused request keeps no key (its retry is evaluated afresh); stored
 * answers holding a secret are sealed. On PostgreSQL, two portal processes racing with one key create one thing.
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { createDb } from '../../server/db/connect.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { insertEvent } from '../../server/repos/webhooks.js';
import { addAdjustmentMessages } from '../../server/repos/messages.js';
import { runImports } from '../../server/use-cases/vendor-http-import.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { expectMatchesVendorContract, vendorContract } from './helpers/contract.js';
import { startPortalProcess, type PortalProcess } from './helpers/portal-process.js';

let s: TestServer;
let key: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let admin: ConsolePerson;

async function call(operationId: string, method: 'GET' | 'POST', url: string, payload?: unknown, idempotencyKey?: string, contentType?: string, person?: ConsolePerson) {
  const res = await s.app.inject({
    method,
    url: `/vendor-api${url}`,
    headers: { ...(person ? person.headers : { authorization: `Bearer ${key}` }), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body, replayed: res.headers['idempotent-replayed'] };
}

async function cliKey(vendorId: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'idempotency test'], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

/** Everything the vendor has (every table with a vendor id), the outbox and the deliveries: a second write changes it. */
async function footprint(): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ tableName: string }>`select table_name from information_schema.columns
    where column_name = 'vendor_id' and table_schema = current_schema() and table_name not in ('vendor_idempotency_keys', 'vendor_sessions') order by table_name`.execute(s.db);
  const out: Record<string, string> = {};
  for (const { tableName } of tables) {
    const { rows } = await sql<{ digest: string | null; n: string }>`select md5(string_agg(t::text, ',' order by t::text)) as digest, count(*) as n
      from ${sql.table(tableName)} t where vendor_id = ${s.demo.vendors.pfg}`.execute(s.db);
    out[tableName] = `${rows[0]!.n}:${rows[0]!.digest}`;
  }
  for (const table of ['outbox', 'webhook_deliveries', 'tokens']) {
    const { rows } = await sql<{ digest: string | null; n: string }>`select md5(string_agg(t::text, ',' order by t::text)) as digest, count(*) as n
      from ${sql.table(table)} t`.execute(s.db);
    out[table] = `${rows[0]!.n}:${rows[0]!.digest}`;
  }
  return out;
}

let contactId: string;
let endpointId: string;
let secondEndpointId: string;
let eventId: string;
let scheduledGroupId: string;
let completeGroupId: string;
let disputeIds: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  key = await cliKey(s.demo.vendors.pfg);
  admin = await signInPerson(s, s.demo.vendors.pfg, 'admin');
  await call('upsertLocations', 'POST', '/locations/batch', { locations: [{ externalId: 'IK-LOC', displayName: 'Idempotent Street Cafe' }] });
  const contacts = await call('upsertContacts', 'POST', '/contacts/batch', {
    contacts: [{ externalId: 'IK-C1', firstName: 'Ida', lastName: 'Key', email: 'ida@cafe.example', locationExternalIds: ['IK-LOC'] }],
  });
  contactId = contacts.body.results[0].id;
  await call('upsertInvoices', 'POST', '/invoices/batch', {
    invoices: ['IK-1', 'IK-2'].map((externalId) => ({ externalId, locationExternalId: 'IK-LOC', displayInvNum: externalId, originalAmount: 80, openAmount: 80, dueDate: '2099-01-15', status: 'open' })),
  });
  endpointId = (await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url: 'https://hooks.example/ik' })).body.endpoint.id;
  secondEndpointId = (await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url: 'https://hooks.example/ik2' })).body.endpoint.id;
  scheduledGroupId = (await s.db.selectFrom('paymentGroups').select('id').where('vendorId', '=', s.demo.vendors.pfg).where('status', '=', 'scheduled').orderBy('id').executeTakeFirstOrThrow()).id;
  // a completed card payment the processor charged (its charge key written as settlement writes it)
  const complete = await s.db.selectFrom('paymentGroups').select(['id', 'paymentTotalCents']).where('vendorId', '=', s.demo.vendors.pfg).where('status', '=', 'complete').where('paymentTotalCents', '>', 500 as never).orderBy('id').executeTakeFirstOrThrow();
  completeGroupId = complete.id;
  await s.db.insertInto('paymentGroupCharges').values({ paymentGroupId: complete.id, attempt: 1, idempotencyKey: `pg_${complete.id}_1`, amountCents: complete.paymentTotalCents, status: 'succeeded', chargeId: 'ch_demo' }).execute();
  eventId = await insertEvent(s.db, s.demo.vendors.pfg, 'comment.added', { note: 'for redelivery' }, new Date());
  // four disputes of A's customer (as the money path writes them); the last two resolved, to be reopened
  const disputed = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.blueHeron).orderBy('id').limit(4).execute();
  await addAdjustmentMessages(s.db, disputed.map((i, n) => ({ vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId, invoiceId: i.id, reason: `ik-dispute-${n}`, notes: '', paidCents: 0 })), new Date());
  disputeIds = await Promise.all(disputed.map(async (_i, n) => (await s.db.selectFrom('messages').select('id').where('subject', '=', `ik-dispute-${n}`).executeTakeFirstOrThrow()).id));
  await s.db.updateTable('messages').set({ resolvedAt: new Date(), resolvedBy: 'setup' }).where('id', 'in', disputeIds.slice(2)).execute();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

/** Each POST of the contract: a request that does something, and another request under the same key. */
/** Until no import waits: the run after an upload's answer changes the import's row (the footprint) meanwhile. */
async function importsSettled() {
  for (let round = 0; round < 400; round++) {
    await runImports(s.db);
    const waiting = await s.db.selectFrom('vendorImports').select('id').where('status', 'in', ['receiving', 'queued', 'running']).execute();
    if (waiting.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('imports did not finish');
}

const cases = (): Record<string, { url: () => string; body: () => unknown; other: () => unknown; otherUrl?: () => string; contentType?: string; settle?: () => Promise<void>; person?: boolean }> => ({
  // people only (x-session-only): an admin signed in to the console
  inviteVendorUser: { person: true, url: () => '/users', body: () => ({ email: 'ivy@cafe.example', role: 'ar' }), other: () => ({ email: 'ivy@cafe.example', role: 'viewer' }) },
  // an upload: compared by its bytes (the file), not a JSON body
  createImport: {
    url: () => '/imports',
    contentType: 'text/csv',
    body: () => 'externalId,locationExternalId,displayInvNum,originalAmount,openAmount,status\nIK-F1,IK-LOC,IK-F1,5,5,open\n',
    other: () => 'externalId,locationExternalId,displayInvNum,originalAmount,openAmount,status\nIK-F2,IK-LOC,IK-F2,5,5,open\n',
    settle: importsSettled,
  },
  createApiKey: { url: () => '/keys', body: () => ({ name: 'ERP sync' }), other: () => ({ name: 'ERP sync 2' }) },
  upsertLocations: {
    url: () => '/locations/batch',
    body: () => ({ locations: [{ externalId: 'IK-L2', displayName: 'Second Street' }] }),
    other: () => ({ locations: [{ externalId: 'IK-L2', displayName: 'Other Street' }] }),
  },
  upsertContacts: {
    url: () => '/contacts/batch',
    body: () => ({ contacts: [{ externalId: 'IK-C2', firstName: 'Ike', lastName: 'Key', email: 'ike@cafe.example', locationExternalIds: ['IK-LOC'] }] }),
    other: () => ({ contacts: [{ externalId: 'IK-C2', firstName: 'Ike', lastName: 'Other', locationExternalIds: ['IK-LOC'] }] }),
  },
  upsertInvoices: {
    url: () => '/invoices/batch',
    body: () => ({ invoices: [{ externalId: 'IK-3', locationExternalId: 'IK-LOC', displayInvNum: 'IK-3', originalAmount: 10, openAmount: 10, dueDate: '2099-02-01', status: 'open' }] }),
    other: () => ({ invoices: [{ externalId: 'IK-3', locationExternalId: 'IK-LOC', displayInvNum: 'IK-3', originalAmount: 10, openAmount: 5, dueDate: '2099-02-01', status: 'open' }] }),
  },
  createRequest: {
    url: () => '/requests',
    body: () => ({ type: 'click2pay', contactId, locationExternalId: 'IK-LOC', invoiceExternalIds: ['IK-1', 'IK-2'], deliver: 'email' }),
    other: () => ({ type: 'click2pay', contactId, locationExternalId: 'IK-LOC', invoiceExternalIds: ['IK-1'], deliver: 'email' }),
  },
  createLoginLink: { url: () => `/contacts/${contactId}/login-link`, body: () => ({ deliver: 'none' }), other: () => ({ deliver: 'email' }) },
  createWebhookEndpoint: { url: () => '/webhook-endpoints', body: () => ({ url: 'https://hooks.example/second' }), other: () => ({ url: 'https://hooks.example/third' }) },
  redeliverEvent: { url: () => `/events/${eventId}/redeliver`, body: () => ({ endpointId }), other: () => ({}) },
  createRefund: { url: () => `/payment-groups/${completeGroupId}/refunds`, body: () => ({ amount: 1, reason: 'Goodwill.' }), other: () => ({ amount: 2, reason: 'Goodwill.' }) },
  cancelPaymentGroup: { url: () => `/payment-groups/${scheduledGroupId}/cancel`, body: () => ({ reason: 'Paid by check.' }), other: () => ({ reason: 'Another reason.' }) },
  // the call-out operation: no transaction held across the call (server/http/idempotency.ts); no body, so the other
  // request is the ping of another endpoint
  sendTestWebhook: { url: () => `/webhook-endpoints/${endpointId}/test`, body: () => undefined, other: () => undefined, otherUrl: () => `/webhook-endpoints/${secondEndpointId}/test` },
  replyToDispute: { url: () => `/disputes/${disputeIds[0]}/replies`, body: () => ({ text: 'A credit is on its way.' }), other: () => ({ text: 'Another reply.' }) },
  // no body: the other request resolves (reopens) another dispute
  resolveDispute: { url: () => `/disputes/${disputeIds[0]}/resolve`, body: () => undefined, other: () => undefined, otherUrl: () => `/disputes/${disputeIds[1]}/resolve` },
  reopenDispute: { url: () => `/disputes/${disputeIds[2]}/reopen`, body: () => undefined, other: () => undefined, otherUrl: () => `/disputes/${disputeIds[3]}/reopen` },
  rotateWebhookSecret: { url: () => `/webhook-endpoints/${endpointId}/rotate-secret`, body: () => ({ overlapHours: 1 }), other: () => ({ overlapHours: 2 }) },
  upsertAnnouncement: {
    url: () => '/announcements',
    body: () => ({ externalId: 'ik-closed', type: 'info', message: 'Closed Monday.' }),
    other: () => ({ externalId: 'ik-closed', type: 'info', message: 'Closed Tuesday.' }),
  },
  upsertAd: {
    url: () => '/ads',
    body: () => ({ externalId: 'ik-ad', image: { contentType: 'image/png', data: PNG.toString('base64') }, clickUrl: null, order: 1, duration: 5 }),
    other: () => ({ externalId: 'ik-ad', clickUrl: null, order: 2, duration: 5 }),
  },
  createTemplateMessage: {
    url: () => '/template-messages',
    body: () => ({ externalId: 'ik-msg', contactId, locationExternalId: 'IK-LOC', subject: 'Due soon', from: { firstName: 'Karen', lastName: 'O' }, content: [{ type: 'paragraph', children: [{ text: 'IK-1 is due.' }] }], invoiceExternalIds: ['IK-1'] }),
    other: () => ({ externalId: 'ik-msg-2', contactId, locationExternalId: 'IK-LOC', subject: 'Due soon', from: { firstName: 'Karen', lastName: 'O' }, content: [{ type: 'paragraph', children: [{ text: 'IK-2 is due.' }] }], invoiceExternalIds: ['IK-2'] }),
  },
});

// every POST with a caller (the console's sign-in has none: no vendor to keep a key under), but the passkey
// ceremonies: each is protected by its own single-use challenge (WebAuthn's replay protection; vendor-passkeys.test.ts)
const postOperations = Object.values<any>(vendorContract.paths).flatMap((item) =>
  item.post && item.post.security?.length !== 0 && item.post['x-idempotency'] !== 'webauthn-challenge' ? [item.post.operationId as string] : [],
);

describe('Idempotency-Key on every POST of the vendor API', () => {
  it('the contract declares the key on every POST, and the walk below has a case for each', () => {
    expect(postOperations.length).toBeGreaterThan(5);
    for (const item of Object.values<any>(vendorContract.paths)) {
      if (item.post && postOperations.includes(item.post.operationId)) expect(item.post.parameters, item.post.operationId).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    expect(Object.keys(cases()).sort()).toEqual([...postOperations].sort());
  });

  it.each(postOperations)('%s: a retry answers the first answer and does nothing; another request under the key is refused (409) and does nothing', async (operationId) => {
    const c = cases()[operationId];
    const idempotencyKey = randomUUID();
    const before = await footprint();
    const person = c.person ? admin : undefined;
    const first = await call(operationId, 'POST', c.url(), c.body(), idempotencyKey, c.contentType, person);
    expect(first.status, JSON.stringify(first.body)).toBeGreaterThanOrEqual(200);
    expect(first.status).toBeLessThan(300);
    expect(first.replayed).toBeUndefined();
    await c.settle?.();
    const done = await footprint();
    expect(done).not.toEqual(before); // the first one did something

    // the same request again, its JSON keys in another order: the first answer, nothing done
    const reordered = typeof c.body() !== 'object' ? c.body() : Object.fromEntries(Object.entries(c.body() as object).reverse());
    for (const body of [c.body(), reordered]) {
      const again = await call(operationId, 'POST', c.url(), body, idempotencyKey, c.contentType, person);
      expect(again).toEqual({ ...first, replayed: 'true' });
    }
    expect(await footprint()).toEqual(done);

    // another request under the same key: 409, nothing done
    const other = await call(operationId, 'POST', (c.otherUrl ?? c.url)(), c.other(), idempotencyKey, c.contentType, person);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ errorCode: 'idempotency_key_reused', field: 'Idempotency-Key' });
    expect(await footprint()).toEqual(done);
  });

  it('without a key a POST does its work each time (the link is e-mailed twice)', async () => {
    const body = { type: 'click2pay', contactId, locationExternalId: 'IK-LOC', invoiceExternalIds: ['IK-2'], deliver: 'email' };
    const before = await footprint();
    await call('createRequest', 'POST', '/requests', body);
    await call('createRequest', 'POST', '/requests', body);
    expect(Number((await footprint()).outbox.split(':')[0])).toBe(Number(before.outbox.split(':')[0]) + 2);
  });

  it('a refused request keeps nothing under its key: corrected and retried with the same key, it is done', async () => {
    const idempotencyKey = randomUUID();
    const refused = await call('createRequest', 'POST', '/requests', { type: 'click2pay', contactId, locationExternalId: 'IK-LOC', invoiceExternalIds: ['IK-404'], deliver: 'email' }, idempotencyKey);
    expect(refused.status).toBe(422);
    const fixed = await call('createRequest', 'POST', '/requests', { type: 'click2pay', contactId, locationExternalId: 'IK-LOC', invoiceExternalIds: ['IK-1'], deliver: 'email' }, idempotencyKey);
    expect(fixed.status).toBe(201);
    expect(fixed.replayed).toBeUndefined();
  });

  it('a malformed key is refused (400, nothing done); keys are the vendor’s own: another vendor’s same key does its own work', async () => {
    const bad = await call('createApiKey', 'POST', '/keys', { name: 'x' }, 'short');
    expect(bad.status).toBe(400);
    expect(bad.body.field.toLowerCase()).toBe('idempotency-key');
    const shared = randomUUID();
    const mine = await call('upsertAnnouncement', 'POST', '/announcements', { externalId: 'ik-shared', type: 'info', message: 'Mine.' }, shared);
    const pfgKey = key;
    key = await cliKey(s.demo.vendors.coastal);
    try {
      const theirs = await call('upsertAnnouncement', 'POST', '/announcements', { externalId: 'ik-shared', type: 'info', message: 'Mine.' }, shared);
      expect(theirs.status).toBe(201);
      expect(theirs.replayed).toBeUndefined();
      expect(theirs.body.announcement.id).not.toBe(mine.body.announcement.id);
    } finally {
      key = pfgKey;
    }
  });

  it('stored answers are sealed: a new key’s secret, a signing secret or a login link is not in the database in clear', async () => {
    const created = await call('createApiKey', 'POST', '/keys', { name: 'sealed' }, randomUUID());
    const link = await call('createLoginLink', 'POST', `/contacts/${contactId}/login-link`, { deliver: 'none' }, randomUUID());
    const { rows } = await sql<{ dump: string }>`select string_agg(t::text, ',') as dump from vendor_idempotency_keys t`.execute(s.db);
    expect(rows[0]!.dump).not.toContain(created.body.secret);
    expect(rows[0]!.dump).not.toContain(link.body.url.split('/token/')[1]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two portal processes, one Idempotency-Key, at once', () => {
  const processes: PortalProcess[] = [];
  let race: TestDb;
  let databaseUrl: string;
  beforeAll(async () => {
    // a database of its own, migrated and seeded here, so both processes start side by side
    race = await createTestDb({ seed: true });
    databaseUrl = race.databaseUrl!;
    processes.push(...(await Promise.all([startPortalProcess(databaseUrl), startPortalProcess(databaseUrl)])));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await race?.drop();
  });

  it('a request sent 8 times at once through both processes e-mails one link; every answer is the one answer', async () => {
    const handle = await createDb({ databaseUrl, poolSize: 2 });
    try {
      const lines: string[] = [];
      const vendorId = (await handle.db.selectFrom('vendors').select('id').orderBy('name').executeTakeFirstOrThrow()).id;
      await vendorCli(handle.db, ['keys', 'create', '--vendor', vendorId, '--name', 'race'], (line) => lines.push(line));
      const secret = lines.find((l) => l.startsWith('ppk_'))!;
      const post = (base: string, url: string, body: unknown, idempotencyKey?: string) =>
        fetch(`${base}/vendor-api${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
          body: JSON.stringify(body),
        });
      await post(processes[0].baseUrl, '/locations/batch', { locations: [{ externalId: 'RACE-LOC', displayName: 'Race Street' }] });
      const contact = await (await post(processes[0].baseUrl, '/contacts/batch', { contacts: [{ externalId: 'RACE-C', firstName: 'Rae', lastName: 'Ce', email: 'rae@race.example', locationExternalIds: ['RACE-LOC'] }] })).json();
      await post(processes[0].baseUrl, '/invoices/batch', { invoices: [{ externalId: 'RACE-1', locationExternalId: 'RACE-LOC', displayInvNum: 'RACE-1', originalAmount: 42, openAmount: 42, dueDate: '2099-03-01', status: 'open' }] });
      const body = { type: 'click2pay', contactId: contact.results[0].id, locationExternalId: 'RACE-LOC', invoiceExternalIds: ['RACE-1'], deliver: 'email' };
      const idempotencyKey = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const res = await post(processes[i % 2].baseUrl, '/requests', body, idempotencyKey);
          return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
      expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
      for (const a of answers) expect(a.body).toEqual(answers[0].body);
      const mails = await handle.db.selectFrom('outbox').select('recipient').where('recipient', '=', 'rae@race.example').execute();
      expect(mails).toHaveLength(1);
      expect(await handle.db.selectFrom('requests').select('id').where('contactId', '=', body.contactId).execute()).toHaveLength(1);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
