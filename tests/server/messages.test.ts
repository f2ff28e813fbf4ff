// @vitest-environment node
/** `POST .../messages` (invoice comment) and `PATCH /vendors/{vendorId}/messages` (mark an invoice's messages read). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, locPath, startDemoSession } from './helpers/demo-session.js';

let s: TestServer;
let token: string;
beforeAll(async () => ({ s, token } = await startDemoSession()));
afterAll(() => s?.close());
const { blueHeron, invoiceByNumber, post, patch } = demoRequests(() => ({ s, token }));

async function counts(invoiceId: string) {
  const messages = await s.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).where('invoiceId', '=', invoiceId).executeTakeFirstOrThrow();
  const journeys = await s.db.selectFrom('invoiceJourneys').select((eb) => eb.fn.countAll<string>().as('n')).where('invoiceId', '=', invoiceId).executeTakeFirstOrThrow();
  return { messages: Number(messages.n), journeys: Number(journeys.n) };
}

describe('POST .../messages (add a comment)', () => {
  it('stores the comment as a message and a journey entry; the journey lists it first', async () => {
    const invoice = await invoiceByNumber('INV4410902');
    const before = await counts(invoice.id);
    const text = 'Driver left the case of lemons at the back door — please credit 1 case.';
    const res = await post(`${blueHeron()}/messages`, { invoiceId: invoice.id, message: text });
    expect(res.statusCode).toBe(201);
    expectMatchesContract('addComment', 201, res.json());
    const { message } = res.json();
    expect(message).toMatchObject({
      invoiceId: invoice.id,
      invoiceDisplayInvNum: 'INV4410902',
      subject: 'Comment',
      message: text,
      paymentPaidAmount: null,
      contactRead: true,
    });
    expect(await counts(invoice.id)).toEqual({ messages: before.messages + 1, journeys: before.journeys + 1 });

    const stored = await s.db.selectFrom('messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ contactId: s.demo.contactId, locationId: s.demo.locations.blueHeron, vendorId: s.demo.vendors.pfg });

    const journey = await s.app.inject({ url: `${blueHeron()}/invoices/${invoice.id}/journey`, headers: s.auth(token) });
    expect(journey.statusCode).toBe(200);
    expect(journey.json().journeys[0]).toMatchObject({ action: 'Comment', detail: text });
    // the answer carries that same journey entry, so the page can list it without reloading
    expect(res.json().journey).toEqual(journey.json().journeys[0]);
    expect(res.json().journey.updatedAt).toBe(message.createdAt);
  });

  it('accepts exactly 150 characters', async () => {
    const invoice = await invoiceByNumber('INV4410902');
    const res = await post(`${blueHeron()}/messages`, { invoiceId: invoice.id, message: 'x'.repeat(150) });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['151 characters', 'x'.repeat(151)],
    ['a line feed', 'first line\nsecond line'],
    ['a carriage return', 'first line\rsecond line'],
    ['a line separator', 'first line\u2028second line'],
  ])('refuses a comment with %s: 400 on message, nothing written', async (_label, text) => {
    const invoice = await invoiceByNumber('INV4410902');
    const before = await counts(invoice.id);
    const res = await post(`${blueHeron()}/messages`, { invoiceId: invoice.id, message: text });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('addComment', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed' });
    expect(res.json().field).toMatch(/message/);
    expect(await counts(invoice.id)).toEqual(before);
  });

  it('refuses a missing message or an unknown field with 400', async () => {
    const invoice = await invoiceByNumber('INV4410902');
    const before = await counts(invoice.id);
    expect((await post(`${blueHeron()}/messages`, { invoiceId: invoice.id })).statusCode).toBe(400);
    expect((await post(`${blueHeron()}/messages`, { invoiceId: invoice.id, message: 'ok', subject: 'x' })).statusCode).toBe(400);
    expect(await counts(invoice.id)).toEqual(before);
  });

  it("answers 404 for another contact's invoice or an invoice of another location, and writes nothing", async () => {
    const other = await invoiceByNumber('INV4410722'); // Saltmarsh: the other contact's
    const harbor = await invoiceByNumber('INV4408802'); // Dana's, at Harbor Street
    for (const [url, invoice] of [
      [`${blueHeron()}/messages`, other],
      [`${locPath(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/messages`, other],
      [`${blueHeron()}/messages`, harbor],
    ] as const) {
      const before = await counts(invoice.id);
      const res = await post(url, { invoiceId: invoice.id, message: 'Not mine' });
      expect(res.statusCode, url).toBe(404);
      expectMatchesContract('addComment', 404, res.json());
      expect(await counts(invoice.id)).toEqual(before);
    }
  });
});

describe('PATCH /vendors/{vendorId}/messages (mark read)', () => {
  it("marks the contact's unread messages of the invoice read, not another contact's nor other invoices'", async () => {
    const failed = await s.db
      .selectFrom('messages')
      .selectAll()
      .where('subject', '=', 'Payment Failed')
      .where('contactId', '=', s.demo.contactId)
      .executeTakeFirstOrThrow();
    expect(failed.readAt).toBeNull();
    const invoiceId = failed.invoiceId!;
    // another contact's message on the same invoice (a shared location) stays unread
    const foreign = await s.db
      .insertInto('messages')
      .values({
        vendorId: failed.vendorId, locationId: failed.locationId, contactId: s.demo.otherContactId, invoiceId,
        subject: 'Comment', body: 'someone else', readAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unreadElsewhere = await s.db
      .selectFrom('messages')
      .select('id')
      .where('contactId', '=', s.demo.contactId)
      .where('readAt', 'is', null)
      .where('invoiceId', '!=', invoiceId)
      .execute();
    expect(unreadElsewhere.length).toBeGreaterThan(0);

    const res = await patch(`/api/vendors/${failed.vendorId}/messages`, { invoiceId });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await s.db.selectFrom('messages').select(['id', 'readAt']).where('invoiceId', '=', invoiceId).execute();
    expect(after.find((m) => m.id === failed.id)!.readAt).not.toBeNull();
    expect(after.find((m) => m.id === foreign.id)!.readAt).toBeNull();
    const stillUnread = await s.db.selectFrom('messages').select('id').where('id', 'in', unreadElsewhere.map((m) => m.id)).where('readAt', 'is', null).execute();
    expect(stillUnread).toHaveLength(unreadElsewhere.length);

    // again: nothing left to mark, still 204
    expect((await patch(`/api/vendors/${failed.vendorId}/messages`, { invoiceId })).statusCode).toBe(204);
  });

  it("once every unread invoice of a location is marked read, the location no longer has unread messages; the author's comment never makes it unread", async () => {
    const { vendors, locations, contactId } = s.demo;
    const flag = async () =>
      ((await s.app.inject({ url: `/api/vendors/${vendors.pfg}/locations`, headers: s.auth(token) })).json().locations as any[]).find(
        (l) => l.id === locations.blueHeron,
      ).hasUnreadMessages;
    const target = await invoiceByNumber('INV4410902');
    await s.db
      .insertInto('messages')
      .values({ vendorId: vendors.pfg, locationId: locations.blueHeron, contactId, invoiceId: target.id, subject: 'Payment Failed', body: 'declined', readAt: null })
      .execute();
    expect(await flag()).toBe(true);
    const unread = await s.db
      .selectFrom('messages')
      .select('invoiceId')
      .distinct()
      .where('contactId', '=', contactId)
      .where('locationId', '=', locations.blueHeron)
      .where('readAt', 'is', null)
      .execute();
    for (const { invoiceId } of unread) {
      expect((await patch(`/api/vendors/${vendors.pfg}/messages`, { invoiceId })).statusCode).toBe(204);
    }
    expect(await flag()).toBe(false);
    const invoice = await invoiceByNumber('INV4410902');
    expect((await post(`${blueHeron()}/messages`, { invoiceId: invoice.id, message: 'Read by its author' })).statusCode).toBe(201);
    expect(await flag()).toBe(false);
  });

  it("answers 404 for another contact's invoice or an invoice of another vendor, and marks nothing", async () => {
    const other = await invoiceByNumber('INV4410722');
    const coastalInvoice = await invoiceByNumber('CPC-10566');
    const unreadBefore = await s.db.selectFrom('messages').select('id').where('readAt', 'is', null).execute();
    for (const [vendorId, invoiceId] of [
      [s.demo.vendors.pfg, other.id],
      [s.demo.vendors.pfg, coastalInvoice.id],
      [s.demo.vendors.pfg, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const res = await patch(`/api/vendors/${vendorId}/messages`, { invoiceId });
      expect(res.statusCode).toBe(404);
      expectMatchesContract('markMessagesRead', 404, res.json());
    }
    const unreadAfter = await s.db.selectFrom('messages').select('id').where('readAt', 'is', null).execute();
    expect(unreadAfter).toHaveLength(unreadBefore.length);
  });

  it('refuses a malformed invoiceId with 400', async () => {
    const res = await patch(`/api/vendors/${s.demo.vendors.pfg}/messages`, { invoiceId: 'nope' });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('markMessagesRead', 400, res.json());
  });
});
