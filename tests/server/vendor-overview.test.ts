// @vitest-environment node
/**
 * The console's Home (`GET /vendor-api/overview`): each figure moves when its cause happens, and only then — a payment
 * completed today counts in today's and this week's collections, one of 40 days ago in neither; scheduled and
 * processing whatever their day; failed and returned within the last 30 days; a dispute or short-pay until it is
 * resolved; a failing and a disabled webhook endpoint. Another vendor's figures do
 * not move. A read-only key may read it.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { addAdjustmentMessages } from '../../server/repos/messages.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let keyA: string;
let keyB: string;
let readKey: string;

async function cliKey(vendorId: string, ...flags: string[]): Promise<string> {
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', vendorId, '--name', 'overview', ...flags], (line) => lines.push(line));
  return lines.find((l) => l.startsWith('ppk_'))!;
}

async function overview(key = keyA) {
  const res = await s.app.inject({ url: '/vendor-api/overview', headers: { authorization: `Bearer ${key}` } });
  expectMatchesVendorContract('getOverview', res.statusCode, res.json());
  expect(res.statusCode).toBe(200);
  return res.json();
}

let seq = 0;
/** A payment of vendor A at Blue Heron with one line on a fresh open invoice (its own, so nothing else pays it). */
async function payment(status: string, paymentDate: string, cents: number, line: { paidCents?: number; subject?: string } = {}) {
  const n = ++seq;
  const location = s.demo.locations.blueHeron;
  const method = await s.db.selectFrom('paymentMethods').select('id').where('contactId', '=', s.demo.contactId).where('locationId', '=', location).executeTakeFirstOrThrow();
  const invoice = await s.db
    .insertInto('invoices')
    .values({ vendorId: s.demo.vendors.pfg, locationId: location, externalId: `OV-${n}`, displayInvNum: `OV-${n}`, openAmountCents: 50_000, originalAmountCents: 50_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await s.db
    .insertInto('paymentGroups')
    .values({
      vendorId: s.demo.vendors.pfg, locationId: location, contactId: s.demo.contactId, confirmationNumber: `OV${String(n).padStart(8, '0')}`,
      paymentDate, paymentTotalCents: cents, serviceFeeCents: 0, paymentType: 'CC', status: status as never, sourceType: 'Portal', paymentMethodId: method.id,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await s.db.insertInto('payments').values({ paymentGroupId: group.id, invoiceId: invoice.id, paidAmountCents: line.paidCents ?? cents, subject: line.subject ?? null, message: null }).execute();
  return { groupId: group.id, invoiceId: invoice.id };
}

beforeAll(async () => {
  s = await startTestServer();
  keyA = await cliKey(s.demo.vendors.pfg);
  keyB = await cliKey(s.demo.vendors.coastal);
  readKey = await cliKey(s.demo.vendors.pfg, '--read-only');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const moved = (after: Record<string, { count: number; amount: number }>, before: typeof after, name: string) => ({
  count: after[name]!.count - before[name]!.count,
  amount: Math.round((after[name]!.amount - before[name]!.amount) * 100),
});

describe('the overview', () => {
  it('payments count in their period by status and payment date, in the vendor’s time zone', async () => {
    const before = await overview();
    const theirs = await overview(keyB);
    const today = Temporal.PlainDate.from(before.today);
    expect(before.periods.today).toEqual({ from: before.today, to: before.today });
    expect(Temporal.PlainDate.from(before.periods.week.from).dayOfWeek).toBe(1);
    expect(Temporal.PlainDate.compare(Temporal.PlainDate.from(before.periods.week.from), today)).toBeLessThanOrEqual(0);
    expect(Temporal.PlainDate.compare(Temporal.PlainDate.from(before.periods.week.to), today)).toBeGreaterThanOrEqual(0);
    const longAgo = today.subtract({ days: 40 }).toString();
    const lastWeekDay = today.subtract({ days: 10 }).toString();

    await payment('complete', today.toString(), 12_345);
    await payment('complete', longAgo, 99_999);
    await payment('scheduled', today.add({ days: 60 }).toString(), 2_000);
    await payment('processing', today.toString(), 3_000);
    await payment('failed', lastWeekDay, 4_000);
    await payment('failed', longAgo, 77_777);
    await payment('returned', today.toString(), 5_000);
    await payment('canceled', today.toString(), 6_000);

    const after = await overview();
    expect(moved(after, before, 'collectedToday')).toEqual({ count: 1, amount: 12_345 });
    expect(moved(after, before, 'collectedThisWeek')).toEqual({ count: 1, amount: 12_345 });
    expect(moved(after, before, 'scheduled')).toEqual({ count: 1, amount: 2_000 });
    expect(moved(after, before, 'processing')).toEqual({ count: 1, amount: 3_000 });
    expect(moved(after, before, 'failed')).toEqual({ count: 1, amount: 4_000 });
    expect(moved(after, before, 'returned')).toEqual({ count: 1, amount: 5_000 });
    // the same figures through the feed with the periods given: what Home's links open
    const feed = await s.app.inject({
      url: `/vendor-api/payment-groups?status=failed&paymentDateFrom=${after.periods.attention.from}&paymentDateTo=${after.periods.attention.to}&limit=1000`,
      headers: { authorization: `Bearer ${keyA}` },
    });
    expect(feed.json().paymentGroups).toHaveLength(after.failed.count);
    expect(await overview(keyB)).toEqual(theirs);
  });

  it('open disputes and short-pays: the ones not resolved (the Disputes inbox’s open ones), each kind apart', async () => {
    const before = await overview();
    const base = { vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId };
    const disputed = await payment('scheduled', '2099-01-05', 0, { paidCents: 0, subject: 'Damaged goods' });
    const shortPaid = await payment('complete', '2026-01-05', 1_000, { paidCents: 1_000, subject: 'Discount' });
    await addAdjustmentMessages(s.db, [
      { ...base, invoiceId: disputed.invoiceId, reason: 'Damaged goods', notes: '', paidCents: 0 },
      { ...base, invoiceId: shortPaid.invoiceId, reason: 'Discount', notes: '', paidCents: 1_000 },
    ], new Date());
    let after = await overview();
    expect(after.openDisputes - before.openDisputes).toBe(1);
    expect(after.openShortPays - before.openShortPays).toBe(1);
    await s.db.updateTable('messages').set({ resolvedAt: new Date(), resolvedBy: 'test' }).where('invoiceId', '=', disputed.invoiceId).execute();
    after = await overview();
    expect(after.openDisputes - before.openDisputes).toBe(0);
    expect(after.openShortPays - before.openShortPays).toBe(1);
  });

  it('failing and disabled webhook endpoints', async () => {
    const before = await overview();
    const make = async (url: string) => {
      const res = await s.app.inject({ method: 'POST', url: '/vendor-api/webhook-endpoints', headers: { authorization: `Bearer ${keyA}` }, payload: { url } });
      expect(res.statusCode).toBe(201);
      return res.json().endpoint.id as string;
    };
    const failing = await make('https://hooks.example/failing');
    const disabled = await make('https://hooks.example/disabled');
    await make('https://hooks.example/fine');
    await s.db.updateTable('webhookEndpoints').set({ failingSince: new Date() }).where('id', '=', failing).execute();
    await s.db.updateTable('webhookEndpoints').set({ status: 'disabled', disabledReason: 'failing for 3 days' }).where('id', '=', disabled).execute();
    const after = await overview();
    expect(after.webhookEndpoints.failing - before.webhookEndpoints.failing).toBe(1);
    expect(after.webhookEndpoints.disabled - before.webhookEndpoints.disabled).toBe(1);
  });

  it('a read-only key reads it; no key is refused', async () => {
    expect((await overview(readKey)).today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const res = await s.app.inject({ url: '/vendor-api/overview' });
    expect(res.statusCode).toBe(401);
  });
});
