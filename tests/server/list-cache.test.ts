// @vitest-environment node
/**
 * The invoice list's data version, ETag / 304 and answer cache (server/db/list-versions.ts,
 * server/http/list-cache.ts). Changes are written straight into the tables, as another server process, a job or a CLI
 * sharing the database would: the very next list must show them.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { json } from '../../server/db/json.js';
import { issueToken } from '../../server/db/tokens.js';
import { etagMatches, ListCache, listEtag } from '../../server/http/list-cache.js';
import { seedScaleLocation, type ScaleLocation } from '../../server/seed/scale.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
/** A second app on the same database: another server process with its own cache. */
let other: FastifyInstance;
/** An app without a cache (LIST_CACHE_MB=0): ETags and 304 only. */
let uncached: FastifyInstance;

beforeAll(async () => {
  s = await startTestServer();
  other = await buildApp({ db: s.db, config: testConfig(), logger: false });
  uncached = await buildApp({ db: s.db, config: testConfig({ listCacheBytes: 0 }), logger: false });
  await Promise.all([other.ready(), uncached.ready()]);
});
afterAll(async () => {
  await other?.close();
  await uncached?.close();
  await s?.close();
});

const listUrl = (loc: Pick<ScaleLocation, 'vendorId' | 'locationId'>, query = '?type=click2pay') =>
  `/api/vendors/${loc.vendorId}/locations/${loc.locationId}/invoices${query}`;

async function invoiceIds(locationId: string): Promise<string[]> {
  const rows = await s.db.selectFrom('invoices').select('id').where('locationId', '=', locationId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function addRequest(loc: ScaleLocation, contactId: string, ids: string[]) {
  await s.db
    .insertInto('requests')
    .values({ vendorId: loc.vendorId, locationId: loc.locationId, contactId, type: 'click2pay', invoiceIds: json(ids) })
    .execute();
}

async function version(locationId: string): Promise<string> {
  const { rows } = await sql<{ v: string }>`select coalesce((select version::text from list_data_versions where location_id = ${locationId}::uuid), '0') as v`.execute(s.db);
  return rows[0]!.v;
}

describe('the data version', () => {
  it("changes with every write to the location's invoices or requests, and only that location's", async () => {
    const a = await seedScaleLocation(s.db, { invoices: 3, label: 'version-a' });
    const b = await seedScaleLocation(s.db, { invoices: 3, label: 'version-b' });
    const [first] = await invoiceIds(a.locationId);
    const seen = new Set<string>();
    const bBefore = await version(b.locationId);
    const step = async (write: () => Promise<unknown>) => {
      const before = await version(a.locationId);
      await write();
      const after = await version(a.locationId);
      expect(after).not.toBe(before);
      expect(seen.has(after)).toBe(false);
      seen.add(after);
    };
    await step(() => s.db.updateTable('invoices').set({ openAmountCents: 1234 }).where('id', '=', first).execute());
    await step(() => addRequest(a, a.contactId, [first]));
    await step(() => s.db.updateTable('requests').set({ status: 'complete' }).where('locationId', '=', a.locationId).execute());
    await step(() => s.db.deleteFrom('invoices').where('id', '=', first).execute());
    await step(() => seedScaleLocation(s.db, { invoices: 5, label: 'version-a' }));
    expect(await version(b.locationId)).toBe(bBefore);
  });

  it('a write that is rolled back changes nothing', async () => {
    const a = await seedScaleLocation(s.db, { invoices: 2, label: 'version-rollback' });
    const before = await version(a.locationId);
    await expect(
      s.db.transaction().execute(async (trx) => {
        await trx.updateTable('invoices').set({ openAmountCents: 1 }).where('locationId', '=', a.locationId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version(a.locationId)).toBe(before);
  });
});

describe('the invoice list after a change', () => {
  it('shows a payment made by another process on the very next request, cached answer or not', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 4, label: 'cache-payment' });
    const [paid, partial] = await invoiceIds(loc.locationId);
    for (const app of [s.app, other, uncached]) {
      // twice: the second answer comes from the cache
      for (let i = 0; i < 2; i++) expect((await app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).json().locationInvoices).toHaveLength(4);
    }
    // what a payment does to the invoices, written by "another process"
    await s.db.updateTable('invoices').set({ payable: false, openAmountCents: 0 }).where('id', '=', paid).execute();
    await s.db.updateTable('invoices').set({ openAmountCents: 5 }).where('id', '=', partial).execute();
    for (const app of [s.app, other, uncached]) {
      const body = (await app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).json();
      expectMatchesContract('listInvoices', 200, body);
      expect(body.locationInvoices.map((i: { id: string }) => i.id)).not.toContain(paid);
      expect(body.locationInvoices.find((i: { id: string }) => i.id === partial)).toMatchObject({ openAmount: 0.05 });
    }
  });

  it('shows a new request, and a canceled one no more, on the next request', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 3, label: 'cache-request' });
    const ids = await invoiceIds(loc.locationId);
    expect((await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).json().requestInvoiceIds).toEqual([]);
    await addRequest(loc, loc.contactId, [ids[1]!]);
    expect((await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).json().requestInvoiceIds).toEqual([ids[1]]);
    await s.db.updateTable('requests').set({ status: 'canceled' }).where('locationId', '=', loc.locationId).execute();
    expect((await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).json().requestInvoiceIds).toEqual([]);
  });

  it('a token canceled after a cached answer gets 401, not the cached answer', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 2, label: 'cache-token' });
    for (let i = 0; i < 2; i++) expect((await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).statusCode).toBe(200);
    await sql`update tokens set status = 'canceled' where contact_id = ${loc.contactId}`.execute(s.db);
    expect((await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).statusCode).toBe(401);
  });
});

describe('two contacts of one location', () => {
  it("never get each other's answer or ETag", async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 4, label: 'cache-contacts' });
    const ids = await invoiceIds(loc.locationId);
    const second = await s.db
      .insertInto('contacts')
      .values({ firstName: 'Sam', lastName: 'Second', email: 'second@cache.example', phone: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db.insertInto('contactLocations').values({ contactId: second.id, vendorId: loc.vendorId, locationId: loc.locationId }).execute();
    await addRequest(loc, loc.contactId, [ids[0]!]);
    await addRequest(loc, second.id, [ids[2]!, ids[3]!]);
    const secondToken = await issueToken(s.db, { contactId: second.id, vendorId: loc.vendorId, locationId: loc.locationId, type: 'click2pay', ttlDays: 7 });

    const firstAnswer = await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) });
    expect(firstAnswer.json().requestInvoiceIds).toEqual([ids[0]]);
    // the second contact asks the same URL, even with the first contact's ETag: its own answer, in full
    const secondAnswer = await s.app.inject({ url: listUrl(loc), headers: { ...s.auth(secondToken), 'if-none-match': firstAnswer.headers.etag as string } });
    expect(secondAnswer.statusCode).toBe(200);
    expect(secondAnswer.headers.etag).not.toBe(firstAnswer.headers.etag);
    expect(secondAnswer.json().requestInvoiceIds).toEqual([ids[2], ids[3]]);
    // and the first one, asked again (a cached answer now), still its own
    expect((await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) })).json().requestInvoiceIds).toEqual([ids[0]]);
  });

  it('a contact outside the location gets 404 whatever it sends', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 2, label: 'cache-outsider' });
    const first = await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) });
    const outsider = await s.token({ type: 'login' });
    const res = await s.app.inject({ url: listUrl(loc), headers: { ...s.auth(outsider), 'if-none-match': first.headers.etag as string } });
    expect(res.statusCode).toBe(404);
  });
});

describe('ETag and If-None-Match', () => {
  it('answers 304 without a body while nothing changed, 200 with a new ETag after a change, on any process', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 3, label: 'etag' });
    const first = await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+-[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');
    for (const app of [s.app, other, uncached]) {
      const again = await app.inject({ url: listUrl(loc), headers: { ...s.auth(loc.token), 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    // another query of the same location has its own ETag
    const all = await s.app.inject({ url: listUrl(loc, '?loadAll=true'), headers: { ...s.auth(loc.token), 'if-none-match': etag } });
    expect(all.statusCode).toBe(200);
    expect(all.headers.etag).not.toBe(etag);

    const [changed] = await invoiceIds(loc.locationId);
    await s.db.updateTable('invoices').set({ openAmountCents: 777 }).where('id', '=', changed).execute();
    const after = await other.inject({ url: listUrl(loc), headers: { ...s.auth(loc.token), 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().locationInvoices.find((i: { id: string }) => i.id === changed)).toMatchObject({ openAmount: 7.77 });
  });

  it('a cached large answer is sent compressed as accepted, with the same content as the plain one', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 400, label: 'etag-compressed' });
    const plain = await s.app.inject({ url: listUrl(loc), headers: s.auth(loc.token) });
    for (let i = 0; i < 2; i++) {
      const br = await s.app.inject({ url: listUrl(loc), headers: { ...s.auth(loc.token), 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('an unknown invoiceId still answers 404', async () => {
    const loc = await seedScaleLocation(s.db, { invoices: 2, label: 'etag-404' });
    const url = listUrl(loc, '?invoiceId=00000000-0000-4000-8000-000000000000');
    for (let i = 0; i < 2; i++) {
      const res = await s.app.inject({ url, headers: s.auth(loc.token) });
      expect(res.statusCode).toBe(404);
      expect(res.headers.etag).toBeUndefined();
    }
  });
});

describe('ListCache', () => {
  it('keeps an answer for its version only and drops the least recently used beyond its size', () => {
    const cache = new ListCache(100);
    cache.set('a', '1', Buffer.alloc(40));
    cache.set('b', '1', Buffer.alloc(40));
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('a', '1')).toBeUndefined(); // dropped with the version change
    cache.set('a', '2', Buffer.alloc(40));
    expect(cache.get('b', '1')).toBeDefined(); // b is now the most recent
    cache.set('c', '1', Buffer.alloc(40)); // over 100 bytes: a goes
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('b', '1')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(100);
    cache.set('huge', '1', Buffer.alloc(500));
    expect(cache.get('huge', '1')).toBeUndefined();
  });

  it('makes an answer once for a burst of requests of one key and version, and again after a failure', async () => {
    const cache = new ListCache(1000);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return '{"n":1}';
    };
    const entries = await Promise.all(Array.from({ length: 20 }, () => cache.getOrMake('k', '1', make)));
    expect(made).toBe(1);
    expect(new Set(entries).size).toBe(1);
    expect(entries[0]!.body.toString()).toBe('{"n":1}');
    // another version is made anew
    await cache.getOrMake('k', '2', make);
    expect(made).toBe(2);
    // a failure reaches every waiter and is not kept
    const failing = () => Promise.reject(new Error('no database'));
    const results = await Promise.allSettled([cache.getOrMake('f', '1', failing), cache.getOrMake('f', '1', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(cache.getOrMake('f', '1', async () => 'ok')).resolves.toMatchObject({ version: '1' });
  });

  it('matches If-None-Match lists, weak or strong, and *', () => {
    const etag = listEtag('42', 'key');
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"x", ${etag.slice(2)}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches(listEtag('43', 'key'), etag)).toBe(false);
    expect(etagMatches(listEtag('42', 'other'), etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
