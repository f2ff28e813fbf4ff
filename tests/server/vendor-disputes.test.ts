// @vitest-environment node
/**
 * The customers' disputes and short-pays as the vendor works them (`/vendor-api/disputes`): the inbox newest first by
 * state and kind, paged without a miss or a repeat; a reply reaches the customer — an unread message in the invoice's
 * thread (same category), a journey entry on the invoice page, an e-mail whose link opens that invoice as the
 * contact — in one transaction; resolve and reopen (each once, told on the journey); Home's counts follow the inbox;
 * another vendor sees and answers none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { addAdjustmentMessages } from '../../server/repos/messages.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string;
let keyB: string;

async function cliKey(vendorId: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'disputes'], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

async function call(operationId: string, method: 'GET' | 'POST', url: string, key = keyA, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

let invoices: Array<{ id: string; displayInvNum: string }>;

beforeAll(async () => {
  s = await startTestServer();
  keyA = await cliKey(s.demo.vendors.pfg);
  keyB = await cliKey(s.demo.vendors.coastal);
  invoices = await s.db.selectFrom('invoices').select(['id', 'displayInvNum']).where('locationId', '=', s.demo.locations.blueHeron).where('deletedAt', 'is', null).orderBy('displayInvNum').limit(3).execute();
  const base = { vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId };
  // a dispute, then a short-pay a second later, then another dispute
  await addAdjustmentMessages(s.db, [{ ...base, invoiceId: invoices[0]!.id, reason: 'Damaged goods', notes: 'Two cases crushed.', paidCents: 0 }], new Date('2026-11-20T10:00:00.000Z'));
  await addAdjustmentMessages(s.db, [{ ...base, invoiceId: invoices[1]!.id, reason: 'Discount', notes: 'The promised 5%.', paidCents: 12_000 }], new Date('2026-11-21T10:00:00.000Z'));
  await addAdjustmentMessages(s.db, [{ ...base, invoiceId: invoices[2]!.id, reason: 'Pricing error', notes: '', paidCents: 0 }], new Date('2026-11-22T10:00:00.000Z'));
  // written when the customer made them: a day apart
  for (const [i, day] of [[0, 20], [1, 21], [2, 22]] as const) {
    await s.db.updateTable('messages').set({ createdAt: new Date(`2026-11-${day}T10:00:00.000Z`) }).where('invoiceId', '=', invoices[i]!.id).where('paymentPaidAmountCents', 'is not', null).execute();
  }
}, 60_000);
afterAll(async () => {
  await s?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const mine = (list: any[]): any[] => list.filter((d: { invoice: { id: string } }) => invoices.some((i) => i.id === d.invoice.id));

describe('the disputes inbox', () => {
  it('open ones newest first, by kind, paged one at a time without a miss or a repeat', async () => {
    const open = await call('listDisputes', 'GET', '/disputes?limit=200');
    expect(open.status).toBe(200);
    const ours = mine(open.body.disputes);
    expect(ours.map((d: { reason: string }) => d.reason)).toEqual(['Pricing error', 'Discount', 'Damaged goods']);
    expect(ours[1]).toMatchObject({ kind: 'short_pay', status: 'open', paidAmount: 120, notes: 'The promised 5%.', location: { name: 'Blue Heron Grill', externalId: 'PFG-BLUE-HERON' }, contact: { name: 'Dana Whitfield' }, replyCount: 0 });
    expect(mine((await call('listDisputes', 'GET', '/disputes?kind=dispute&limit=200')).body.disputes).map((d: { reason: string }) => d.reason)).toEqual(['Pricing error', 'Damaged goods']);
    const all: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const res: { body: { disputes: Array<{ id: string }>; cursor: string | null; hasMore: boolean } } = await call('listDisputes', 'GET', `/disputes?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...res.body.disputes.map((d) => d.id));
      cursor = res.body.cursor;
      if (!res.body.hasMore) break;
    }
    expect(all).toEqual(open.body.disputes.map((d: { id: string }) => d.id));
    // not a cursor, or one with a moment that is not one: 400 naming `cursor`
    const impossible = Buffer.from('dsp1:2024-13-45T10:00:00.000Z|5a0c7e2b-9d1f-4e3a-8b6c-2f4d0e1a9b7c').toString('base64url');
    for (const cursor of ['bm90LWEtY3Vyc29y', impossible]) {
      const bad = await call('listDisputes', 'GET', `/disputes?cursor=${cursor}`);
      expect(bad.status, cursor).toBe(400);
      expect(bad.body.field).toBe('cursor');
    }
  });

  it('a reply reaches the customer: message (unread, same thread), journey entry, e-mail whose link opens the invoice', async () => {
    const dispute = mine((await call('listDisputes', 'GET', '/disputes?kind=dispute&limit=200')).body.disputes).find((d: { reason: string }) => d.reason === 'Damaged goods');
    const since = new Date();
    const res = await call('replyToDispute', 'POST', `/disputes/${dispute.id}/replies`, keyA, { text: '  A credit for both cases is on its way.  ' });
    expect(res.status).toBe(201);
    expect(res.body.replies).toEqual([expect.objectContaining({ text: 'Performance Foodservice – Carolina replied: A credit for both cases is on its way.', by: expect.stringMatching(/^ppk_\w+ disputes$/) })]);
    expect(res.body).toMatchObject({ status: 'open', replyCount: 1 });

    const mail = await s.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', 'demo@example.com').where('createdAt', '>=', since).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Performance Foodservice – Carolina replied about invoice ${invoices[0]!.displayInvNum}`);
    expect(mail[0]!.body).toContain('A credit for both cases is on its way.');
    const link = /https?:\/\/\S+\/token\/([A-Za-z0-9_-]+)\/vendors\/([0-9a-f-]+)\/locations\/([0-9a-f-]+)\/invoices\/([0-9a-f-]+)/.exec(mail[0]!.body)!;
    expect(link[4]).toBe(invoices[0]!.id);
    // the link is the contact's: the invoice's journey and messages, as the customer reads them
    const journey = await s.app.inject({ url: `/api/vendors/${link[2]}/locations/${link[3]}/invoices/${link[4]}/journey`, headers: s.auth(link[1]!) });
    expect(journey.statusCode).toBe(200);
    expect(JSON.stringify(journey.json())).toContain('Vendor Reply');
    const messages = await s.app.inject({ url: `/api/vendors/${link[2]}/locations/${link[3]}/messages`, headers: s.auth(link[1]!) });
    const reply = (messages.json().messages as Array<{ invoiceId: string; message: string; subject: string; paymentPaidAmount: number; contactRead: boolean }>).find((m) => m.message.includes('A credit for both cases'));
    expect(reply).toMatchObject({ invoiceId: invoices[0]!.id, subject: 'Damaged goods', paymentPaidAmount: 0, contactRead: false });

    // an empty reply is refused and writes nothing
    const before = await s.db.selectFrom('messages').select('id').where('replyTo', '=', dispute.id).execute();
    const empty = await call('replyToDispute', 'POST', `/disputes/${dispute.id}/replies`, keyA, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(await s.db.selectFrom('messages').select('id').where('replyTo', '=', dispute.id).execute()).toHaveLength(before.length);
  });

  it('resolve and reopen, each once, told on the journey; Home counts what is open', async () => {
    const before = (await call('getOverview', 'GET', '/overview')).body;
    const dispute = mine((await call('listDisputes', 'GET', '/disputes?kind=dispute&limit=200')).body.disputes).find((d: { reason: string }) => d.reason === 'Pricing error');
    const resolved = await call('resolveDispute', 'POST', `/disputes/${dispute.id}/resolve`);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: expect.stringMatching(/^ppk_/) });
    expect((await call('resolveDispute', 'POST', `/disputes/${dispute.id}/resolve`)).body.resolvedAt).toBe(resolved.body.resolvedAt);
    expect((await call('getOverview', 'GET', '/overview')).body.openDisputes).toBe(before.openDisputes - 1);
    expect(mine((await call('listDisputes', 'GET', '/disputes?status=resolved&limit=200')).body.disputes).map((d: { id: string }) => d.id)).toEqual([dispute.id]);
    const reopened = await call('reopenDispute', 'POST', `/disputes/${dispute.id}/reopen`);
    expect(reopened.body).toMatchObject({ status: 'open', resolvedAt: null, resolvedBy: null });
    expect((await call('getOverview', 'GET', '/overview')).body.openDisputes).toBe(before.openDisputes);
    const entries = await s.db.selectFrom('invoiceJourneys').select('action').where('invoiceId', '=', invoices[2]!.id).where('action', 'in', ['Dispute Resolved', 'Dispute Reopened']).orderBy('updatedAt').execute();
    expect(entries.map((e) => e.action)).toEqual(['Dispute Resolved', 'Dispute Reopened']);
  });

  it('another vendor: none in its inbox, and not found to read, answer, resolve or reopen', async () => {
    const theirs = await call('listDisputes', 'GET', '/disputes?limit=200', keyB);
    const ids = new Set((await call('listDisputes', 'GET', '/disputes?limit=200')).body.disputes.map((d: { id: string }) => d.id));
    expect(theirs.body.disputes.filter((d: { id: string }) => ids.has(d.id))).toEqual([]);
    const id = [...ids][0];
    expect((await call('getDispute', 'GET', `/disputes/${id}`, keyB)).status).toBe(404);
    expect((await call('replyToDispute', 'POST', `/disputes/${id}/replies`, keyB, { text: 'not yours' })).status).toBe(404);
    expect((await call('resolveDispute', 'POST', `/disputes/${id}/resolve`, keyB)).status).toBe(404);
    expect((await call('reopenDispute', 'POST', `/disputes/${id}/reopen`, keyB)).status).toBe(404);
    expect(await s.db.selectFrom('messages').select('id').where('body', '=', 'not yours').execute()).toEqual([]);
  });
});
