// @vitest-environment node
/**
 * The vendor's content through the vendor API — announcements, statement-page ads and template messages — as a
 * vendor's integration writes it and as the vendor's customers then see it through the portal API with their own
 * token: written by the vendor's own id (the same call twice changes nothing), removed at once, bad input a 400 naming
 * the field, and another vendor's ids not found. Every answer is checked against its contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { MAX_ANNOUNCEMENTS } from '../../server/use-cases/vendor-content.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesContract, expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string; // Performance Foodservice – Carolina
let keyB: string; // Coastal Produce Co.
let dana: string; // portal token of Dana (a customer of both)

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
const upload = (bytes: Buffer, contentType = 'image/png') => ({ contentType, data: bytes.toString('base64') });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(operationId: string, method: Method, url: string, key: string, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

async function portal(operationId: string, url: string, token = dana) {
  const res = await s.app.inject({ method: 'GET', url: `/api${url}`, headers: s.auth(token) });
  const body = res.json();
  expectMatchesContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

async function cliKey(vendorId: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'content test'], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

beforeAll(async () => {
  s = await startTestServer();
  keyA = await cliKey(s.demo.vendors.pfg);
  keyB = await cliKey(s.demo.vendors.coastal);
  dana = await s.token({ contactId: s.demo.contactId });
});
afterAll(async () => {
  await s?.close();
});

/** Which field a 400 names, for each body (status and error code checked). */
async function expectRefused(operationId: string, method: Method, url: string, cases: Array<[unknown, string]>) {
  for (const [body, field] of cases) {
    const res = await call(operationId, method, url, keyA, body);
    expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    expect(res.body.errorCode).toBe('validation_failed');
    expect(res.body.field, JSON.stringify(body).slice(0, 120)).toBe(field);
  }
}

describe('announcements', () => {
  const pfgBanners = async () => (await portal('listVendorAnnouncements', `/vendors/${s.demo.vendors.pfg}/announcements`)).body.announcements;
  const write = (key: string, body: Record<string, unknown>) => call('upsertAnnouncement', 'POST', '/announcements', key, body);
  const remove = (key: string, query: string) => call('deleteAnnouncement', 'DELETE', `/announcements?${query}`, key);

  it('one written by the vendor shows in the portal; the same call twice changes nothing; a change is one update', async () => {
    const body = { externalId: 'closure-2099', type: 'error', message: 'Our warehouse is closed Monday; deliveries resume Tuesday.', expirationDate: '2099-12-31' };
    const created = await write(keyA, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ outcome: 'created', announcement: body });
    const again = await write(keyA, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...created.body, outcome: 'unchanged' });

    const seen = (await pfgBanners()).filter((a: { id: string }) => a.id === created.body.announcement.id);
    expect(seen).toEqual([{ id: created.body.announcement.id, type: 'error', message: body.message, expirationDate: '2099-12-31' }]);

    const changed = await write(keyA, { externalId: 'closure-2099', type: 'info', message: 'Closed Monday.' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ outcome: 'updated', announcement: { id: created.body.announcement.id, type: 'info', message: 'Closed Monday.', expirationDate: null } });
    expect((await pfgBanners()).find((a: { id: string }) => a.id === created.body.announcement.id)).toMatchObject({ type: 'info', message: 'Closed Monday.' });

    const list = await call('listAnnouncements', 'GET', '/announcements', keyA);
    // the demo's own banner of the vendor (written before the API: no externalId) and this one; never a global one
    expect(list.body.announcements.map((a: { externalId: string | null }) => a.externalId)).toEqual([null, 'closure-2099']);
  });

  it('removed, it leaves the portal at once; removing it again is not found', async () => {
    const externalId = 'promo/2099 spring & summer';
    const created = await write(keyA, { externalId, type: 'info', message: 'Spring promo' });
    expect(created.body.announcement.externalId).toBe(externalId);
    expect((await pfgBanners()).some((a: { id: string }) => a.id === created.body.announcement.id)).toBe(true);
    expect((await remove(keyA, `externalId=${encodeURIComponent(externalId)}`)).status).toBe(204);
    expect((await pfgBanners()).some((a: { id: string }) => a.id === created.body.announcement.id)).toBe(false);
    expect((await remove(keyA, `externalId=${encodeURIComponent(externalId)}`)).status).toBe(404);
  });

  it('one written before the vendor API is removed by its id', async () => {
    const legacy = (await call('listAnnouncements', 'GET', '/announcements', keyA)).body.announcements.find((a: { externalId: string | null }) => a.externalId === null);
    expect((await pfgBanners()).some((a: { id: string }) => a.id === legacy.id)).toBe(true);
    expect((await remove(keyB, `id=${legacy.id}`)).status).toBe(404); // not the other vendor's to remove
    expect((await remove(keyA, `id=${legacy.id}`)).status).toBe(204);
    expect((await pfgBanners()).some((a: { id: string }) => a.id === legacy.id)).toBe(false);
    // the global banners are no vendor's
    const global = await s.db.selectFrom('announcements').select('id').where('vendorId', 'is', null).executeTakeFirstOrThrow();
    expect((await remove(keyA, `id=${global.id}`)).status).toBe(404);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const before = (await call('listAnnouncements', 'GET', '/announcements', keyA)).body;
    const ok = { externalId: 'bad-1', type: 'info', message: 'x' };
    await expectRefused('upsertAnnouncement', 'POST', '/announcements', [
      [{ ...ok, type: 'warning' }, 'type'],
      [{ ...ok, message: '' }, 'message'],
      [{ ...ok, message: 'x'.repeat(501) }, 'message'],
      [{ ...ok, message: 'two\nlines' }, 'message'],
      [{ ...ok, expirationDate: '2099-02-30' }, 'expirationDate'],
      [{ ...ok, expirationDate: '31/12/2099' }, 'expirationDate'],
      [{ externalId: 'bad-1', type: 'info' }, 'message'],
      [{ ...ok, vendorId: s.demo.vendors.coastal }, 'vendorId'],
      [{ ...ok, externalId: 'x'.repeat(101) }, 'externalId'],
      [{ ...ok, externalId: '' }, 'externalId'],
      [{ ...ok, externalId: 'tab\there' }, 'externalId'],
      [{ type: 'info', message: 'x' }, 'externalId'],
    ]);
    for (const query of ['', `externalId=a&id=${s.demo.vendors.pfg}`, 'id=not-a-uuid', `externalId=${'x'.repeat(101)}`]) {
      const res = await remove(keyA, query);
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toMatch(/^(externalId|id)$/);
    }
    expect((await call('listAnnouncements', 'GET', '/announcements', keyA)).body).toEqual(before);
  });

  it('another vendor’s announcements are not found, and its ids are its own', async () => {
    const a = await write(keyA, { externalId: 'shared-id', type: 'info', message: 'From PFG' });
    expect((await remove(keyB, 'externalId=closure-2099')).status).toBe(404);
    expect((await remove(keyB, `id=${a.body.announcement.id}`)).status).toBe(404);
    const b = await write(keyB, { externalId: 'shared-id', type: 'info', message: 'From Coastal' });
    expect(b.status).toBe(201);
    expect(b.body.announcement.id).not.toBe(a.body.announcement.id);
    expect((await call('listAnnouncements', 'GET', '/announcements', keyB)).body.announcements.map((x: { message: string }) => x.message)).not.toContain('From PFG');
    expect((await pfgBanners()).map((x: { message: string }) => x.message)).not.toContain('From Coastal');
    expect((await call('listAnnouncements', 'GET', '/announcements', keyA)).body.announcements.find((x: { externalId: string }) => x.externalId === 'shared-id').message).toBe('From PFG');
  });

  it('the same write sent twice at once is one announcement', async () => {
    const body = { externalId: 'twice-at-once', type: 'info', message: 'Sent twice' };
    const answers = await Promise.all([write(keyA, body), write(keyA, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0].body.announcement.id).toBe(answers[1].body.announcement.id);
    const rows = await s.db.selectFrom('announcements').select('id').where('externalId', '=', 'twice-at-once').execute();
    expect(rows).toHaveLength(1);
  });

  it(`a vendor keeps at most ${MAX_ANNOUNCEMENTS}`, async () => {
    const have = (await call('listAnnouncements', 'GET', '/announcements', keyA)).body.announcements.length;
    await s.db
      .insertInto('announcements')
      .values(Array.from({ length: MAX_ANNOUNCEMENTS - have }, (_, i) => ({ vendorId: s.demo.vendors.pfg, externalId: `fill-${i}`, type: 'info' as const, message: `Filler ${i}` })))
      .execute();
    const over = await write(keyA, { externalId: 'one-too-many', type: 'info', message: 'x' });
    expect(over.status).toBe(422);
    expect(over.body.errorCode).toBe('limit_reached');
    // changing one that exists is still fine
    expect((await write(keyA, { externalId: 'fill-0', type: 'info', message: 'Changed' })).status).toBe(200);
    await s.db.deleteFrom('announcements').where('externalId', 'like', 'fill-%').execute();
  });
});

describe('ads', () => {
  const portalAds = async () => (await portal('listAdvertisements', `/vendors/${s.demo.vendors.pfg}/advertisements`)).body.advertisements;
  const image = (url: string) => s.app.inject({ method: 'GET', url });
  const write = (key: string, body: Record<string, unknown>) => call('upsertAd', 'POST', '/ads', key, body);
  const remove = (key: string, query: string) => call('deleteAd', 'DELETE', `/ads?${query}`, key);

  it('an ad written by the vendor shows on the statement page with its image served by the portal', async () => {
    const body = { externalId: 'spring', image: upload(PNG), clickUrl: 'https://www.performancefoodservice.com/spring', order: 5, duration: 7 };
    const created = await write(keyA, body);
    expect(created.status).toBe(201);
    const ad = created.body.ad;
    expect(ad).toMatchObject({ externalId: 'spring', clickUrl: body.clickUrl, order: 5, duration: 7 });
    expect(ad.imageUrl).toMatch(new RegExp(`^/vendor-images/${s.demo.vendors.pfg}/[0-9a-f]{64}\\.png$`));

    expect((await portalAds())[ad.id]).toEqual({ fileId: ad.id, fileUrl: ad.imageUrl, clickUrl: body.clickUrl, order: 5, duration: 7 });
    const served = await image(ad.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const again = await write(keyA, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ outcome: 'unchanged', ad });
    // left out, the image stays; a new one replaces it and the old one is no longer served
    const moved = await write(keyA, { externalId: 'spring', clickUrl: null, order: 0, duration: 0 });
    expect(moved.body).toEqual({ outcome: 'updated', ad: { ...ad, clickUrl: null, order: 0, duration: 0 } });
    const replaced = await write(keyA, { externalId: 'spring', image: upload(WEBP, 'image/webp'), clickUrl: null, order: 0, duration: 0 });
    expect(replaced.body.ad.imageUrl).toMatch(/\.webp$/);
    expect((await image(ad.imageUrl)).statusCode).toBe(404);
    expect((await image(replaced.body.ad.imageUrl)).headers['content-type']).toBe('image/webp');
    expect((await portalAds())[ad.id].fileUrl).toBe(replaced.body.ad.imageUrl);

    // the vendor's list has the demo ads (written before the API, orders 1–3) and this one, in the portal's order
    const list = (await call('listAds', 'GET', '/ads', keyA)).body.ads;
    expect(list.map((a: { externalId: string | null }) => a.externalId)).toEqual(['spring', null, null, null]);
  });

  it('two ads with the same picture share it; removing one keeps it for the other, removing both drops it', async () => {
    const body = { image: upload(PNG), clickUrl: null, order: 9, duration: 5 };
    const one = (await write(keyA, { externalId: 'twin-1', ...body })).body.ad;
    const two = (await write(keyA, { externalId: 'twin-2', ...body })).body.ad;
    expect(two.imageUrl).toBe(one.imageUrl);
    expect((await remove(keyA, 'externalId=twin-1')).status).toBe(204);
    expect((await image(one.imageUrl)).statusCode).toBe(200);
    expect(await portalAds()).not.toHaveProperty(one.id);
    expect((await remove(keyA, `id=${two.id}`)).status).toBe(204);
    expect((await image(one.imageUrl)).statusCode).toBe(404);
    expect((await remove(keyA, 'externalId=twin-2')).status).toBe(404);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const before = (await call('listAds', 'GET', '/ads', keyA)).body;
    const ok = { externalId: 'bad-1', image: upload(PNG), clickUrl: null, order: 1, duration: 5 };
    await expectRefused('upsertAd', 'POST', '/ads', [
      [{ externalId: 'bad-1', clickUrl: null, order: 1, duration: 5 }, 'image'], // a new ad needs its image
      [{ ...ok, image: upload(Buffer.from('GIF89a')) }, 'image.data'],
      [{ ...ok, image: upload(PNG, 'image/webp') }, 'image.data'],
      [{ ...ok, image: upload(PNG, 'image/svg+xml') }, 'image.contentType'],
      [{ ...ok, clickUrl: 'http://www.example.com/' }, 'clickUrl'],
      [{ ...ok, clickUrl: 'javascript:alert(1)' }, 'clickUrl'],
      [{ ...ok, clickUrl: 'https://user:secret@www.example.com/' }, 'clickUrl'],
      [{ ...ok, clickUrl: `https://example.com/${'x'.repeat(2000)}` }, 'clickUrl'],
      [{ ...ok, order: -1 }, 'order'],
      [{ ...ok, order: 10001 }, 'order'],
      [{ ...ok, duration: 301 }, 'duration'],
      [{ ...ok, duration: 2.5 }, 'duration'],
      [{ ...ok, fileUrl: '/static/ads/x.svg' }, 'fileUrl'],
      [{ ...ok, externalId: 'x'.repeat(101) }, 'externalId'],
    ]);
    expect((await call('listAds', 'GET', '/ads', keyA)).body).toEqual(before);
  });

  it('another vendor’s ads are not found', async () => {
    const mine = (await call('listAds', 'GET', '/ads', keyA)).body.ads.find((a: { externalId: string }) => a.externalId === 'spring');
    expect((await remove(keyB, 'externalId=spring')).status).toBe(404);
    expect((await remove(keyB, `id=${mine.id}`)).status).toBe(404);
    expect((await call('listAds', 'GET', '/ads', keyB)).body.ads).toEqual([]);
    const b = await write(keyB, { externalId: 'spring', image: upload(PNG), clickUrl: null, order: 1, duration: 5 });
    expect(b.status).toBe(201);
    expect(b.body.ad.imageUrl).toContain(s.demo.vendors.coastal);
    expect(b.body.ad.id).not.toBe(mine.id);
    expect(await portalAds()).not.toHaveProperty(b.body.ad.id);
    expect((await image(mine.imageUrl)).statusCode).toBe(200);
  });
});

describe('template messages', () => {
  let locationId: string;
  let contactId: string;
  let otherContactId: string;
  let invoiceIds: Record<string, string>;

  const content = [
    { type: 'heading', level: 1, children: [{ text: 'Two invoices are due' }] },
    { type: 'paragraph', children: [{ text: 'Hi Ada, ' }, { text: 'TM-1', bold: true }, { text: ' is due Friday.' }] },
    { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Questions? ' }, { type: 'link', url: 'mailto:ar@pfg.example', children: [{ text: 'Write to us' }] }] }] },
  ];
  const message = (extra: Record<string, unknown> = {}) => ({
    externalId: 'msg-1',
    contactId,
    locationExternalId: 'TM-LOC',
    subject: 'Two invoices need attention',
    from: { firstName: 'Karen', lastName: 'Ostrowski' },
    content,
    invoiceExternalIds: ['TM-2', 'TM-1'],
    ...extra,
  });
  const portalMessages = async (token: string, query = '') =>
    (await portal('listTemplateMessages', `/vendors/${s.demo.vendors.pfg}/locations/${locationId}/templatemessages${query}`, token)).body.templateMessages;

  beforeAll(async () => {
    const post = async (operationId: string, url: string, key: string, payload: unknown) => {
      const res = await call(operationId, 'POST', url, key, payload);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results as Array<{ externalId: string; id: string }>;
    };
    locationId = (await post('upsertLocations', '/locations/batch', keyA, { locations: [{ externalId: 'TM-LOC', displayName: 'Template Street Cafe' }, { externalId: 'TM-OTHER', displayName: 'Elsewhere Diner' }] }))[0].id;
    const contacts = await post('upsertContacts', '/contacts/batch', keyA, {
      contacts: [
        { externalId: 'TM-C1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@cafe.example', locationExternalIds: ['TM-LOC'] },
        { externalId: 'TM-C2', firstName: 'Bo', lastName: 'Other', email: 'bo@cafe.example', locationExternalIds: ['TM-LOC'] },
      ],
    });
    [contactId, otherContactId] = contacts.map((c) => c.id);
    const invoice = (externalId: string, locationExternalId: string, dueDate: string) => ({
      externalId, locationExternalId, displayInvNum: externalId, originalAmount: 120.5, openAmount: 120.5, dueDate, status: 'open',
    });
    const invoices = await post('upsertInvoices', '/invoices/batch', keyA, {
      invoices: [invoice('TM-1', 'TM-LOC', '2099-01-10'), invoice('TM-2', 'TM-LOC', '2099-01-20'), invoice('TM-3', 'TM-LOC', '2099-01-30'), invoice('TM-X', 'TM-OTHER', '2099-01-10')],
    });
    invoiceIds = Object.fromEntries(invoices.map((i) => [i.externalId, i.id]));
  });

  it('a message the vendor sends shows in the contact’s message center with its invoices, and only there', async () => {
    const sent = await call('createTemplateMessage', 'POST', '/template-messages', keyA, message());
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      externalId: 'msg-1', contactId, locationId, locationExternalId: 'TM-LOC', subject: 'Two invoices need attention',
      from: { firstName: 'Karen', lastName: 'Ostrowski' }, content, invoiceExternalIds: ['TM-2', 'TM-1'],
    });

    const ada = await s.token({ contactId });
    const seen = (await portalMessages(ada))[sent.body.id];
    expect(seen).toMatchObject({
      id: sent.body.id,
      messageData: { subject: 'Two invoices need attention' },
      from: { firstName: 'Karen', lastName: 'Ostrowski' },
      to: { firstName: 'Ada', lastName: 'Lovelace', deliverTo: '' },
    });
    expect(JSON.parse(seen.messageData.content)).toEqual(content);
    // the page lists them by due date
    expect(seen.invoices.map((i: { id: string }) => i.id)).toEqual([invoiceIds['TM-1'], invoiceIds['TM-2']]);
    expect((await portalMessages(ada, `?messageId=${sent.body.id}`))[sent.body.id].id).toBe(sent.body.id);

    // another contact of the same location does not see it
    const bo = await s.token({ contactId: otherContactId });
    expect(await portalMessages(bo)).toEqual({});
    const res = await s.app.inject({ method: 'GET', url: `/api/vendors/${s.demo.vendors.pfg}/locations/${locationId}/templatemessages?messageId=${sent.body.id}`, headers: s.auth(bo) });
    expect(res.statusCode).toBe(404);
  });

  it('sending the same message again is the message already sent; other content under its externalId is a conflict', async () => {
    const ada = await s.token({ contactId });
    const first = Object.keys(await portalMessages(ada));
    const again = await call('createTemplateMessage', 'POST', '/template-messages', keyA, message());
    expect(again.status).toBe(200);
    expect(Object.keys(await portalMessages(ada))).toEqual(first);

    for (const change of [{ subject: 'Another subject' }, { invoiceExternalIds: ['TM-1'] }, { content: [{ type: 'paragraph', children: [{ text: 'Changed' }] }] }, { contactId: otherContactId }]) {
      const res = await call('createTemplateMessage', 'POST', '/template-messages', keyA, message(change));
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body).toMatchObject({ errorCode: 'conflict', field: 'externalId' });
    }
    expect(Object.keys(await portalMessages(ada))).toEqual(first);
    expect((await portalMessages(ada))[first[0]].messageData.subject).toBe('Two invoices need attention');
  });

  it('the same message sent twice at once is one message', async () => {
    const body = message({ externalId: 'msg-twice', invoiceExternalIds: ['TM-3'] });
    const answers = await Promise.all([
      call('createTemplateMessage', 'POST', '/template-messages', keyA, body),
      call('createTemplateMessage', 'POST', '/template-messages', keyA, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0].body.id).toBe(answers[1].body.id);
    expect(await s.db.selectFrom('templateMessages').select('id').where('externalId', '=', 'msg-twice').execute()).toHaveLength(1);
    expect((await call('deleteTemplateMessage', 'DELETE', '/template-messages?externalId=msg-twice', keyA)).status).toBe(204);
  });

  it('names what it cannot find: the location, the contact there, an invoice of the location', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ externalId: 'msg-x1', locationExternalId: 'NOPE' }, 404, 'locationExternalId'],
      [{ externalId: 'msg-x2', contactId: s.demo.contactId }, 404, 'contactId'], // Dana is not at this location
      [{ externalId: 'msg-x3', contactId: '00000000-0000-4000-8000-000000000000' }, 404, 'contactId'],
      [{ externalId: 'msg-x4', invoiceExternalIds: ['TM-1', 'NOPE'] }, 422, 'invoiceExternalIds[1]'],
      [{ externalId: 'msg-x5', invoiceExternalIds: ['TM-X'] }, 422, 'invoiceExternalIds[0]'], // another location's
    ];
    for (const [change, status, field] of cases) {
      const res = await call('createTemplateMessage', 'POST', '/template-messages', keyA, message(change));
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body.field).toBe(field);
    }
    const written = await s.db.selectFrom('templateMessages').select('externalId').where('externalId', 'like', 'msg-x%').execute();
    expect(written).toEqual([]);
  });

  it('the location by the portal’s id works like the vendor’s own; both, neither or another vendor’s is refused naming the field', async () => {
    // to the other contact, and withdrawn at the end: the tests below count Ada's messages
    const { locationExternalId: _ext, ...byPortalId } = message({ externalId: 'msg-by-id', contactId: otherContactId });
    const byId = await call('createTemplateMessage', 'POST', '/template-messages', keyA, { ...byPortalId, locationId });
    expect(byId.status, JSON.stringify(byId.body)).toBe(201);
    expect(byId.body).toMatchObject({ locationId, locationExternalId: 'TM-LOC', invoiceExternalIds: ['TM-2', 'TM-1'] });
    expect((await call('deleteTemplateMessage', 'DELETE', '/template-messages?externalId=msg-by-id', keyA)).status).toBe(204);
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ externalId: 'msg-y1', locationId }, 400, 'locationId'], // and locationExternalId
      [{ externalId: 'msg-y2', locationExternalId: undefined }, 400, 'locationExternalId'],
      [{ externalId: 'msg-y3', locationExternalId: undefined, locationId: s.demo.locations.coastalBlueHeron }, 404, 'locationId'],
    ];
    for (const [change, status, field] of refusals) {
      const body = Object.fromEntries(Object.entries(message(change)).filter(([, v]) => v !== undefined));
      const res = await call('createTemplateMessage', 'POST', '/template-messages', keyA, body);
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body.field).toBe(field);
    }
    expect(await s.db.selectFrom('templateMessages').select('externalId').where('externalId', 'like', 'msg-y%').execute()).toEqual([]);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const paragraphs = (count: number) => Array.from({ length: count }, () => ({ type: 'paragraph', children: Array.from({ length: 500 }, () => ({ text: 'a' })) }));
    await expectRefused('createTemplateMessage', 'POST', '/template-messages', [
      [message({ externalId: 'bad-1', subject: '' }), 'subject'],
      [message({ externalId: 'bad-2', subject: 'x'.repeat(201) }), 'subject'],
      [message({ externalId: 'bad-3', from: { firstName: '', lastName: 'X' } }), 'from.firstName'],
      [message({ externalId: 'bad-4', content: [] }), 'content'],
      [message({ externalId: 'bad-5', content: [{ type: 'script', children: [] }] }), 'content[0].type'],
      [message({ externalId: 'bad-6', content: [{ type: 'paragraph', children: [{ text: 'x', color: 'red' }] }] }), 'content[0].children[0].color'],
      [message({ externalId: 'bad-7', content: [{ type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'x' }] }] }] }), 'content'],
      [message({ externalId: 'bad-8', content: [{ type: 'heading', level: 4, children: [] }] }), 'content[0].level'],
      [message({ externalId: 'bad-13', content: [{ type: 'paragraph', children: [{ type: 'link', url: 'https://x.example', children: [{ text: 'a' }], target: '_blank' }] }] }), 'content[0].children[0].target'],
      [message({ externalId: 'bad-14', content: [{ type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 1 }] }] }] }), 'content[0].children[0].children[0].text'],
      [message({ externalId: 'bad-15', content: [{ type: 'paragraph', children: [{ text: 'x'.repeat(5001) }] }] }), 'content[0].children[0].text'],
      [message({ externalId: 'bad-9', content: paragraphs(11) }), 'content'], // more than 5,000 nodes
      [message({ externalId: 'bad-10', invoiceExternalIds: ['TM-1', 'TM-1'] }), 'invoiceExternalIds'],
      [message({ externalId: '' }), 'externalId'],
      [message({ externalId: 'bad-11', contactId: 'not-a-uuid' }), 'contactId'],
      [message({ externalId: 'bad-12', toPerson: { deliverTo: 'x@y.example' } }), 'toPerson'],
    ]);
    const written = await s.db.selectFrom('templateMessages').select('externalId').where('externalId', 'like', 'bad-%').execute();
    expect(written).toEqual([]);
  });

  it('the vendor lists its messages by contact, a page at a time, and withdraws one', async () => {
    await call('createTemplateMessage', 'POST', '/template-messages', keyA, message({ externalId: 'msg-2', invoiceExternalIds: [] }));
    const list = await call('listTemplateMessages', 'GET', `/template-messages?contactId=${contactId}`, keyA);
    expect(list.body.templateMessages.map((m: { externalId: string }) => m.externalId).sort()).toEqual(['msg-1', 'msg-2']);
    const page = await call('listTemplateMessages', 'GET', `/template-messages?contactId=${contactId}&limit=1`, keyA);
    expect(page.body.templateMessages).toHaveLength(1);
    const next = await call('listTemplateMessages', 'GET', `/template-messages?contactId=${contactId}&limit=1&after=${page.body.nextCursor}`, keyA);
    expect(next.body.templateMessages).toHaveLength(1);
    expect(next.body.templateMessages[0].id).not.toBe(page.body.templateMessages[0].id);
    // the demo's messages (sent before the API) are the vendor's too
    const all = await call('listTemplateMessages', 'GET', '/template-messages', keyA);
    expect(all.body.templateMessages.filter((m: { externalId: string | null }) => m.externalId === null)).toHaveLength(2);

    const ada = await s.token({ contactId });
    const id = list.body.templateMessages.find((m: { externalId: string }) => m.externalId === 'msg-2').id;
    expect((await call('deleteTemplateMessage', 'DELETE', '/template-messages?externalId=msg-2', keyA)).status).toBe(204);
    expect(await portalMessages(ada)).not.toHaveProperty(id);
    expect((await call('deleteTemplateMessage', 'DELETE', '/template-messages?externalId=msg-2', keyA)).status).toBe(404);
    expect((await call('deleteTemplateMessage', 'DELETE', `/template-messages?id=${id}`, keyA)).status).toBe(404);
  });

  it('another vendor’s messages, locations and contacts are not found', async () => {
    expect((await call('deleteTemplateMessage', 'DELETE', '/template-messages?externalId=msg-1', keyB)).status).toBe(404);
    const mine = (await call('listTemplateMessages', 'GET', `/template-messages?contactId=${contactId}`, keyA)).body.templateMessages[0];
    expect((await call('deleteTemplateMessage', 'DELETE', `/template-messages?id=${mine.id}`, keyB)).status).toBe(404);
    expect((await call('listTemplateMessages', 'GET', '/template-messages', keyB)).body.templateMessages).toEqual([]);
    const wrongLocation = await call('createTemplateMessage', 'POST', '/template-messages', keyB, message({ externalId: 'b-1' }));
    expect(wrongLocation.status).toBe(404);
    expect(wrongLocation.body.field).toBe('locationExternalId');
    const ada = await s.token({ contactId });
    expect(Object.values(await portalMessages(ada)).map((m) => (m as { messageData: { subject: string } }).messageData.subject)).toEqual(['Two invoices need attention']);
  });
});
