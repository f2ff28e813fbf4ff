// @vitest-environment node
/**
 * One way to page every list of the vendor API: `cursor` + `limit` in, `cursor` + `hasMore` out. Paged two at a
 * time while records are added between the pages, every record that was there at the start comes exactly once; a
 * cursor of another list, or not a cursor, is a 400 naming `cursor`; the deprecated `after` still pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { addAdjustmentMessages } from '../../server/repos/messages.js';
import { recordEvent } from '../../server/use-cases/vendor-events.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract, vendorContract } from './helpers/contract.js';

let s: TestServer;
let key: string;
let contactId: string;
let added = 0;

async function call(operationId: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  s = await startTestServer();
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', s.demo.vendors.pfg, '--name', 'paging'], (line) => lines.push(line));
  key = lines.find((l) => l.startsWith('ppk_'))!;
  await call('upsertLocations', 'POST', '/locations/batch', { locations: [{ externalId: 'PG-LOC', displayName: 'Paging Place' }] });
  contactId = (await call('upsertContacts', 'POST', '/contacts/batch', { contacts: [{ externalId: 'PG-C', firstName: 'Page', lastName: 'Er', locationExternalIds: ['PG-LOC'] }] })).body.results[0].id;
  await call('upsertInvoices', 'POST', '/invoices/batch', { invoices: [{ externalId: 'PG-INV', locationExternalId: 'PG-LOC', displayInvNum: 'PG-INV', originalAmount: 5, openAmount: 5, status: 'open' }] });
  for (let i = 0; i < 5; i++) await addOne('events');
  for (let i = 0; i < 5; i++) await addOne('template-messages');
  for (let i = 0; i < 4; i++) await addOne('contacts');
  for (let i = 0; i < 5; i++) await addOne('disputes');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

type List = 'locations' | 'contacts' | 'invoices' | 'events' | 'template-messages' | 'disputes';
const LISTS: Record<List, { operationId: string; path: string; items: string; key: (item: any) => string }> = {
  locations: { operationId: 'listLocations', path: '/locations', items: 'locations', key: (i) => i.id },
  contacts: { operationId: 'listContacts', path: '/contacts', items: 'contacts', key: (i) => i.id },
  invoices: { operationId: 'listInvoices', path: '/invoices', items: 'invoices', key: (i) => i.id },
  events: { operationId: 'listEvents', path: '/events', items: 'events', key: (i) => i.id },
  'template-messages': { operationId: 'listTemplateMessages', path: '/template-messages', items: 'templateMessages', key: (i) => i.id },
  // newest first: one added while paging is a new first item, never in the pages still to come
  disputes: { operationId: 'listDisputes', path: '/disputes', items: 'disputes', key: (i) => i.id },
};

/** A record more in the list (through the API where the vendor can add one; an event as the portal writes it). */
async function addOne(list: List) {
  added += 1;
  const n = `PG-${added}`;
  if (list === 'locations') await call('upsertLocations', 'POST', '/locations/batch', { locations: [{ externalId: n, displayName: n }] });
  if (list === 'contacts') await call('upsertContacts', 'POST', '/contacts/batch', { contacts: [{ externalId: n, firstName: 'P', lastName: n, locationExternalIds: ['PG-LOC'] }] });
  if (list === 'invoices') await call('upsertInvoices', 'POST', '/invoices/batch', { invoices: [{ externalId: n, locationExternalId: 'PG-LOC', displayInvNum: n, originalAmount: 1, openAmount: 1, status: 'open' }] });
  if (list === 'events') await s.db.transaction().execute((trx) => recordEvent(trx, s.demo.vendors.pfg, 'comment.added', { n }));
  if (list === 'disputes') {
    // a customer's dispute of a new invoice, as the money path writes it
    const invoice = (await call('upsertInvoices', 'POST', '/invoices/batch', { invoices: [{ externalId: n, locationExternalId: 'PG-LOC', displayInvNum: n, originalAmount: 1, openAmount: 1, status: 'open' }] })).body.results[0].id;
    const location = await s.db.selectFrom('locations').select('id').where('vendorId', '=', s.demo.vendors.pfg).where('externalId', '=', 'PG-LOC').executeTakeFirstOrThrow();
    await addAdjustmentMessages(s.db, [{ vendorId: s.demo.vendors.pfg, locationId: location.id, contactId, invoiceId: invoice, reason: n, notes: '', paidCents: 0 }], new Date());
  }
  if (list === 'template-messages') {
    await call('createTemplateMessage', 'POST', '/template-messages', {
      externalId: n, contactId, locationExternalId: 'PG-LOC', subject: n, from: { firstName: 'A', lastName: 'R' }, content: [{ type: 'paragraph', children: [{ text: n }] }], invoiceExternalIds: ['PG-INV'],
    });
  }
}

async function everything(list: List): Promise<string[]> {
  const l = LISTS[list];
  return (await call(l.operationId, 'GET', `${l.path}?limit=1000`)).body[l.items].map(l.key);
}

describe('one way to page', () => {
  it('events newest first: paged 2 at a time while events are added, each one there at the start comes once, in descending order; a cursor of the other order is refused', async () => {
    const before = (await call('listEvents', 'GET', '/events?limit=1000&order=newest')).body.events.map((e: { id: string }) => e.id);
    const ascending = (await call('listEvents', 'GET', '/events?limit=1000')).body.events.map((e: { id: string }) => e.id);
    expect(before).toEqual([...ascending].reverse());
    const seen: { id: string; cursor: string }[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const res = await call('listEvents', 'GET', `/events?limit=2&order=newest${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.events);
      cursor = res.body.cursor;
      if (!res.body.hasMore) break;
      await addOne('events'); // a new first event: never in the pages still to come
    }
    expect(seen.map((e) => e.id)).toEqual(before);
    const seqs = seen.map((e) => BigInt(e.cursor));
    expect(seqs.every((q, i) => i === 0 || q < seqs[i - 1]!)).toBe(true);
    const oldestCursor = (await call('listEvents', 'GET', '/events?limit=1')).body.cursor;
    const mixed = await call('listEvents', 'GET', `/events?order=newest&cursor=${encodeURIComponent(oldestCursor)}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject({ errorCode: 'validation_failed', field: 'cursor' });
    const viaAfter = await call('listEvents', 'GET', '/events?order=newest&after=1');
    expect(viaAfter.status).toBe(400);
    expect(viaAfter.body).toMatchObject({ field: 'after' });
  });

  it('every list of the contract takes `cursor` and answers `cursor` and `hasMore` (the walk below covers each)', () => {
    const paged = Object.values<any>(vendorContract.paths)
      .filter((item) => item.get?.parameters?.some((p: { $ref?: string }) => p.$ref === '#/components/parameters/Cursor'))
      .map((item) => item.get.operationId);
    expect(paged.sort()).toEqual(Object.values(LISTS).map((l) => l.operationId).sort());
  });

  it.each(Object.keys(LISTS) as List[])('%s: paged 2 at a time while records are added, each record there at the start comes once', async (list) => {
    const l = LISTS[list];
    const before = await everything(list);
    expect(before.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const res = await call(l.operationId, 'GET', `${l.path}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body[l.items].length).toBeLessThanOrEqual(2);
      seen.push(...res.body[l.items].map(l.key));
      cursor = res.body.cursor;
      if (!res.body.hasMore) break;
      await addOne(list);
    }
    expect(new Set(seen).size).toBe(seen.length); // nothing repeated
    for (const id of before) expect(seen, id).toContain(id); // nothing missed
    // the last cursor again, later: nothing repeated; for the event feed, exactly what came since
    await addOne(list);
    const later = await call(l.operationId, 'GET', `${l.path}?limit=1000&cursor=${encodeURIComponent(cursor!)}`);
    for (const id of later.body[l.items].map(l.key)) expect(seen).not.toContain(id);
    if (list === 'events') expect(later.body[l.items]).toHaveLength(1);
  });

  it('a cursor of another list, or not a cursor, is refused naming `cursor`; the deprecated `after` still pages', async () => {
    const locations = await call('listLocations', 'GET', '/locations?limit=1');
    for (const cursor of [locations.body.cursor, 'not-a-cursor', Buffer.from('inv1:1234').toString('base64url')]) {
      const res = await call('listInvoices', 'GET', `/invoices?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'validation_failed', field: 'cursor' });
    }
    const first = await call('listLocations', 'GET', '/locations?limit=2');
    const viaAfter = await call('listLocations', 'GET', `/locations?limit=2&after=${first.body.locations[1].id}`);
    const viaCursor = await call('listLocations', 'GET', `/locations?limit=2&cursor=${encodeURIComponent(first.body.cursor)}`);
    expect(viaAfter.body.locations).toEqual(viaCursor.body.locations);
    expect(first.body.nextCursor).toBe(first.body.locations[1].id);
  });
});
