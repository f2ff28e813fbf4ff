// @vitest-environment node
/** Every query is scoped to the token's contact: another contact's vendor, location or record answers 404, never data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
let dana: string; // the demo contact's login token
let marcus: string; // the other contact's login token
let foreignVendor: string;
let foreignLocation: string;
let marcusRequest: string;

beforeAll(async () => {
  s = await startTestServer();
  dana = await s.token({});
  marcus = await s.token({ contactId: s.demo.otherContactId });
  const vendor = await s.db
    .insertInto('vendors')
    .values({ name: 'Lowcountry Dairy', displayName: 'Lowcountry Dairy', address: json(null), createType: 'manual' })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreignVendor = vendor.id;
  const location = await s.db
    .insertInto('locations')
    .values({ vendorId: foreignVendor, displayName: 'Saltmarsh Bistro', address: json(null), createType: 'manual' })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreignLocation = location.id;
  await s.db.insertInto('contactLocations').values({ contactId: s.demo.otherContactId, vendorId: foreignVendor, locationId: foreignLocation }).execute();
  const request = await s.db
    .insertInto('requests')
    .values({
      vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.saltmarsh, contactId: s.demo.otherContactId, type: 'click2pay', status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  marcusRequest = request.id;
});
afterAll(async () => {
  await s?.close();
});

const get = (url: string, token = dana) => s.app.inject({ url, headers: s.auth(token) });
const loc = (vendorId: string, locationId: string) => `/api/vendors/${vendorId}/locations/${locationId}`;

describe('vendors and locations are only the contact’s', () => {
  it('lists only the vendors of the contact, without internal keys', async () => {
    const res = await get('/api/vendors');
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listVendors', 200, res.json());
    const vendors = res.json().vendors as Array<Record<string, unknown>>;
    expect(vendors.map((v) => v.id).sort()).toEqual([s.demo.vendors.pfg, s.demo.vendors.coastal].sort());
    expect(res.body).not.toContain('internal');
    expect(res.body).not.toContain('PFG-CLT-0042'); // a value kept in vendors.internal

    const other = await get('/api/vendors', marcus);
    expect(other.json().vendors.map((v: { id: string }) => v.id).sort()).toEqual([s.demo.vendors.pfg, foreignVendor].sort());
  });

  it('lists only the contact’s locations of a vendor, sorted by name, with unread-message flags', async () => {
    const res = await get(`/api/vendors/${s.demo.vendors.pfg}/locations`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listLocations', 200, res.json());
    const locations = res.json().locations as Array<{ id: string; displayName: string; hasUnreadMessages: boolean }>;
    expect(locations.map((l) => l.displayName)).toEqual(['Blue Heron Grill', 'Harbor Street Kitchen', 'Magnolia Catering']);
    expect(locations.map((l) => l.id)).not.toContain(s.demo.locations.saltmarsh);

    const unread = await s.db
      .selectFrom('messages')
      .select('locationId')
      .distinct()
      .where('contactId', '=', s.demo.contactId)
      .where('readAt', 'is', null)
      .execute();
    const unreadIds = new Set(unread.map((u) => u.locationId));
    for (const l of locations) expect(l.hasUnreadMessages).toBe(unreadIds.has(l.id));

    const other = await get(`/api/vendors/${s.demo.vendors.pfg}/locations`, marcus);
    expect(other.json().locations.map((l: { id: string }) => l.id)).toEqual([s.demo.locations.saltmarsh]);
  });
});

describe('another contact’s ids answer 404', () => {
  const cases: Array<[string, () => string]> = [
    ['locations of a vendor the contact does not belong to', () => `/api/vendors/${foreignVendor}/locations`],
    ['announcements of a vendor the contact does not belong to', () => `/api/vendors/${foreignVendor}/announcements`],
    ['requests of another contact’s location', () => `${loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/requests`],
    ['AutoPay of another contact’s location', () => `${loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/autopay`],
    ['plans of a location of another vendor', () => `${loc(s.demo.vendors.coastal, s.demo.locations.blueHeron)}/paymentplans`],
    ['a location under a vendor it does not belong to', () => `${loc(foreignVendor, s.demo.locations.blueHeron)}/requests`],
    ['a vendor that does not exist', () => `/api/vendors/00000000-0000-4000-8000-000000000000/locations`],
    ['another contact’s request at the contact’s own location', () => `${loc(s.demo.vendors.pfg, s.demo.locations.blueHeron)}/requests/${marcusRequest}`],
    ['another contact’s request at its own location', () => `${loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/requests/${marcusRequest}`],
  ];

  it.each(cases)('%s', async (_name, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 'not_found' });
    expectMatchesContract('listLocations', 404, res.json());
  });

  it('the other contact cannot read the demo contact’s request either', async () => {
    const res = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/requests/${s.demo.requests.autopay}`, marcus);
    expect(res.statusCode).toBe(404);
    const own = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/requests/${s.demo.requests.autopay}`);
    expect(own.statusCode).toBe(200);
  });

  it('a request id at the wrong location of the same contact is 404', async () => {
    const res = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.blueHeron)}/requests/${s.demo.requests.autopay}`);
    expect(res.statusCode).toBe(404);
  });

  it('records no visit for a location outside the scope', async () => {
    const before = await s.db.selectFrom('visits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await s.app.inject({
      method: 'POST', url: `${loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/visits`, headers: s.auth(dana), payload: {},
    });
    expect(res.statusCode).toBe(404);
    const after = await s.db.selectFrom('visits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a malformed id is a 400 naming the parameter, not a 404 or 500', async () => {
    const res = await get(`/api/vendors/not-a-uuid/locations`);
    expect(res.statusCode).toBe(400);
    expectMatchesContract('listLocations', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'vendorId' });
  });

  it('without a token nothing is answered but 401', async () => {
    const res = await s.app.inject({ url: `/api/vendors/${s.demo.vendors.pfg}/locations` });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('invalid');
  });
});
