// @vitest-environment node
/**
 * A location's account for the vendor's people (`GET /vendor-api/locations/{id}/account`): the demo's Blue Heron Grill
 * answers its AutoPay (with the method it pays by and how many invoices it leaves out) and its saved methods by name,
 * brand, last four and expiry — never a token; Harbor Street Kitchen its two plans, newest first; a bank account
 * returned R02 pauses the AutoPay and the active plan that pay with it, in the words the customer reads, and marks the
 * method unusable; a statement delivery set up shows with its contact. Another vendor's location is a 404, and so is
 * an id that is no location.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string;
let keyB: string;

async function cliKey(vendorId: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'account'], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

async function account(locationId: string, key = keyA) {
  const res = await s.app.inject({ url: `/vendor-api/locations/${locationId}/account`, headers: { authorization: `Bearer ${key}` } });
  expectMatchesVendorContract('getLocationAccount', res.statusCode, res.json());
  return { status: res.statusCode, body: res.json(), text: res.body };
}

beforeAll(async () => {
  s = await startTestServer();
  keyA = await cliKey(s.demo.vendors.pfg);
  keyB = await cliKey(s.demo.vendors.coastal);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('a location’s account', () => {
  it('Blue Heron: its AutoPay and saved methods, named as a person knows them, never a token', async () => {
    const { status, body, text } = await account(s.demo.locations.blueHeron);
    expect(status).toBe(200);
    const autopay = await s.db.selectFrom('autopays').selectAll().where('locationId', '=', s.demo.locations.blueHeron).where('deletedAt', 'is', null).executeTakeFirstOrThrow();
    const method = await s.db.selectFrom('paymentMethods').selectAll().where('id', '=', autopay.paymentMethodId).executeTakeFirstOrThrow();
    expect(body.autopay).toMatchObject({
      id: autopay.id, status: 'active', pausedBecause: null, excludedInvoiceCount: (autopay.excludedInvoiceIds as string[]).length,
      method: { id: method.id, type: 'ACH', name: method.name, lastFour: method.lastFour }, contact: { name: 'Dana Whitfield' },
    });
    const saved = await s.db.selectFrom('paymentMethods').selectAll().where('vendorId', '=', s.demo.vendors.pfg).where('locationId', '=', s.demo.locations.blueHeron).where('deletedAt', 'is', null).execute();
    expect(body.paymentMethods.map((m: { id: string }) => m.id).sort()).toEqual(saved.map((m) => m.id).sort());
    const card = body.paymentMethods.find((m: { type: string }) => m.type === 'CC');
    const cardRow = saved.find((m) => m.id === card.id)!;
    expect(card).toMatchObject({ brand: cardRow.brand, lastFour: cardRow.lastFour, expires: `${String(cardRow.expMonth).padStart(2, '0')}/${String(cardRow.expYear! % 100).padStart(2, '0')}`, verified: true, usable: true });
    for (const m of saved) expect(text).not.toContain(m.providerToken);
  });

  it('Harbor Street: its plans newest first; a return that makes the bank account unusable pauses them and the method says so', async () => {
    const before = await account(s.demo.locations.harborStreet);
    expect(before.body.paymentPlans.map((p: { name: string; status: string }) => [p.name, p.status])).toEqual([
      ['Spring Catch-Up Plan', 'active'],
      ['Holiday Season Balance', 'complete'],
    ]);
    expect(before.body.paymentPlans[0]).toMatchObject({ frequency: 'biweekly', totalAmount: 5600.75, eachAmount: 1120.15, pausedBecause: null });
    const planMethod = before.body.paymentPlans[0].method.id;
    await s.db.updateTable('paymentMethods').set({ returnedCode: 'R02', unusableSince: new Date() }).where('id', '=', planMethod).execute();
    try {
      const after = await account(s.demo.locations.harborStreet);
      expect(after.body.paymentPlans[0].status).toBe('paused');
      expect(after.body.paymentPlans[0].pausedBecause).toMatch(/6703|…|\d{4}/);
      expect(after.body.paymentPlans[1].status).toBe('complete'); // a finished plan is not paused
      expect(after.body.paymentMethods.find((m: { id: string }) => m.id === planMethod).usable).toBe(false);
    } finally {
      await s.db.updateTable('paymentMethods').set({ returnedCode: null, unusableSince: null }).where('id', '=', planMethod).execute();
    }
  });

  it('a statement delivery set up shows with its contact and schedule', async () => {
    const id = randomUUID();
    await s.db
      .insertInto('statementDeliveries')
      .values({ id, contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.magnolia, scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: true, activeFrom: '2026-11-01' })
      .execute();
    const { body } = await account(s.demo.locations.magnolia);
    expect(body.statementDeliveries).toContainEqual({ id, scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: true, activeFrom: '2026-11-01', contact: { id: s.demo.contactId, name: 'Dana Whitfield' } });
  });

  it('another vendor’s location, or no location, is a 404 that says nothing of it', async () => {
    const other = await account(s.demo.locations.coastalBlueHeron);
    expect(other.status).toBe(404);
    const mine = await account(s.demo.locations.blueHeron, keyB);
    expect(mine.status).toBe(404);
    expect(mine.text).not.toContain('Dana');
    expect((await account(randomUUID())).status).toBe(404);
  });
});
