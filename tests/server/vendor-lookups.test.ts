// @vitest-environment node
/**
 * Finding what a vendor loaded by its own ids: the lists of locations, contacts and invoices filter by `externalId`
 * (one or several), invoices also by `status` and `updatedSince`, contacts by `locationId`; one invoice by its
 * externalId (`GET /invoices/by-external-id/{externalId}`). Another vendor's records with the same externalIds stay
 * its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string;
let keyB: string;

async function call(operationId: string, method: 'GET' | 'POST', url: string, key = keyA, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

async function cliKey(vendorId: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'lookups'], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

const invoice = (externalId: string, locationExternalId: string, extra: Record<string, unknown> = {}) => ({
  externalId, locationExternalId, displayInvNum: externalId, originalAmount: 50, openAmount: 50, dueDate: '2099-05-01', status: 'open', ...extra,
});

let locations: Record<string, string>;
let contacts: Record<string, string>;

beforeAll(async () => {
  s = await startTestServer();
  keyA = await cliKey(s.demo.vendors.pfg);
  keyB = await cliKey(s.demo.vendors.coastal);
  for (const key of [keyA, keyB]) {
    const locs = await call('upsertLocations', 'POST', '/locations/batch', key, {
      locations: [{ externalId: 'LK-1', displayName: 'Lookup One' }, { externalId: 'LK-2', displayName: 'Lookup Two' }, { externalId: 'LK 3/a', displayName: 'Lookup Three' }],
    });
    if (key === keyA) locations = Object.fromEntries(locs.body.results.map((r: { externalId: string; id: string }) => [r.externalId, r.id]));
    const cons = await call('upsertContacts', 'POST', '/contacts/batch', key, {
      contacts: [
        { externalId: 'LC-1', firstName: 'Lu', lastName: 'One', locationExternalIds: ['LK-1'] },
        { externalId: 'LC-2', firstName: 'Lu', lastName: 'Two', locationExternalIds: ['LK-2'] },
      ],
    });
    if (key === keyA) contacts = Object.fromEntries(cons.body.results.map((r: { externalId: string; id: string }) => [r.externalId, r.id]));
    await call('upsertInvoices', 'POST', '/invoices/batch', key, {
      invoices: [invoice('LI-1', 'LK-1'), invoice('LI-2', 'LK-1'), invoice('LI-3', 'LK-2'), invoice('LI 4/b', 'LK 3/a'), invoice('LI-5', 'LK-2')],
    });
    // the console's search: numbers that begin alike in any case, a literal % and _, due days apart
    await call('upsertInvoices', 'POST', '/invoices/batch', key, {
      invoices: [
        invoice('LS-1', 'LK-1', { displayInvNum: 'SRCH-100', dueDate: '2099-01-10' }),
        invoice('LS-2', 'LK-2', { displayInvNum: 'srch-101', dueDate: '2099-02-10' }),
        invoice('LS-3', 'LK 3/a', { displayInvNum: 'SRCH%1_2', dueDate: '2099-03-10' }),
        invoice('LS-4', 'LK-2', { displayInvNum: 'SRCHX1X2', dueDate: null }),
      ],
    });
  }
  // one closed, one voided (vendor A only)
  await call('upsertInvoices', 'POST', '/invoices/batch', keyA, { invoices: [invoice('LI-2', 'LK-1', { status: 'closed' }), invoice('LI-5', 'LK-2', { status: 'void' })] });
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const externalIdsOf = (rows: Array<{ externalId: string | null }>) => rows.map((r) => r.externalId).sort();

describe('lookups by the vendor’s own ids', () => {
  it('locations, contacts and invoices by one externalId or several; ids never loaded are simply absent', async () => {
    const one = await call('listLocations', 'GET', '/locations?externalId=LK-2');
    expect(one.body.locations.map((l: { id: string }) => l.id)).toEqual([locations['LK-2']]);
    const several = await call('listLocations', 'GET', `/locations?externalId=LK-1&externalId=${encodeURIComponent('LK 3/a')}&externalId=NEVER`);
    expect(externalIdsOf(several.body.locations)).toEqual(['LK 3/a', 'LK-1']);

    const people = await call('listContacts', 'GET', '/contacts?externalId=LC-2&externalId=LC-1');
    expect(people.body.contacts.map((c: { id: string }) => c.id).sort()).toEqual([contacts['LC-1'], contacts['LC-2']].sort());

    const invoices = await call('listInvoices', 'GET', `/invoices?externalId=LI-3&externalId=${encodeURIComponent('LI 4/b')}`);
    expect(externalIdsOf(invoices.body.invoices)).toEqual(['LI 4/b', 'LI-3']);
    expect(invoices.body.invoices.every((i: { locationExternalId: string }) => i.locationExternalId !== null)).toBe(true);
  });

  it('another vendor with the same externalIds gets its own records, never these', async () => {
    const mine = (await call('listInvoices', 'GET', '/invoices?externalId=LI-1')).body.invoices;
    const theirs = (await call('listInvoices', 'GET', '/invoices?externalId=LI-1', keyB)).body.invoices;
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(mine[0].id);
    const byExternal = await call('getInvoiceByExternalId', 'GET', '/invoices/by-external-id/LI-1', keyB);
    expect(byExternal.body.id).toBe(theirs[0].id);
  });

  it('one invoice by its externalId (URL-encoded); 404 when never loaded', async () => {
    const found = await call('getInvoiceByExternalId', 'GET', `/invoices/by-external-id/${encodeURIComponent('LI 4/b')}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ externalId: 'LI 4/b', locationId: locations['LK 3/a'], locationExternalId: 'LK 3/a', status: 'open' });
    const byId = await call('getInvoice', 'GET', `/invoices/${found.body.id}`);
    expect(byId.body).toEqual(found.body);
    const missing = await call('getInvoiceByExternalId', 'GET', '/invoices/by-external-id/NEVER-LOADED');
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('not_found');
  });

  it('invoices by status, by location, and changed since a moment (an incremental sync)', async () => {
    const status = async (value: string) => externalIdsOf((await call('listInvoices', 'GET', `/invoices?status=${value}&externalId=LI-1&externalId=LI-2&externalId=LI-3&externalId=LI-5`)).body.invoices);
    expect(await status('open')).toEqual(['LI-1', 'LI-3']);
    expect(await status('closed')).toEqual(['LI-2']);
    expect(await status('void')).toEqual(['LI-5']);
    const atLocation = await call('listInvoices', 'GET', `/invoices?locationId=${locations['LK-1']}&status=open`);
    expect(externalIdsOf(atLocation.body.invoices)).toEqual(['LI-1', 'LS-1']);

    const since = new Date(Date.now() + 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('upsertInvoices', 'POST', '/invoices/batch', keyA, { invoices: [invoice('LI-3', 'LK-2', { openAmount: 20 })] });
    const changed = await call('listInvoices', 'GET', `/invoices?updatedSince=${encodeURIComponent(since)}`);
    expect(externalIdsOf(changed.body.invoices)).toEqual(['LI-3']);
    expect(changed.body.invoices[0].openAmount).toBe(20);
  });

  it('the console’s search: a number’s beginning in any case, a customer’s name, a due range — a wildcard is a character', async () => {
    const search = async (query: string, key = keyA) => externalIdsOf((await call('listInvoices', 'GET', `/invoices?${query}`, key)).body.invoices);
    expect(await search('number=srch')).toEqual(['LS-1', 'LS-2', 'LS-3', 'LS-4']);
    expect(await search('number=SRCH-10')).toEqual(['LS-1', 'LS-2']);
    expect(await search(`number=${encodeURIComponent('SRCH%1_')}`)).toEqual(['LS-3']);
    expect(await search('number=RCH')).toEqual([]);
    expect(await search('number=srch&customer=lookup%20two')).toEqual(['LS-2', 'LS-4']);
    expect(await search('number=srch&customer=THREE')).toEqual(['LS-3']);
    expect(await search('number=srch&dueFrom=2099-02-01')).toEqual(['LS-2', 'LS-3']);
    expect(await search('number=srch&dueFrom=2099-02-01&dueTo=2099-02-28')).toEqual(['LS-2']);
    // another vendor's invoices of the same numbers and names stay its own
    const theirs = (await call('listInvoices', 'GET', '/invoices?number=srch-100', keyB)).body.invoices;
    const mine = (await call('listInvoices', 'GET', '/invoices?number=srch-100')).body.invoices;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(mine[0].id);
    // each invoice names its customer
    expect(mine[0]).toMatchObject({ locationId: locations['LK-1'], locationName: 'Lookup One' });
    const bad = await call('listInvoices', 'GET', '/invoices?dueFrom=2099-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'validation_failed', field: 'dueFrom' });
  });

  it('an invoice’s journey, newest first, with who acted; truncated past the limit; another vendor’s invoice is not found', async () => {
    const busiest = await s.db
      .selectFrom('invoiceJourneys as j')
      .innerJoin('invoices as i', 'i.id', 'j.invoiceId')
      .select(['j.invoiceId', s.db.fn.countAll<number>().as('n')])
      .where('i.vendorId', '=', s.demo.vendors.pfg)
      .groupBy('j.invoiceId')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(busiest.n)).toBeGreaterThan(1);
    const all = await call('getInvoiceJourney', 'GET', `/invoice-journeys/${busiest.invoiceId}`);
    expect(all.status).toBe(200);
    expect(all.body.entries).toHaveLength(Number(busiest.n));
    expect(all.body.truncated).toBe(false);
    const times = all.body.entries.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const rows = await s.db.selectFrom('invoiceJourneys').select(['id', 'contactId']).where('invoiceId', '=', busiest.invoiceId).execute();
    for (const entry of all.body.entries as Array<{ id: string; contact: { id: string; name: string } | null }>) {
      expect(entry.contact?.id ?? null).toBe(rows.find((r) => r.id === entry.id)!.contactId);
      if (entry.contact) expect(entry.contact.name.length).toBeGreaterThan(0);
    }
    const one = await call('getInvoiceJourney', 'GET', `/invoice-journeys/${busiest.invoiceId}?limit=1`);
    expect(one.body).toEqual({ entries: [all.body.entries[0]], truncated: true });
    expect((await call('getInvoiceJourney', 'GET', `/invoice-journeys/${busiest.invoiceId}`, keyB)).status).toBe(404);
  });

  it('locations by part of their name, whatever its case; a wildcard is a character; another vendor’s are its own', async () => {
    const names = async (query: string, key = keyA) => (await call('listLocations', 'GET', `/locations?${query}&limit=1000`, key)).body.locations.map((l: { displayName: string }) => l.displayName).sort();
    expect(await names('name=lookup')).toEqual(['Lookup One', 'Lookup Three', 'Lookup Two']);
    expect(await names('name=OOKUP%20T')).toEqual(['Lookup Three', 'Lookup Two']);
    expect(await names(`name=${encodeURIComponent('Look%')}`)).toEqual([]);
    const theirs = (await call('listLocations', 'GET', '/locations?name=lookup%20one', keyB)).body.locations;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(locations['LK-1']);
  });

  it('contacts of one location', async () => {
    const at = await call('listContacts', 'GET', `/contacts?locationId=${locations['LK-2']}`);
    expect(at.body.contacts.map((c: { id: string }) => c.id)).toEqual([contacts['LC-2']]);
  });

  it('bad filters are refused naming the parameter: more than 100 externalIds, an unknown status, a date that is not one', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `externalId=X-${i}`).join('&');
    for (const [url, field] of [[`/invoices?${many}`, 'externalId'], ['/invoices?status=paid', 'status'], ['/invoices?updatedSince=yesterday', 'updatedSince']] as const) {
      const res = await call('listInvoices', 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'validation_failed', field });
    }
  });
});
