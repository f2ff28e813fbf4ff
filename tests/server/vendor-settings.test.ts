// @vitest-environment node
/**
 * The vendor's own settings through the vendor API (`GET` / `PATCH /settings`): what the vendor is answered is what the
 * portal shows its customers, a change reaches the portal on the next request (no cache in between), only the fields
 * sent change, bad input is a 400 naming the field and writes nothing, a logo is served by the portal itself, and one
 * vendor's key never reads or changes another's settings. Every vendor API answer is checked against the contract,
 * every portal answer against the portal's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { FEATURE_FLAG_NAMES } from '../../server/domain/vendor-settings.js';
import { demoFeatureFlags } from '../../server/seed/demo.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesContract, expectMatchesVendorContract, vendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string; // Performance Foodservice – Carolina
let keyB: string; // Coastal Produce Co.
let portalToken: string; // Dana, a customer of both

/** A 1×1 PNG and a few bytes with the JPEG signature: what the portal checks is the type the bytes say. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const upload = (bytes: Buffer, contentType = 'image/png') => ({ contentType, data: bytes.toString('base64') });

async function call(operationId: string, method: 'GET' | 'PATCH', key: string, payload?: unknown) {
  const res = await s.app.inject({ method, url: '/vendor-api/settings', headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.json();
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}
const settingsOf = async (key: string) => (await call('getSettings', 'GET', key)).body;
const patch = (key: string, body: unknown) => call('updateSettings', 'PATCH', key, body);

async function portal(operationId: string, url: string) {
  const res = await s.app.inject({ method: 'GET', url: `/api${url}`, headers: s.auth(portalToken) });
  const body = res.json();
  expectMatchesContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}
const portalVendor = async (vendorId: string) => (await portal('listVendors', '/vendors')).body.vendors.find((v: { id: string }) => v.id === vendorId);

async function cliKey(vendorId: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'settings test'], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

beforeAll(async () => {
  s = await startTestServer();
  keyA = await cliKey(s.demo.vendors.pfg);
  keyB = await cliKey(s.demo.vendors.coastal);
  portalToken = await s.token({ contactId: s.demo.contactId });
});
afterAll(async () => {
  await s?.close();
});

describe('GET /settings', () => {
  it('answers the vendor’s settings as the portal shows them to its customers', async () => {
    const settings = await settingsOf(keyA);
    expect(settings).toEqual({
      displayName: 'Performance Foodservice – Carolina',
      appName: 'PerformancePay',
      logoUrl: null,
      c2pPaymentDays: 30,
      autoPayStartDateTimeFrame: 10,
      paymentConfigs: [
        { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' },
        { provider: 'priority-ach', type: 'ACH', serviceFee: null },
      ],
      eodCutoff: { hour: 17, timezone: 'America/New_York' },
      featureFlags: expect.objectContaining({ pro: true, power: false, displayInvoicePoRefId: true, customerManageAutopay: true }),
      invoiceFilterColumns: ['shipTo'],
    });
    const seen = await portalVendor(s.demo.vendors.pfg);
    expect(seen.displayName).toBe(settings.displayName);
    expect(seen.config).toMatchObject({ appName: settings.appName, logoUrl: null, c2pPaymentDays: 30, autoPayStartDateTimeFrame: 10 });
    expect(seen.featureFlags).toEqual(settings.featureFlags);
  });

  it('each key sees its own vendor', async () => {
    const b = await settingsOf(keyB);
    expect(b.displayName).toBe('Coastal Produce Co.');
    expect(b.c2pPaymentDays).toBe(14);
    expect(b.paymentConfigs[0]).toEqual({ provider: 'priority-cc', type: 'CC', serviceFee: '3' });
  });

  it('knows every flag the demo data sets and every flag the portal acts on', () => {
    const contractFlags = Object.keys(vendorContract.components.schemas.VendorFeatureFlags.properties).sort();
    expect([...FEATURE_FLAG_NAMES].sort()).toEqual(contractFlags);
    expect(Object.keys(demoFeatureFlags()).sort()).toEqual(contractFlags);
    expect(contractFlags).toEqual(expect.arrayContaining(['displayExternalInvoiceDate', 'displayInvoicePoRefId', 'customerManageAutopay']));
    expect(Object.keys(vendorContract.components.schemas.FeatureFlagsPatch.properties).sort()).toEqual(contractFlags);
  });
});

describe('PATCH /settings', () => {
  it('changes only the fields sent, and the same change twice changes nothing more', async () => {
    const before = await settingsOf(keyA);
    const first = await patch(keyA, { c2pPaymentDays: 45 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...before, c2pPaymentDays: 45 });
    const second = await patch(keyA, { c2pPaymentDays: 45 });
    expect(second.body).toEqual(first.body);
    expect(await settingsOf(keyA)).toEqual(first.body);
    // within an object, only the members sent
    const eod = await patch(keyA, { eodCutoff: { hour: 16 } });
    expect(eod.body.eodCutoff).toEqual({ hour: 16, timezone: 'America/New_York' });
    const flags = await patch(keyA, { featureFlags: { power: true } });
    expect(flags.body.featureFlags).toEqual({ ...before.featureFlags, power: true });
    // the other vendor is untouched
    expect((await settingsOf(keyB)).c2pPaymentDays).toBe(14);
  });

  it('the portal reads every new value on its next request', async () => {
    const changed = await patch(keyA, {
      displayName: 'PFG Carolina',
      appName: 'PFG Pay',
      c2pPaymentDays: 60,
      autoPayStartDateTimeFrame: 0,
      eodCutoff: { hour: 15, timezone: 'america/chicago' },
      featureFlags: { displayInvoicePoRefId: false, customerManageAutopay: null },
      invoiceFilterColumns: [],
    });
    expect(changed.status).toBe(200);
    // the zone in its canonical spelling; a flag set to null is the vendor's no more (the portal's default applies)
    expect(changed.body.eodCutoff).toEqual({ hour: 15, timezone: 'America/Chicago' });
    expect(changed.body.featureFlags).not.toHaveProperty('customerManageAutopay');

    const seen = await portalVendor(s.demo.vendors.pfg);
    expect(seen).toMatchObject({
      displayName: 'PFG Carolina',
      config: { appName: 'PFG Pay', c2pPaymentDays: 60, autoPayStartDateTimeFrame: 0 },
      eodCutoff: { hour: 15, timezone: 'America/Chicago' },
      invoiceFilterColumns: [],
    });
    expect(seen.featureFlags.displayInvoicePoRefId).toBe(false);
    expect(seen.featureFlags).not.toHaveProperty('customerManageAutopay');

    // the ship-to filter is gone from the invoice list at once, and back when the column is
    const filters = () => portal('listInvoices', `/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}/invoices?filters=true`);
    expect((await filters()).body.filters).toEqual([]);
    await patch(keyA, { invoiceFilterColumns: ['shipTo'] });
    expect((await filters()).body.filters.map((f: { filterValue: string }) => f.filterValue)).toEqual(expect.arrayContaining(['0041-01', '0041-02']));
  });

  it('a card fee applies where the vendor’s own payment configuration does; a location with its own keeps its fee', async () => {
    const vendorApi = (url: string, payload: unknown) =>
      s.app.inject({ method: 'POST', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${keyA}` }, payload: payload as object });
    // a location loaded without payment configs uses the vendor's; a contact there to look with
    expect((await vendorApi('/locations/batch', { locations: [{ externalId: 'FEE-1', displayName: 'Fee Street Deli' }] })).statusCode).toBe(200);
    const contacts = await vendorApi('/contacts/batch', { contacts: [{ externalId: 'FEE-C1', firstName: 'Ada', lastName: 'Fee', email: 'ada@fee.example', locationExternalIds: ['FEE-1'] }] });
    const contactId = contacts.json().results[0].id;
    const locationId = (await s.db.selectFrom('locations').select('id').where('externalId', '=', 'FEE-1').executeTakeFirstOrThrow()).id;
    const token = await s.token({ contactId });
    const clientFlow = async (location: string, auth: { authorization: string }) => {
      const res = await s.app.inject({ method: 'GET', url: `/api/vendors/${s.demo.vendors.pfg}/locations/${location}/paymentmethods?createClientFlow=true`, headers: auth });
      expectMatchesContract('listPaymentMethods', res.statusCode, res.json());
      return res.json().clientFlowInfo;
    };
    expect((await clientFlow(locationId, s.auth(token)))['plastiq-cc'].serviceFee).toBe('2.9');

    const changed = await patch(keyA, { cardServiceFees: { 'plastiq-cc': '2.75' } });
    expect(changed.body.paymentConfigs).toEqual([
      { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.75' },
      { provider: 'priority-ach', type: 'ACH', serviceFee: null },
    ]);
    expect((await clientFlow(locationId, s.auth(token)))['plastiq-cc'].serviceFee).toBe('2.75');
    expect((await portalVendor(s.demo.vendors.pfg)).paymentConfigs[0].serviceFee).toBe('2.75');
    // the demo locations were loaded with their own configuration
    expect((await clientFlow(s.demo.locations.blueHeron, s.auth(portalToken)))['plastiq-cc'].serviceFee).toBe('2.9');

    // no fee at all, then a fee of 0 — both are fees the portal shows
    expect((await patch(keyA, { cardServiceFees: { 'plastiq-cc': null } })).body.paymentConfigs[0].serviceFee).toBeNull();
    expect((await patch(keyA, { cardServiceFees: { 'plastiq-cc': '0' } })).body.paymentConfigs[0].serviceFee).toBe('0');
    // the cap (issue 20): 3 % is the most a vendor may set; above it is refused and nothing changes
    expect((await patch(keyA, { cardServiceFees: { 'plastiq-cc': '3' } })).body.paymentConfigs[0].serviceFee).toBe('3');
    for (const fee of ['3.5', '3.01', '99.99']) {
      const above = await patch(keyA, { cardServiceFees: { 'plastiq-cc': fee } });
      expect(above.status, fee).toBe(422);
      expect(above.body).toMatchObject({ errorCode: 'service_fee_above_cap', field: 'cardServiceFees.plastiq-cc' });
      expect(above.body.message).toContain('cardServiceFees.plastiq-cc');
      expect(above.body.message).toContain('at most 3 percent');
      expect((await settingsOf(keyA)).paymentConfigs[0].serviceFee).toBe('3');
      expect((await clientFlow(locationId, s.auth(token)))['plastiq-cc'].serviceFee).toBe('3');
    }

    // a card provider the vendor does not offer cannot have a fee
    const unoffered = await patch(keyA, { cardServiceFees: { 'priority-cc': '1.5' } });
    expect(unoffered.status).toBe(422);
    expect(unoffered.body.field).toBe('cardServiceFees.priority-cc');
  });

  it('refuses an unknown time zone, and takes one the portal knows', async () => {
    for (const timezone of ['Mars/Olympus_Mons', 'Not_A_Zone']) {
      const res = await patch(keyA, { eodCutoff: { timezone } });
      expect(res.status, timezone).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'validation_failed', field: 'eodCutoff.timezone' });
    }
    for (const timezone of ['+05:00', '', 'America/New York', 'x'.repeat(65)]) {
      const res = await patch(keyA, { eodCutoff: { timezone } });
      expect(res.status, timezone).toBe(400);
      expect(res.body.field, timezone).toBe('eodCutoff.timezone');
    }
    expect((await patch(keyA, { eodCutoff: { timezone: 'Pacific/Honolulu' } })).body.eodCutoff.timezone).toBe('Pacific/Honolulu');
    expect((await patch(keyA, { eodCutoff: { timezone: 'UTC' } })).body.eodCutoff.timezone).toBe('UTC');
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const before = await settingsOf(keyA);
    const cases: Array<[unknown, string | undefined]> = [
      [{ displayName: '' }, 'displayName'],
      [{ displayName: 'x'.repeat(201) }, 'displayName'],
      [{ appName: 'x'.repeat(51) }, 'appName'],
      [{ appName: 'line\nbreak' }, 'appName'],
      [{ c2pPaymentDays: 0 }, 'c2pPaymentDays'],
      [{ c2pPaymentDays: 367 }, 'c2pPaymentDays'],
      [{ c2pPaymentDays: 1.5 }, 'c2pPaymentDays'],
      [{ c2pPaymentDays: '30' }, 'c2pPaymentDays'],
      [{ autoPayStartDateTimeFrame: -1 }, 'autoPayStartDateTimeFrame'],
      [{ autoPayStartDateTimeFrame: 400 }, 'autoPayStartDateTimeFrame'],
      [{ eodCutoff: { hour: 24 } }, 'eodCutoff.hour'],
      [{ eodCutoff: { hour: -1 } }, 'eodCutoff.hour'],
      [{ eodCutoff: {} }, 'eodCutoff'],
      [{ featureFlags: { madeUpFlag: true } }, 'featureFlags.madeUpFlag'],
      [{ featureFlags: { pro: 'yes' } }, 'featureFlags.pro'],
      [{ invoiceFilterColumns: ['poRefId'] }, 'invoiceFilterColumns[0]'],
      [{ invoiceFilterColumns: ['shipTo', 'shipTo'] }, 'invoiceFilterColumns'],
      [{ cardServiceFees: { 'priority-ach': '1' } }, 'cardServiceFees.priority-ach'],
      [{ logoUrl: 'https://cdn.example/logo.png' }, 'logoUrl'],
      [{ surprise: 1 }, 'surprise'],
      [{}, undefined],
    ];
    for (const fee of ['100', '2.999', '-1', '02', '1e2', '.5', '2.', 'abc']) cases.push([{ cardServiceFees: { 'plastiq-cc': fee } }, 'cardServiceFees.plastiq-cc']);
    for (const [body, field] of cases) {
      const res = await patch(keyA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('validation_failed');
      if (field) expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    expect(await settingsOf(keyA)).toEqual(before);
  });

  it('two changes at once both land (each rewrites the jsonb the other changed)', async () => {
    await Promise.all([
      patch(keyA, { featureFlags: { accountSummary: false } }),
      patch(keyA, { featureFlags: { qboConnect: false } }),
      patch(keyA, { eodCutoff: { hour: 14 } }),
      patch(keyA, { eodCutoff: { timezone: 'America/Denver' } }),
    ]);
    const after = await settingsOf(keyA);
    expect(after.featureFlags).toMatchObject({ accountSummary: false, qboConnect: false });
    expect(after.eodCutoff).toEqual({ hour: 14, timezone: 'America/Denver' });
  });
});

describe('logo', () => {
  const image = (url: string) => s.app.inject({ method: 'GET', url });

  it('an uploaded logo is served by the portal and shown in place of the initials; replacing it drops the old image', async () => {
    const first = await patch(keyA, { logo: upload(PNG) });
    expect(first.status).toBe(200);
    const logoUrl: string = first.body.logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/vendor-images/${s.demo.vendors.pfg}/[0-9a-f]{64}\\.png$`));
    const served = await image(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await portalVendor(s.demo.vendors.pfg)).config.logoUrl).toBe(logoUrl);

    // the same logo again: the same address, nothing new
    expect((await patch(keyA, { logo: upload(PNG) })).body.logoUrl).toBe(logoUrl);
    expect(await s.db.selectFrom('vendorImages').select('path').where('vendorId', '=', s.demo.vendors.pfg).execute()).toEqual([{ path: logoUrl }]);

    const second = await patch(keyA, { logo: upload(JPEG, 'image/jpeg') });
    expect(second.body.logoUrl).toMatch(/\.jpg$/);
    expect((await image(second.body.logoUrl)).headers['content-type']).toBe('image/jpeg');
    expect((await image(logoUrl)).statusCode).toBe(404);
    // the address of an image is exact: another extension, another vendor, a malformed hash are not found
    expect((await image(second.body.logoUrl.replace(/\.jpg$/, '.png'))).statusCode).toBe(404);
    expect((await image(second.body.logoUrl.replace(s.demo.vendors.pfg, s.demo.vendors.coastal))).statusCode).toBe(404);
    expect((await image(`/vendor-images/${s.demo.vendors.pfg}/nothing.png`)).statusCode).toBe(404);

    const removed = await patch(keyA, { logo: null });
    expect(removed.body.logoUrl).toBeNull();
    expect((await portalVendor(s.demo.vendors.pfg)).config.logoUrl).toBeNull();
    expect((await image(second.body.logoUrl)).statusCode).toBe(404);
  });

  it('takes PNG, JPEG and WebP only, as their bytes say, up to 512 KiB', async () => {
    const before = await settingsOf(keyA);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[unknown, string]> = [
      [upload(svg), 'logo.data'], // not an image the portal takes
      [upload(svg, 'image/svg+xml'), 'logo.contentType'],
      [upload(PNG, 'image/jpeg'), 'logo.data'], // the bytes are a PNG
      [{ contentType: 'image/png', data: 'iVBORw0KGgo' }, 'logo.data'], // not whole base64 groups
      [{ contentType: 'image/png', data: 'not base64!' }, 'logo.data'],
      [upload(Buffer.concat([PNG, Buffer.alloc(512 * 1024)])), 'logo.data'], // too large
      [{ contentType: 'image/png' }, 'logo.data'],
      [{ ...upload(PNG), url: 'https://cdn.example/logo.png' }, 'logo.url'],
    ];
    for (const [logo, field] of cases) {
      const res = await patch(keyA, { logo });
      expect(res.status, field).toBe(400);
      expect(res.body.field, JSON.stringify(logo).slice(0, 80)).toBe(field);
    }
    expect(await settingsOf(keyA)).toEqual(before);
    expect(await s.db.selectFrom('vendorImages').select('path').where('vendorId', '=', s.demo.vendors.pfg).execute()).toEqual([]);
  });
});

describe('tenancy', () => {
  it('a key changes its own vendor only', async () => {
    const a = await settingsOf(keyA);
    const b = await patch(keyB, { displayName: 'Coastal Produce', featureFlags: { statements: true }, logo: upload(PNG) });
    expect(b.status).toBe(200);
    expect(b.body.logoUrl).toContain(s.demo.vendors.coastal);
    expect(await settingsOf(keyA)).toEqual(a);
    expect((await portalVendor(s.demo.vendors.pfg)).displayName).toBe(a.displayName);
    expect((await portalVendor(s.demo.vendors.coastal)).displayName).toBe('Coastal Produce');
  });
});
