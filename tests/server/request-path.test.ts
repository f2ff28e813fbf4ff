// @vitest-environment node
/**
 * The short request path: token and scope in one statement, invoice lists written by PostgreSQL, the scale
 * seed, and the embedded database's fair queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { json } from '../../server/db/json.js';
import { toApiInvoice } from '../../server/repos/invoices.js';
import { seedScaleLocation } from '../../server/seed/scale.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const invoicesPath = (vendorId: string, locationId: string) => `/api/vendors/${vendorId}/locations/${locationId}/invoices`;

describe('token and scope', () => {
  it('a token canceled after a successful request stops working on the very next request', async () => {
    const raw = await s.token({ type: 'login' });
    const url = invoicesPath(s.demo.vendors.pfg, s.demo.locations.blueHeron);
    expect((await s.app.inject({ url, headers: s.auth(raw) })).statusCode).toBe(200);
    // as another server process sharing the database would: straight in the table
    await sql`update tokens set status = 'canceled' where contact_id = ${s.demo.contactId} and status = 'active' and type = 'login'`.execute(s.db);
    const res = await s.app.inject({ url, headers: s.auth(raw) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 'canceled' });
  });

  it('a token that expires after a successful request stops working on the next one', async () => {
    const raw = await s.token({ type: 'login' });
    const url = invoicesPath(s.demo.vendors.pfg, s.demo.locations.blueHeron);
    expect((await s.app.inject({ url, headers: s.auth(raw) })).statusCode).toBe(200);
    await sql`update tokens set expires_at = now() - interval '1 second' where status = 'active' and type = 'login' and contact_id = ${s.demo.contactId}`.execute(s.db);
    expect((await s.app.inject({ url, headers: s.auth(raw) })).json()).toMatchObject({ errorCode: 'expired' });
  });

  it('a location taken out of the contact\'s scope after a successful request answers 404 at once', async () => {
    const scale = await seedScaleLocation(s.db, { invoices: 3, label: 'scope-change' });
    const url = invoicesPath(scale.vendorId, scale.locationId);
    expect((await s.app.inject({ url, headers: s.auth(scale.token) })).statusCode).toBe(200);
    await s.db.deleteFrom('contactLocations').where('contactId', '=', scale.contactId).execute();
    const res = await s.app.inject({ url, headers: s.auth(scale.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 'not_found' });
  });
});

describe('invoice list written by PostgreSQL', () => {
  it('every invoice of the demo data has exactly the shape the JavaScript mapping gives (all statuses, credits, ship-tos)', async () => {
    const raw = await s.token({ type: 'login' });
    const locations: Array<[string, string]> = [
      [s.demo.vendors.pfg, s.demo.locations.blueHeron],
      [s.demo.vendors.pfg, s.demo.locations.harborStreet],
      [s.demo.vendors.pfg, s.demo.locations.magnolia],
      [s.demo.vendors.coastal, s.demo.locations.coastalBlueHeron],
    ];
    let compared = 0;
    for (const [vendorId, locationId] of locations) {
      const res = await s.app.inject({ url: `${invoicesPath(vendorId, locationId)}?loadAll=true`, headers: s.auth(raw) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expectMatchesContract('listInvoices', 200, body);
      const rows = await s.db.selectFrom('invoices').selectAll().where('locationId', '=', locationId).execute();
      const expected = new Map(rows.map((row) => [row.id, toApiInvoice(row)]));
      expect(body.locationInvoices).toHaveLength(rows.length);
      for (const invoice of body.locationInvoices) {
        expect(invoice).toStrictEqual(expected.get(invoice.id));
        // keys in the contract's order too
        expect(Object.keys(invoice)).toEqual(Object.keys(expected.get(invoice.id)!));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('keeps edge values exact: odd cents, whitespace around ship-tos, a non-string ship-to id, closed timestamps', async () => {
    const scale = await seedScaleLocation(s.db, { invoices: 4, label: 'edge-values' });
    const ids = (await s.db.selectFrom('invoices').select('id').where('locationId', '=', scale.locationId).orderBy('id').execute()).map((r) => r.id);
    await s.db.updateTable('invoices').set({ openAmountCents: 7 }).where('id', '=', ids[0]).execute();
    await s.db.updateTable('invoices').set({ openAmountCents: -199999, extra: json({ eodPassthrough: { stId: '  9-1 ', stName: '\tNorth  ' } }) }).where('id', '=', ids[1]).execute();
    await s.db.updateTable('invoices').set({ extra: json({ eodPassthrough: { stId: 42 as unknown as string, stName: '' } }), createType: null }).where('id', '=', ids[2]).execute();
    await s.db.updateTable('invoices').set({ deletedAt: new Date('2026-03-04T05:06:07.089Z'), payable: false }).where('id', '=', ids[3]).execute();
    const res = await s.app.inject({ url: `${invoicesPath(scale.vendorId, scale.locationId)}?loadAll=true`, headers: s.auth(scale.token) });
    const body = res.json();
    const rows = await s.db.selectFrom('invoices').selectAll().where('locationId', '=', scale.locationId).execute();
    for (const row of rows) expect(body.locationInvoices.find((i: any) => i.id === row.id)).toStrictEqual(toApiInvoice(row));
    const byId = new Map(body.locationInvoices.map((i: any) => [i.id, i]));
    expect(byId.get(ids[0])).toMatchObject({ openAmount: 0.07 });
    expect(byId.get(ids[1])).toMatchObject({ openAmount: -1999.99, shipTo: '9-1 - North', filterName: 'North' });
    expect(byId.get(ids[2])).toMatchObject({ shipTo: null, filterName: null, createType: '' });
    expect(byId.get(ids[3])).toMatchObject({ deletedAt: '2026-03-04T05:06:07.089Z' });
  });
});

describe('seedScaleLocation', () => {
  it('creates N open invoices visible through the API with a token that goes straight to the location', async () => {
    const scale = await seedScaleLocation(s.db, { invoices: 120, label: 'api-visible' });
    const info = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(scale.token) });
    expect(info.json()).toMatchObject({ type: 'click2pay', vendorId: scale.vendorId, locationId: scale.locationId });
    const res = await s.app.inject({ url: `${invoicesPath(scale.vendorId, scale.locationId)}?type=click2pay`, headers: s.auth(scale.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectMatchesContract('listInvoices', 200, body);
    expect(body.locationInvoices).toHaveLength(120);
    expect(body.locationInvoices.every((i: any) => i.payable && i.deletedAt === null && i.openAmount > 0)).toBe(true);
    expect(new Set(body.locationInvoices.map((i: any) => i.shipTo)).size).toBeGreaterThan(2);
    expect(body.locationInvoices.some((i: any) => i.dueDate === null)).toBe(true);
  });

  it('is idempotent per label: the same location, the count brought to N, a fresh working token', async () => {
    const first = await seedScaleLocation(s.db, { invoices: 30, label: 'again' });
    const second = await seedScaleLocation(s.db, { invoices: 10, label: 'again' });
    expect(second).toMatchObject({ vendorId: first.vendorId, locationId: first.locationId, contactId: first.contactId });
    expect(second.token).not.toBe(first.token);
    const res = await s.app.inject({ url: invoicesPath(second.vendorId, second.locationId), headers: s.auth(second.token) });
    expect(res.json().locationInvoices).toHaveLength(10);
  });
});

describe('response unions', () => {
  it("listInvoices' anyOf is serialised by a key check, not by validating the answer against each branch", async () => {
    const { serializableUnion } = await import('../../server/http/api.js');
    const { contract } = await import('./helpers/contract.js');
    const schema = contract.paths['/vendors/{vendorId}/locations/{locationId}/invoices'].get.responses['200'].content['application/json'].schema;
    expect(serializableUnion(contract, schema)).toEqual({
      if: { type: 'object', required: ['locationInvoices'] },
      then: { $ref: '#/components/schemas/InvoiceList' },
      else: { $ref: '#/components/schemas/InvoiceFilterList' },
    });
  });

  it('the filter options still answer in their own shape', async () => {
    const raw = await s.token({ type: 'login' });
    const res = await s.app.inject({ url: `${invoicesPath(s.demo.vendors.pfg, s.demo.locations.blueHeron)}?filters=true`, headers: s.auth(raw) });
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listInvoices', 200, res.json());
    expect(res.json().filters.length).toBeGreaterThan(0);
  });
});

describe('compressed large answers', () => {
  it('a large invoice list is sent brotli- or gzip-compressed when accepted, plain otherwise, with the same content', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const scale = await seedScaleLocation(s.db, { invoices: 400, label: 'compressed' });
    const url = invoicesPath(scale.vendorId, scale.locationId);
    const plain = await s.app.inject({ url, headers: s.auth(scale.token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await s.app.inject({ url, headers: { ...s.auth(scale.token), 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await s.app.inject({ url, headers: { ...s.auth(scale.token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    // small answers stay plain
    const small = await s.app.inject({ url: '/api/tokens/current', headers: { ...s.auth(scale.token), 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
