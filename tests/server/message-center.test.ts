// @vitest-environment node
/**
 * Messages: `GET .../messages` (onlyMostRecent, contactNotRead), `GET .../templatemessages` (keyed map,
 * `?messageId=`), and Pay from a template message (`POST .../paymentgroups` with `messageId` → source Message).
 * Scope: another contact's messages are never listed and their ids answer 404; bad input answers 400 and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRichContent } from '../../core/rules/rich-content-format.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, startDemoSession } from './helpers/demo-session.js';

let s: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => ({ s, token, otherToken } = await startDemoSession()));
afterAll(() => s?.close());
const { blueHeron, magnolia, saltmarsh, get } = demoRequests(() => ({ s, token }));

interface ApiMessage {
  id: string;
  invoiceId: string;
  invoiceDisplayInvNum: string;
  createdAt: string;
  subject: string;
  message: string;
  paymentPaidAmount: number | null;
  contactRead: boolean;
}

async function messages(query = '', path = blueHeron(), raw = token): Promise<ApiMessage[]> {
  const res = await get(`${path}/messages${query}`, raw);
  expect(res.statusCode).toBe(200);
  expectMatchesContract('listMessages', 200, res.json());
  return res.json().messages;
}

describe('GET .../messages', () => {
  it("lists the contact's messages of the location, newest first, with the fields of the resolution center", async () => {
    const list = await messages();
    expect(list.length).toBeGreaterThanOrEqual(4);
    const times = list.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.map((m) => m.subject)).toEqual(expect.arrayContaining(['Payment Failed', 'Comment', 'Pricing Error', 'Quantity/Weight Incorrect']));
    const failed = list.find((m) => m.subject === 'Payment Failed')!;
    expect(failed).toMatchObject({ invoiceDisplayInvNum: 'INV4410588', paymentPaidAmount: null, contactRead: false });
    expect(list.find((m) => m.subject === 'Pricing Error')).toMatchObject({ paymentPaidAmount: 0, invoiceDisplayInvNum: 'INV4411265' });
    expect(list.find((m) => m.subject === 'Quantity/Weight Incorrect')).toMatchObject({ paymentPaidAmount: 1000, contactRead: true });
    // every message is of this location's invoices
    const invoices = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.blueHeron).execute();
    const ids = new Set(invoices.map((i) => i.id));
    for (const m of list) expect(ids.has(m.invoiceId)).toBe(true);
  });

  it('contactNotRead=true keeps only unread messages; onlyMostRecent=true one (the newest) per invoice', async () => {
    const all = await messages();
    const unread = await messages('?contactNotRead=true');
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.every((m) => !m.contactRead)).toBe(true);
    expect(unread.map((m) => m.id)).toEqual(all.filter((m) => !m.contactRead).map((m) => m.id));

    // a second, newer message on the Payment Failed invoice: only it stays with onlyMostRecent
    const failed = all.find((m) => m.subject === 'Payment Failed')!;
    const comment = await s.app.inject({
      method: 'POST', url: `${blueHeron()}/messages`, headers: s.auth(token),
      payload: { invoiceId: failed.invoiceId, message: 'Paying with the checking account instead.' },
    });
    expect(comment.statusCode).toBe(201);
    const recent = await messages('?onlyMostRecent=true');
    const perInvoice = recent.map((m) => m.invoiceId);
    expect(new Set(perInvoice).size).toBe(perInvoice.length);
    expect(recent.find((m) => m.invoiceId === failed.invoiceId)).toMatchObject({ id: comment.json().message.id, subject: 'Comment' });
    expect(new Set(perInvoice)).toEqual(new Set((await messages()).map((m) => m.invoiceId)));
    // both: the newest unread message per invoice (the comment is read by its author; the failure is still unread)
    const both = await messages('?onlyMostRecent=true&contactNotRead=true');
    expect(both.find((m) => m.invoiceId === failed.invoiceId)).toMatchObject({ id: failed.id });
  });

  it("never lists another contact's messages, even at a location they share", async () => {
    const shared = await s.db
      .insertInto('messages')
      .values({
        vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.otherContactId,
        invoiceId: (await s.db.selectFrom('invoices').select('id').where('displayInvNum', '=', 'INV4411650').executeTakeFirstOrThrow()).id,
        subject: 'Comment', body: 'Marcus wrote this', readAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await messages()).map((m) => m.id)).not.toContain(shared.id);
    // Marcus's own location lists only his message
    const theirs = await messages('', saltmarsh(), otherToken);
    expect(theirs.map((m) => m.subject)).toEqual(['Partial Payment']);
  });

  it("answers 404 for a location that is not the contact's, 400 for a bad flag", async () => {
    const res = await get(`${saltmarsh()}/messages`);
    expect(res.statusCode).toBe(404);
    expectMatchesContract('listMessages', 404, res.json());
    const bad = await get(`${blueHeron()}/messages?onlyMostRecent=maybe`);
    expect(bad.statusCode).toBe(400);
    expectMatchesContract('listMessages', 400, bad.json());
  });
});

describe('GET .../templatemessages', () => {
  it('answers a map keyed by id, with subject, parseable rich content, from, to and the invoices (due date ascending)', async () => {
    const res = await get(`${magnolia()}/templatemessages`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listTemplateMessages', 200, res.json());
    const map = res.json().templateMessages as Record<string, any>;
    const entries = Object.entries(map);
    expect(entries).toHaveLength(1);
    const [id, message] = entries[0];
    expect(message.id).toBe(id);
    expect(message.messageData.subject).toBe('Three Magnolia Catering invoices need attention');
    expect(parseRichContent(message.messageData.content).ok).toBe(true);
    expect(message.from).toEqual({ firstName: 'Karen', lastName: 'Ostrowski' });
    expect(message.to).toEqual({ firstName: 'Dana', lastName: 'Whitfield', deliverTo: 'demo@example.com' });
    expect(message.invoices.map((i: { displayInvNum: string }) => i.displayInvNum)).toEqual(['INV4410410', 'INV4410655', 'PFGC-RDU-0004410999-A']);
    for (const invoice of message.invoices) expect(invoice.locationId).toBe(s.demo.locations.magnolia);
  });

  it('?messageId= answers only that message; one of another location, another contact or unknown answers 404', async () => {
    const bh = await get(`${blueHeron()}/templatemessages`);
    const [bhId] = Object.keys(bh.json().templateMessages);
    const one = await get(`${blueHeron()}/templatemessages?messageId=${bhId}`);
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json().templateMessages)).toEqual([bhId]);
    expect(one.json().templateMessages[bhId].messageData.subject).toMatch(/^Payment Failed/);

    for (const [url, raw] of [
      [`${magnolia()}/templatemessages?messageId=${bhId}`, token], // Dana's, another location
      [`${blueHeron()}/templatemessages?messageId=${randomUUID()}`, token],
    ] as const) {
      const res = await get(url, raw);
      expect(res.statusCode, url).toBe(404);
      expectMatchesContract('listTemplateMessages', 404, res.json());
    }
    // another contact: Marcus has no Blue Heron access at all → 404; at his location Dana's id is not found either
    expect((await get(`${blueHeron()}/templatemessages?messageId=${bhId}`, otherToken)).statusCode).toBe(404);
    expect((await get(`${saltmarsh()}/templatemessages?messageId=${bhId}`, otherToken)).statusCode).toBe(404);
    const theirs = await get(`${saltmarsh()}/templatemessages`, otherToken);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().templateMessages).toEqual({});
  });

  it('answers 400 for a messageId that is not a uuid', async () => {
    const res = await get(`${blueHeron()}/templatemessages?messageId=not-a-uuid`);
    expect(res.statusCode).toBe(400);
    expectMatchesContract('listTemplateMessages', 400, res.json());
  });
});

describe('Pay from a template message (POST .../paymentgroups with messageId)', () => {
  async function counts() {
    const n = async (table: 'paymentGroups' | 'payments') => Number((await s.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { groups: await n('paymentGroups'), payments: await n('payments') };
  }
  async function body(messageId: string | undefined, invoiceIds: string[]) {
    const visa = await s.db.selectFrom('paymentMethods').select('id').where('locationId', '=', s.demo.locations.blueHeron).where('name', '=', 'Visa Business').executeTakeFirstOrThrow();
    return {
      paymentMethodId: visa.id,
      paymentDate: '2020-01-02', // past: replaced by the earliest valid date
      partialPayments: [],
      invoices: invoiceIds,
      epaVersion: DEMO_EPA['plastiq-cc'].version,
      ...(messageId ? { messageId } : {}),
    };
  }
  const pay = (payload: object, path = blueHeron()) =>
    s.app.inject({ method: 'POST', url: `${path}/paymentgroups`, headers: { ...s.auth(token), 'idempotency-key': randomUUID() }, payload });

  it("pays the message's invoices with source Message and remembers the message", async () => {
    const map = (await get(`${blueHeron()}/templatemessages`)).json().templateMessages as Record<string, { invoices: Array<{ id: string; payable: boolean }> }>;
    const [messageId, message] = Object.entries(map)[0];
    const ids = message.invoices.filter((i) => i.payable).map((i) => i.id);
    expect(ids.length).toBeGreaterThan(0);
    const res = await pay(await body(messageId, ids));
    expect(res.statusCode).toBe(201);
    const { paymentGroupId } = res.json();
    const group = await s.db.selectFrom('paymentGroups').selectAll().where('id', '=', paymentGroupId).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ sourceType: 'Message', templateMessageId: messageId });
    const detail = await get(`${blueHeron()}/paymentgroups/${paymentGroupId}/payments`);
    expect(detail.json().paymentGroup.sourceType).toBe('message');
  });

  it("refuses another location's, another contact's or an unknown message id with 404 and writes nothing; a bad id with 400", async () => {
    const magnoliaMessage = Object.keys((await get(`${magnolia()}/templatemessages`)).json().templateMessages)[0];
    const invoice = await s.db.selectFrom('invoices').select('id').where('displayInvNum', '=', 'INV4411650').executeTakeFirstOrThrow();
    const before = await counts();
    for (const messageId of [magnoliaMessage, randomUUID()]) {
      const res = await pay(await body(messageId, [invoice.id]));
      expect(res.statusCode).toBe(404);
      expectMatchesContract('createPaymentGroup', 404, res.json());
    }
    const bad = await pay(await body('not-a-uuid', [invoice.id]));
    expect(bad.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
