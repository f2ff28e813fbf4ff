// @vitest-environment node
/**
 * The vendor API (openapi/vendor.yaml) as a vendor's integration meets it: keys from the CLI and the API (only hashes
 * stored, a revoked key refused on the next request), locations, contacts and invoices loaded by the vendor's own ids
 * (the same batch twice changes nothing), bad input refused whole, another vendor's ids not found, and what a closed
 * invoice does to a payment the customer scheduled. Every answer is checked against the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string; // a key of the demo vendor (Performance Foodservice – Carolina)
let keyB: string; // a key of the other demo vendor (Coastal Produce Co.)

async function cliKey(vendorId: string, name: string): Promise<{ secret: string; lines: string[] }> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', name], (line) => lines.push(line));
  const secret = lines.find((l) => l.startsWith('ppk_'));
  if (!secret) throw new Error(`no key printed: ${lines.join('\n')}`);
  return { secret, lines };
}

type Method = 'GET' | 'POST' | 'DELETE';
async function call(operationId: string, method: Method, url: string, key: string | null, payload?: unknown) {
  const res = await s.app.inject({
    method,
    url: `/vendor-api${url}`,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body, headers: res.headers };
}

const location = (externalId: string, displayName = `Store ${externalId}`) => ({
  externalId,
  displayName,
  address: { addressLine1: '12 Market St', city: 'Charleston', state: 'SC', postalCode: '29401' },
  paymentConfigs: [
    { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' },
    { provider: 'priority-ach', type: 'ACH', serviceFee: null },
  ],
});

const invoice = (externalId: string, locationExternalId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  externalId,
  locationExternalId,
  displayInvNum: externalId.toUpperCase(),
  originalAmount: amount,
  openAmount: amount,
  dueDate: '2026-12-20',
  externalInvoiceDate: '2026-11-20',
  poRefId: null,
  shipTo: { id: '7', name: 'Back dock' },
  status: 'open',
  ...extra,
});

async function counts() {
  const [locations, contacts, invoices] = await Promise.all([
    s.db.selectFrom('locations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    s.db.selectFrom('contacts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    s.db.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { locations: Number(locations.n), contacts: Number(contacts.n), invoices: Number(invoices.n) };
}

beforeAll(async () => {
  s = await startTestServer();
  keyA = (await cliKey(s.demo.vendors.pfg, 'ERP sync')).secret;
  keyB = (await cliKey(s.demo.vendors.coastal, 'Coastal books')).secret;
});
afterAll(async () => {
  await s?.close();
});

describe('keys', () => {
  it('the CLI prints a key once; the database keeps only its hash and its visible prefix', async () => {
    const { secret, lines } = await cliKey(s.demo.vendors.pfg, 'one-off');
    expect(secret).toMatch(/^ppk_[0-9a-z]{8}_[A-Za-z0-9_-]{43}$/);
    expect(lines.join('\n')).toContain('shown this once');
    const rows = await s.db.selectFrom('vendorApiKeys').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(13));
    expect(rows.find((r) => secret.startsWith(r.prefix))?.name).toBe('one-off');
    const listed: string[] = [];
    await vendorCli(s.db, ['keys', 'list', '--vendor', s.demo.vendors.pfg], (line) => listed.push(line));
    expect(listed.join('\n')).toContain(secret.slice(0, 12));
    expect(listed.join('\n')).not.toContain(secret.slice(13));
  });

  it('a request without a key, with a malformed or unknown one answers 401 invalid', async () => {
    for (const key of [null, 'nonsense', `ppk_abcdefgh_${'A'.repeat(43)}`]) {
      const res = await call('getVendor', 'GET', '/vendor', key);
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('invalid');
    }
    const ok = await call('getVendor', 'GET', '/vendor', keyA);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(s.demo.vendors.pfg);
  });

  it('a key created through the API works at once, lists without its secret, and is refused on the very next request once revoked', async () => {
    const created = await call('createApiKey', 'POST', '/keys', keyA, { name: 'Nightly import' });
    expect(created.status).toBe(201);
    const { secret, key } = created.body;
    expect((await call('getVendor', 'GET', '/vendor', secret)).status).toBe(200);
    const list = await call('listApiKeys', 'GET', '/keys', keyA);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(13));
    const listed = list.body.keys.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'Nightly import', prefix: secret.slice(0, 12), revokedAt: null });
    expect(listed.lastUsedAt).not.toBeNull();

    const revoked = await call('revokeApiKey', 'DELETE', `/keys/${key.id}`, keyA);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await call('getVendor', 'GET', '/vendor', secret)).status).toBe(401);
    // revoking again keeps the first time
    const again = await call('revokeApiKey', 'DELETE', `/keys/${key.id}`, keyA);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
  });

  it('a key name is required and bounded', async () => {
    expect((await call('createApiKey', 'POST', '/keys', keyA, {})).status).toBe(400);
    expect((await call('createApiKey', 'POST', '/keys', keyA, { name: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe('data in, by the vendor’s own ids', () => {
  it('locations: created, then the same batch changes nothing, then one change is one update', async () => {
    const batch = { locations: [location('L-100'), location('L-200')] };
    const first = await call('upsertLocations', 'POST', '/locations/batch', keyA, batch);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created']);
    const second = await call('upsertLocations', 'POST', '/locations/batch', keyA, batch);
    expect(second.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(second.body.results.map((r: { id: string }) => r.id)).toEqual(first.body.results.map((r: { id: string }) => r.id));
    const third = await call('upsertLocations', 'POST', '/locations/batch', keyA, { locations: [location('L-100', 'Store 100 (renamed)'), location('L-200')] });
    expect(third.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['updated', 'unchanged']);
    const read = await call('getLocation', 'GET', `/locations/${first.body.results[0].id}`, keyA);
    expect(read.body).toMatchObject({ externalId: 'L-100', displayName: 'Store 100 (renamed)', address: { addressLine2: '' } });
  });

  it('contacts: created with their locations; the customer’s token then sees exactly those locations and their invoices', async () => {
    const contacts = {
      contacts: [{ externalId: 'C-1', firstName: 'Rita', lastName: 'Moreno', email: 'Rita@Example.com', mobile: '+1 (843) 555-0142', locationExternalIds: ['L-100'] }],
    };
    const first = await call('upsertContacts', 'POST', '/contacts/batch', keyA, contacts);
    expect(first.status).toBe(200);
    expect(first.body.results[0].outcome).toBe('created');
    expect((await call('upsertContacts', 'POST', '/contacts/batch', keyA, contacts)).body.results[0].outcome).toBe('unchanged');
    const contactId = first.body.results[0].id;
    const read = await call('getContact', 'GET', `/contacts/${contactId}`, keyA);
    expect(read.body).toMatchObject({ externalId: 'C-1', email: 'rita@example.com', mobile: '8435550142' });

    const invoices = await call('upsertInvoices', 'POST', '/invoices/batch', keyA, {
      invoices: [invoice('inv-1', 'L-100', 120.5), invoice('inv-2', 'L-100', 80), invoice('cr-1', 'L-100', -15.25, { dueDate: null, shipTo: null })],
    });
    expect(invoices.status).toBe(200);
    expect(invoices.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created', 'created']);

    // the customer: a login token for the new contact lists the location and its three invoices
    const token = await s.token({ contactId });
    const locations = await s.app.inject({ url: `/api/vendors/${s.demo.vendors.pfg}/locations`, headers: s.auth(token) });
    const locationId = (await call('getLocation', 'GET', `/locations/${read.body.locationIds[0]}`, keyA)).body.id;
    expect(locations.json().locations.map((l: { id: string }) => l.id)).toEqual([locationId]);
    const list = await s.app.inject({ url: `/api/vendors/${s.demo.vendors.pfg}/locations/${locationId}/invoices`, headers: s.auth(token) });
    expect(list.statusCode).toBe(200);
    const shown = list.json().locationInvoices.map((i: { displayInvNum: string; openAmount: number; shipTo: string | null }) => [i.displayInvNum, i.openAmount, i.shipTo]);
    expect(shown).toEqual(expect.arrayContaining([['INV-1', 120.5, '7 - Back dock'], ['INV-2', 80, '7 - Back dock'], ['CR-1', -15.25, null]]));
  });

  it('invoices: the same batch twice changes nothing; a change, a close and a void are updates; reads page with a cursor', async () => {
    const batch = { invoices: [invoice('inv-1', 'L-100', 120.5), invoice('inv-2', 'L-100', 80), invoice('cr-1', 'L-100', -15.25, { dueDate: null, shipTo: null })] };
    const before = await s.db.selectFrom('invoices').select(['externalId', 'updatedAt']).where('vendorId', '=', s.demo.vendors.pfg).where('externalId', 'in', ['inv-1', 'inv-2', 'cr-1']).orderBy('externalId').execute();
    const again = await call('upsertInvoices', 'POST', '/invoices/batch', keyA, batch);
    expect(again.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    const after = await s.db.selectFrom('invoices').select(['externalId', 'updatedAt']).where('vendorId', '=', s.demo.vendors.pfg).where('externalId', 'in', ['inv-1', 'inv-2', 'cr-1']).orderBy('externalId').execute();
    expect(after).toEqual(before);

    const changed = await call('upsertInvoices', 'POST', '/invoices/batch', keyA, {
      invoices: [invoice('inv-1', 'L-100', 120.5, { openAmount: 20.5, poRefId: 'PO-9' }), invoice('inv-2', 'L-100', 80, { status: 'closed' }), invoice('cr-1', 'L-100', -15.25, { dueDate: null, shipTo: null, status: 'void' })],
    });
    expect(changed.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['updated', 'updated', 'updated']);
    const [inv1, inv2, cr1] = await Promise.all(changed.body.results.map((r: { id: string }) => call('getInvoice', 'GET', `/invoices/${r.id}`, keyA)));
    expect(inv1.body).toMatchObject({ openAmount: 20.5, originalAmount: 120.5, poRefId: 'PO-9', status: 'open', portalStatus: 'open', locationExternalId: 'L-100' });
    expect(inv2.body).toMatchObject({ status: 'closed', portalStatus: 'closed' });
    expect(cr1.body).toMatchObject({ status: 'void', portalStatus: 'closed', shipTo: null });

    const pages: string[] = [];
    let after_: string | null = null;
    do {
      const page: { body: { invoices: Array<{ externalId: string }>; nextCursor: string | null } } = await call('listInvoices', 'GET', `/invoices?limit=2&locationId=${inv1.body.locationId}${after_ ? `&after=${after_}` : ''}`, keyA);
      pages.push(...page.body.invoices.map((i) => i.externalId));
      after_ = page.body.nextCursor;
    } while (after_);
    expect(pages.sort()).toEqual(['cr-1', 'inv-1', 'inv-2']);
  });

  it('two processes sending the same batch at once end with one row per externalId', async () => {
    const batch = { invoices: Array.from({ length: 50 }, (_, i) => invoice(`race-${i}`, 'L-200', 10 + i)) };
    const [a, b] = await Promise.all([
      call('upsertInvoices', 'POST', '/invoices/batch', keyA, batch),
      call('upsertInvoices', 'POST', '/invoices/batch', keyA, batch),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await s.db.selectFrom('invoices').select('externalId').where('vendorId', '=', s.demo.vendors.pfg).where('externalId', 'like', 'race-%').execute();
    expect(rows).toHaveLength(50);
    expect(a.body.results.map((r: { id: string }) => r.id)).toEqual(b.body.results.map((r: { id: string }) => r.id));
  });
});

describe('bad input gets the error shape and writes nothing', () => {
  it.each([
    ['a batch of 1,001', { invoices: Array.from({ length: 1001 }, (_, i) => invoice(`big-${i}`, 'L-100', 1)) }, 'invoices'],
    ['an unknown field', { invoices: [{ ...invoice('x-1', 'L-100', 1), colour: 'red' }] }, 'invoices[0].colour'],
    ['an amount beyond the maximum', { invoices: [invoice('x-1', 'L-100', 1e12)] }, 'invoices[0].originalAmount'],
    ['three decimals', { invoices: [invoice('x-1', 'L-100', 1), invoice('x-2', 'L-100', 1.005)] }, 'invoices[1].originalAmount'],
    ['an externalId twice', { invoices: [invoice('x-1', 'L-100', 1), invoice('x-1', 'L-100', 2)] }, 'invoices[1].externalId'],
    ['a malformed date', { invoices: [invoice('x-1', 'L-100', 1, { dueDate: '2026-13-01' })] }, 'invoices[0].dueDate'],
  ])('%s → 400 naming the field', async (_name, payload, field) => {
    const before = await counts();
    const res = await call('upsertInvoices', 'POST', '/invoices/batch', keyA, payload);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('validation_failed');
    expect(res.body.field).toBe(field);
    expect(await counts()).toEqual(before);
  });

  it('a bad item in the middle of a batch: nothing of the batch is written', async () => {
    const before = await counts();
    const items = [invoice('mid-1', 'L-100', 1), invoice('mid-2', 'NO-SUCH-LOCATION', 2), invoice('mid-3', 'L-100', 3)];
    const res = await call('upsertInvoices', 'POST', '/invoices/batch', keyA, { invoices: items });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('invoices[1].locationExternalId');
    expect(await counts()).toEqual(before);
  });

  it('a contact of an unknown location: 422, no contact written', async () => {
    const before = await counts();
    const res = await call('upsertContacts', 'POST', '/contacts/batch', keyA, {
      contacts: [{ externalId: 'C-9', firstName: 'No', lastName: 'Where', locationExternalIds: ['L-100', 'L-404'] }],
    });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('contacts[0].locationExternalIds[1]');
    expect(await counts()).toEqual(before);
  });
});

describe('tenancy: a key sees only its vendor', () => {
  it('every id of another vendor answers 404, and its lists hold none of them', async () => {
    const bLocations = await call('upsertLocations', 'POST', '/locations/batch', keyB, { locations: [location('L-100', 'Coastal’s own L-100')] });
    const bLocation = bLocations.body.results[0].id;
    const bContact = (await call('upsertContacts', 'POST', '/contacts/batch', keyB, { contacts: [{ externalId: 'C-1', firstName: 'Bo', lastName: 'B', locationExternalIds: ['L-100'] }] })).body.results[0].id;
    const bInvoice = (await call('upsertInvoices', 'POST', '/invoices/batch', keyB, { invoices: [invoice('inv-1', 'L-100', 5)] })).body.results[0].id;
    const bKey = (await call('listApiKeys', 'GET', '/keys', keyB)).body.keys[0].id;

    expect((await call('getLocation', 'GET', `/locations/${bLocation}`, keyA)).status).toBe(404);
    expect((await call('getLocation', 'GET', `/locations/${s.demo.locations.coastalBlueHeron}`, keyA)).status).toBe(404);
    expect((await call('getContact', 'GET', `/contacts/${bContact}`, keyA)).status).toBe(404);
    expect((await call('getInvoice', 'GET', `/invoices/${bInvoice}`, keyA)).status).toBe(404);
    expect((await call('revokeApiKey', 'DELETE', `/keys/${bKey}`, keyA)).status).toBe(404);
    expect((await call('getVendor', 'GET', '/vendor', keyB)).status).toBe(200);

    const aInvoices = await call('listInvoices', 'GET', `/invoices?limit=1000&locationId=${bLocation}`, keyA);
    expect(aInvoices.body.invoices).toEqual([]);
    const aLocations = await call('listLocations', 'GET', '/locations?limit=1000', keyA);
    expect(aLocations.body.locations.map((l: { id: string }) => l.id)).not.toContain(bLocation);
    const aContacts = await call('listContacts', 'GET', '/contacts?limit=1000', keyA);
    expect(aContacts.body.contacts.map((c: { id: string }) => c.id)).not.toContain(bContact);

    // the same external ids at both vendors are two records: A's L-100 and inv-1 are untouched by B's batches
    const aL100 = (await call('listLocations', 'GET', '/locations?limit=1000', keyA)).body.locations.find((l: { externalId: string }) => l.externalId === 'L-100');
    expect(aL100.displayName).toBe('Store 100 (renamed)');
    // B's vendor id in a path is not a thing of the vendor API: there is no way to name it
    const res = await s.app.inject({ url: `/vendor-api/vendors/${s.demo.vendors.coastal}/invoices`, headers: { authorization: `Bearer ${keyA}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('an invoice the vendor closes while the customer has a payment scheduled for it', () => {
  it('cancels that payment group before its date, reopens its other invoices, and tells the customer in the invoice history', async () => {
    const group = await s.db
      .selectFrom('paymentGroups as g')
      .innerJoin('payments as p', 'p.paymentGroupId', 'g.id')
      .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
      .select(['g.id', 'g.confirmationNumber', 'g.locationId', 'i.externalId', 'i.id as invoiceId', 'i.displayInvNum', 'i.originalAmountCents', 'i.openAmountCents'])
      .where('g.vendorId', '=', s.demo.vendors.pfg)
      .where('g.status', '=', 'scheduled')
      .where('i.status', '=', 'scheduled')
      .where('p.paidAmountCents', '!=', 0)
      .executeTakeFirstOrThrow();
    await s.db.updateTable('locations').set({ externalId: 'DEMO-LOC' }).where('id', '=', group.locationId).execute();

    const res = await call('upsertInvoices', 'POST', '/invoices/batch', keyA, {
      invoices: [{
        externalId: group.externalId, locationExternalId: 'DEMO-LOC', displayInvNum: group.displayInvNum,
        originalAmount: Number(group.originalAmountCents) / 100, openAmount: 0, status: 'closed',
      }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ outcome: 'updated', canceledPayments: [group.confirmationNumber] });

    const after = await s.db.selectFrom('paymentGroups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('canceled');
    const closed = await call('getInvoice', 'GET', `/invoices/${group.invoiceId}`, keyA);
    expect(closed.body).toMatchObject({ status: 'closed', portalStatus: 'closed' });
    const journey = await s.db.selectFrom('invoiceJourneys').select(['action', 'detail']).where('invoiceId', '=', group.invoiceId).where('action', '=', 'Payment Canceled').execute();
    expect(journey.map((j) => j.detail)).toEqual([expect.stringContaining(`(${group.confirmationNumber}) canceled: the vendor closed invoice ${group.displayInvNum} outside the portal`)]);
    // every other invoice of the group is payable again
    const others = await s.db
      .selectFrom('payments as p')
      .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
      .select(['i.status', 'i.payable'])
      .where('p.paymentGroupId', '=', group.id)
      .where('i.id', '!=', group.invoiceId)
      .where('p.paidAmountCents', '!=', 0)
      .execute();
    for (const other of others) expect(other).toEqual({ status: 'open', payable: true });
  });
});

describe('requests that bring a customer in', () => {
  let contactId: string;
  beforeAll(async () => {
    const res = await call('upsertContacts', 'POST', '/contacts/batch', keyA, {
      contacts: [{ externalId: 'C-REQ', firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', locationExternalIds: ['L-200'] }],
    });
    contactId = res.body.results[0].id;
    await call('upsertInvoices', 'POST', '/invoices/batch', keyA, { invoices: [invoice('req-1', 'L-200', 40), invoice('req-2', 'L-200', 60), invoice('req-closed', 'L-200', 5, { status: 'closed' })] });
  });

  const outboxFor = (recipient: string) => s.db.selectFrom('outbox').select(['channel', 'subject', 'body']).where('recipient', '=', recipient).orderBy('createdAt').execute();

  it('click-to-pay by e-mail: the message carries a link that opens the pay request with those invoices selected', async () => {
    const res = await call('createRequest', 'POST', '/requests', keyA, { type: 'click2pay', contactId, locationExternalId: 'L-200', invoiceExternalIds: ['req-1', 'req-2'], deliver: 'email' });
    expect(res.status).toBe(201);
    expect(res.body.sentTo).toEqual({ channel: 'email', recipient: 'ana@example.com' });
    const [message] = await outboxFor('ana@example.com');
    expect(message.subject).toBe('Performance Foodservice – Carolina: invoices to pay');
    expect(message.body).toContain(res.body.url);
    const token = res.body.url.split('/token/')[1];
    const info = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(token) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ type: 'click2pay', id: res.body.requestId, vendorId: s.demo.vendors.pfg });
    const request = await s.db.selectFrom('requests').select(['invoiceIds', 'contactId']).where('id', '=', res.body.requestId).executeTakeFirstOrThrow();
    expect(request.contactId).toBe(contactId);
    expect(request.invoiceIds).toHaveLength(2);
  });

  it('AutoPay, plan and statement requests returned only (deliver none): no message written', async () => {
    const before = (await outboxFor('ana@example.com')).length;
    for (const body of [
      { type: 'autopay', autopay: { startDate: '2026-12-01', excludedInvoiceExternalIds: ['req-2'], customerManage: false } },
      { type: 'paymentplan', plan: { name: 'Winter plan', startDate: '2026-12-05', frequency: 'monthly', totalAmount: 100, eachAmount: 25 } },
      { type: 'statement' },
    ]) {
      const res = await call('createRequest', 'POST', '/requests', keyA, { ...body, contactId, locationExternalId: 'L-200', deliver: 'none' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type: body.type, sentTo: null });
    }
    expect(await outboxFor('ana@example.com')).toHaveLength(before);
    const plan = await s.db.selectFrom('requests').select('plan').where('contactId', '=', contactId).where('type', '=', 'paymentplan').executeTakeFirstOrThrow();
    expect(plan.plan).toMatchObject({ paymentPlanName: 'Winter plan', totalAmount: 10000, eachAmount: 2500 });
  });

  it('refusals: a closed invoice, SMS without a mobile number, another vendor’s contact, terms of another request type', async () => {
    const closed = await call('createRequest', 'POST', '/requests', keyA, { type: 'click2pay', contactId, locationExternalId: 'L-200', invoiceExternalIds: ['req-1', 'req-closed'], deliver: 'none' });
    expect(closed.status).toBe(422);
    expect(closed.body.field).toBe('invoiceExternalIds[1]');
    const sms = await call('createRequest', 'POST', '/requests', keyA, { type: 'statement', contactId, locationExternalId: 'L-200', deliver: 'sms' });
    expect(sms.status).toBe(422);
    expect(sms.body.errorCode).toBe('no_address');
    const foreign = await call('createRequest', 'POST', '/requests', keyB, { type: 'statement', contactId, locationExternalId: 'L-100', deliver: 'none' });
    expect(foreign.status).toBe(404);
    expect((await call('createLoginLink', 'POST', `/contacts/${contactId}/login-link`, keyB, { deliver: 'none' })).status).toBe(404);
    const mixed = await call('createRequest', 'POST', '/requests', keyA, { type: 'statement', contactId, locationExternalId: 'L-200', plan: { name: 'x', startDate: '2026-12-05', frequency: 'monthly', totalAmount: 1, eachAmount: 1 }, deliver: 'none' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.field).toBe('plan');
  });

  it('the location by the portal’s id instead of the vendor’s (a location the vendor did not load): exactly one of the two', async () => {
    const location = (await call('listLocations', 'GET', '/locations?externalId=L-200', keyA)).body.locations[0];
    const byId = await call('createRequest', 'POST', '/requests', keyA, { type: 'click2pay', contactId, locationId: location.id, invoiceExternalIds: ['req-1'], deliver: 'none' });
    expect(byId.status).toBe(201);
    const request = await s.db.selectFrom('requests').select(['locationId', 'invoiceIds']).where('id', '=', byId.body.requestId).executeTakeFirstOrThrow();
    expect(request.locationId).toBe(location.id);
    expect(request.invoiceIds).toHaveLength(1);
    const both = await call('createRequest', 'POST', '/requests', keyA, { type: 'statement', contactId, locationId: location.id, locationExternalId: 'L-200', deliver: 'none' });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ errorCode: 'validation_failed', field: 'locationId' });
    const neither = await call('createRequest', 'POST', '/requests', keyA, { type: 'statement', contactId, deliver: 'none' });
    expect(neither.status).toBe(400);
    expect(neither.body.field).toBe('locationExternalId');
    const foreign = await call('createRequest', 'POST', '/requests', keyB, { type: 'statement', contactId, locationId: location.id, deliver: 'none' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.field).toBe('locationId');
  });

  it('a login link by e-mail opens the portal as the contact', async () => {
    const res = await call('createLoginLink', 'POST', `/contacts/${contactId}/login-link`, keyA, { deliver: 'email' });
    expect(res.status).toBe(201);
    const messages = await outboxFor('ana@example.com');
    expect(messages.at(-1)!.body).toContain(res.body.url);
    const token = res.body.url.split('/token/')[1];
    const vendors = await s.app.inject({ url: '/api/vendors', headers: s.auth(token) });
    expect(vendors.statusCode).toBe(200);
  });
});

describe('the reference', () => {
  it('serves the vendor contract and its docs beside the portal’s', async () => {
    const json = await s.app.inject({ url: '/vendor-api/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().info.title).toBe('PerformancePay vendor API');
    const docs = await s.app.inject({ url: '/vendor-api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('/vendor-api/docs/init.js');
    expect((await s.app.inject({ url: '/vendor-api/docs/init.js' })).body).toContain("url: '/vendor-api/openapi.json'");
  });
});
