// @vitest-environment node
/**
 * The settlement job (`settleDuePaymentGroups`) and the job queue (`startJobQueue`, pg-boss), on the demo data with today
 * pinned to Wednesday 2026-12-02 (vendors in America/New_York). Also the pure rules of `domain/settlement.ts`.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { planPaymentBatch, settleInvoice } from '../../server/domain/settlement.js';
import { purgeJob } from '../../server/jobs/purge.js';
import { startJobQueue } from '../../server/jobs/queue.js';
import { settlementJob } from '../../server/jobs/settlement-job.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { json } from '../../server/db/json.js';
import { purgeOutbox } from '../../server/repos/outbox.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';

describe('settleInvoice', () => {
  it('closes a fully paid invoice, lowers a part-paid one, leaves a disputed one, settles a credit', () => {
    expect(settleInvoice(10_000, 10_000)).toEqual({ openAmountCents: 0, closed: true, unchanged: false });
    expect(settleInvoice(10_000, 2_500)).toEqual({ openAmountCents: 7_500, closed: false, unchanged: false });
    expect(settleInvoice(10_000, 0)).toEqual({ openAmountCents: 10_000, closed: false, unchanged: true });
    expect(settleInvoice(-2_000, -2_000)).toEqual({ openAmountCents: 0, closed: true, unchanged: false });
    // the open amount was lowered on the vendor's side meanwhile: never a negative remainder
    expect(settleInvoice(5_000, 6_000)).toEqual({ openAmountCents: 0, closed: true, unchanged: false });
  });
});

describe('planPaymentBatch', () => {
  const card = { provider: 'plastiq-cc', serviceFee: '2.9' };
  it('adds the card fee on the whole batch, half up; a dispute pays nothing; every adjusted invoice → allDisputed', () => {
    const batch = planPaymentBatch(
      [
        { id: 'a', openAmountCents: 100_000 },
        { id: 'b', openAmountCents: 50_000 },
      ],
      [
        { invoiceId: 'a', newAmountCents: 0, reason: 'Refused', notes: '' },
        { invoiceId: 'b', newAmountCents: 1_005, reason: 'Discount', notes: '' },
      ],
      card,
    );
    expect(batch).toMatchObject({ subtotalCents: 1_005, feeCents: 29, totalCents: 1_034, allDisputed: true, hasPayment: true });
  });
  it('refuses a negative total and a partial amount at or above the open amount', () => {
    expect(planPaymentBatch([{ id: 'c', openAmountCents: -500 }], [], card)).toMatchObject({ code: 'negative_total' });
    expect(
      planPaymentBatch([{ id: 'a', openAmountCents: 500 }], [{ invoiceId: 'a', newAmountCents: 500, reason: 'Discount', notes: '' }], card),
    ).toMatchObject({ code: 'invalid_partial_amount', invoiceId: 'a' });
  });
});

describe('settleDuePaymentGroups', () => {
  const TODAY = Temporal.PlainDate.from('2026-12-02');
  const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const invoice = (num: string) =>
    t.db.selectFrom('invoices').select(['id', 'openAmountCents', 'payable', 'status', 'deletedAt']).where('displayInvNum', '=', num).executeTakeFirstOrThrow();
  const groupStatus = async (id: string) =>
    (await t.db.selectFrom('paymentGroups').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const scheduledIds = async () =>
    (await t.db.selectFrom('paymentGroups').select('id').where('status', '=', 'scheduled').orderBy('paymentDate').execute()).map((r) => r.id);
  const paidJourneys = async () =>
    Number(
      (await t.db.selectFrom('invoiceJourneys').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'Paid').executeTakeFirstOrThrow()).n,
    );

  async function schedule(invoiceNums: string[], paymentDate: string, partials: Array<{ num: string; newAmount: number }> = []) {
    const d = t.demo!;
    const method = await t.db
      .selectFrom('paymentMethods')
      .select('id')
      .where('locationId', '=', d.locations.coastalBlueHeron)
      .where('name', '=', 'Operating Checking')
      .executeTakeFirstOrThrow();
    const ids = await Promise.all(invoiceNums.map(async (n) => (await invoice(n)).id));
    const partialPayments = await Promise.all(
      partials.map(async (p) => ({ invoiceId: (await invoice(p.num)).id, amount: '0', newAmount: p.newAmount, reason: 'Discount' })),
    );
    const result = await createPaymentGroupOnce(t.db, {
      contactId: d.contactId,
      vendorId: d.vendors.coastal,
      locationId: d.locations.coastalBlueHeron,
      idempotencyKey: `settle-${invoiceNums.join('-')}-${paymentDate}`,
      body: { paymentMethodId: method.id, paymentDate, partialPayments, invoices: ids, epaVersion: '1' },
      click2payRequestId: null,
      now: NOON,
    });
    expect(result.status).toBe(201);
    return (result.body as { paymentGroupId: string }).paymentGroupId;
  }

  it('settles only the groups due today or earlier: full payments close, part payments lower the open amount, disputes change nothing', async () => {
    const dueToday = await schedule(['CPC-10482', 'CPC-10517', 'CPC-10539'], '2026-12-02', [
      { num: 'CPC-10517', newAmount: 88.4 }, // 388.40 → 300.00 left
      { num: 'CPC-10539', newAmount: 0 }, // disputed
    ]);
    const tomorrow = await schedule(['CPC-10612'], '2026-12-03');
    const before = await scheduledIds();
    expect(before).toEqual(expect.arrayContaining([dueToday, tomorrow]));
    // the demo's AutoPay run (in 2 days) and plan payment (today) are scheduled too
    const seededDue = (await t.db.selectFrom('paymentGroups').select(['id', 'paymentDate']).where('status', '=', 'scheduled').execute())
      .filter((g) => g.paymentDate <= '2026-12-02')
      .map((g) => g.id);
    expect(seededDue.length).toBeGreaterThanOrEqual(2);

    const { settledGroupIds } = await settleDuePaymentGroups(t.db, { now: NOON });
    expect([...settledGroupIds].sort()).toEqual([...seededDue].sort());
    expect(await groupStatus(dueToday)).toBe('complete');
    expect(await groupStatus(tomorrow)).toBe('scheduled');

    const full = await invoice('CPC-10482');
    expect(full).toMatchObject({ openAmountCents: 0, payable: false, status: 'closed' });
    expect(full.deletedAt).toBeInstanceOf(Date);
    expect(await invoice('CPC-10517')).toMatchObject({ openAmountCents: 30_000, payable: true, status: 'open', deletedAt: null });
    expect(await invoice('CPC-10539')).toMatchObject({ openAmountCents: 51_275, payable: true, status: 'open', deletedAt: null });
    expect(await invoice('CPC-10612')).toMatchObject({ openAmountCents: 41_960, payable: false, status: 'scheduled' });
    // the demo plan payment: INV4409114 paid in full, INV4408802 part-paid (1120.15 − 240.45 = 879.70)
    expect(await invoice('INV4409114')).toMatchObject({ openAmountCents: 0, status: 'closed' });
    expect(await invoice('INV4408802')).toMatchObject({ openAmountCents: 312_000 - 87_970, payable: true });
  });

  it('running it again settles nothing and writes nothing', async () => {
    const journeys = await paidJourneys();
    const { settledGroupIds } = await settleDuePaymentGroups(t.db, { now: NOON });
    expect(settledGroupIds).toEqual([]);
    expect(await paidJourneys()).toBe(journeys);
    expect((await invoice('CPC-10517')).openAmountCents).toBe(30_000);
  });

  it('uses the vendor’s time zone: a group dated Dec 3 is due from midnight in New York, not at midnight UTC', async () => {
    const ids = await scheduledIds();
    const tomorrowGroups = (await t.db.selectFrom('paymentGroups').select(['id', 'paymentDate']).where('id', 'in', ids).execute()).filter(
      (g) => g.paymentDate === '2026-12-03',
    );
    expect(tomorrowGroups).toHaveLength(1);
    // Dec 3 02:00 UTC is still Dec 2 (21:00) in New York
    expect((await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T02:00:00Z') })).settledGroupIds).toEqual([]);
    // Dec 3 05:30 UTC is 00:30 in New York
    const run = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T05:30:00Z') });
    expect(run.settledGroupIds).toEqual([tomorrowGroups[0].id]);
    expect(await invoice('CPC-10612')).toMatchObject({ openAmountCents: 0, status: 'closed' });
  });

  it('several runs at once (several processes) settle each due group exactly once', async () => {
    const a = await schedule(['CPC-10566'], '2026-12-07');
    const b = await schedule(['CPC-10590'], '2026-12-07', [{ num: 'CPC-10590', newAmount: 1.35 }]);
    const later = new Date('2026-12-07T15:00:00Z');
    const runs = await Promise.all(Array.from({ length: 4 }, () => settleDuePaymentGroups(t.db, { now: later })));
    const settled = runs.flatMap((r) => r.settledGroupIds);
    expect(settled).toEqual(expect.arrayContaining([a, b]));
    expect(new Set(settled).size).toBe(settled.length); // no group twice
    expect(await invoice('CPC-10590')).toMatchObject({ openAmountCents: 20_135 - 135, payable: true });
    const paidLines = await t.db
      .selectFrom('invoiceJourneys')
      .select('id')
      .where('action', '=', 'Paid')
      .where('invoiceId', '=', (await invoice('CPC-10590')).id)
      .execute();
    expect(paidLines).toHaveLength(1);
  });

  it('the job queue (pg-boss) runs the settlement once at start (catch-up) and on demand, and stops cleanly', async () => {
    const due = await schedule(['CPC-10488-REBILL-2'], '2026-12-08');
    let now = new Date('2026-12-07T15:00:00Z');
    const queue = await startJobQueue({
      db: t.db, pglite: t.pglite, databaseUrl: t.databaseUrl, publicUrl: 'http://127.0.0.1', now: () => now,
      jobs: [settlementJob], schedule: false, pollingIntervalSeconds: 0.5,
    });
    try {
      await waitFor(() => queue.runs.length === 1);
      expect(await groupStatus(due)).toBe('scheduled');
      now = new Date('2026-12-08T15:00:00Z');
      await queue.send('settlement');
      await waitFor(() => queue.runs.length === 2);
      expect(queue.runs[1].summary.settled).toBeGreaterThanOrEqual(1);
      expect(await groupStatus(due)).toBe('complete');
    } finally {
      await queue.stop();
    }
  }, 30_000);

  async function waitFor(check: () => boolean, ms = 15_000) {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error('timed out waiting for the queue');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A scheduled group without lines of the vendor's location, paid with `methodId`, due on `date`. */
  async function bareGroup(vendorId: string, locationId: string, methodId: string, date: string) {
    const row = await t.db
      .insertInto('paymentGroups')
      .values({
        vendorId, locationId, contactId: t.demo!.contactId, confirmationNumber: `PP-T${Math.random().toString(36).slice(2, 11).toUpperCase()}`,
        paymentDate: date, paymentTotalCents: 100, paymentType: 'ACH', status: 'scheduled', sourceType: 'Portal',
        paymentPlanId: null, requestId: null, paymentMethodId: methodId, idempotencyKey: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  /** A bank account of the demo contact at Blue Heron, deleted on 2026-12-01. */
  const deletedMethod = (name: string, lastFour: string) =>
    t.db
      .insertInto('paymentMethods')
      .values({
        contactId: t.demo!.contactId, vendorId: t.demo!.vendors.pfg, locationId: t.demo!.locations.blueHeron, provider: 'priority-ach', name,
        lastFour, providerToken: `tok_deleted_${lastFour}`, deletedAt: new Date('2026-12-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const methodOf = (locationId: string) =>
    t.db.selectFrom('paymentMethods').select('id').where('locationId', '=', locationId).where('deletedAt', 'is', null).limit(1).executeTakeFirstOrThrow();

  it('one vendor with an invalid time zone does not stop the run: its group is logged and left scheduled, the others settle', async () => {
    const d = t.demo!;
    const broken = await bareGroup(d.vendors.coastal, d.locations.coastalBlueHeron, (await methodOf(d.locations.coastalBlueHeron)).id, '2026-12-09');
    const fine = await bareGroup(d.vendors.pfg, d.locations.blueHeron, (await methodOf(d.locations.blueHeron)).id, '2026-12-09');
    const vendor = await t.db.selectFrom('vendors').select('eodCutoff').where('id', '=', d.vendors.coastal).executeTakeFirstOrThrow();
    await t.db.updateTable('vendors').set({ eodCutoff: json({ hour: 17, timezone: 'Mars/Olympus_Mons' }) }).where('id', '=', d.vendors.coastal).execute();
    const errors: object[] = [];
    try {
      const log = { warn: () => undefined, error: (obj: object) => void errors.push(obj) };
      const run = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-09T17:00:00Z'), log });
      expect(run.settledGroupIds).toContain(fine);
      expect(run.failedGroupIds).toEqual([broken]);
      expect(errors).toEqual([expect.objectContaining({ paymentGroupId: broken })]);
      expect(await groupStatus(fine)).toBe('complete');
      expect(await groupStatus(broken)).toBe('scheduled');
    } finally {
      await t.db.updateTable('vendors').set({ eodCutoff: json(vendor.eodCutoff) }).where('id', '=', d.vendors.coastal).execute();
    }
    // once the vendor is fixed, the next run settles it
    expect((await settleDuePaymentGroups(t.db, { now: new Date('2026-12-09T17:00:00Z') })).settledGroupIds).toEqual([broken]);
  });

  it('a group whose payment method is deleted is not settled (logged, left scheduled); the run goes on', async () => {
    const d = t.demo!;
    const method = await deletedMethod('Gone Checking', '9999');
    const orphan = await bareGroup(d.vendors.pfg, d.locations.blueHeron, method.id, '2026-12-10');
    const fine = await bareGroup(d.vendors.pfg, d.locations.blueHeron, (await methodOf(d.locations.blueHeron)).id, '2026-12-10');
    const warnings: object[] = [];
    const run = await settleDuePaymentGroups(t.db, {
      now: new Date('2026-12-10T17:00:00Z'),
      log: { warn: (obj: object) => void warnings.push(obj), error: () => undefined },
    });
    expect(run.settledGroupIds).toEqual([fine]);
    expect(run.skippedGroupIds).toEqual([orphan]);
    expect(warnings).toEqual([expect.objectContaining({ paymentGroupId: orphan })]);
    expect(await groupStatus(orphan)).toBe('scheduled');
  });

  it('groups left scheduled do not hold up the run: more of them than one read takes, and the due group after them is settled', async () => {
    const d = t.demo!;
    const method = await deletedMethod('Closed Checking', '9998');
    // five groups of a deleted method, a day before the one that can be paid: first in the run's order
    const orphans: string[] = [];
    for (let i = 0; i < 5; i += 1) orphans.push(await bareGroup(d.vendors.pfg, d.locations.blueHeron, method.id, '2026-12-14'));
    const fine = await bareGroup(d.vendors.pfg, d.locations.blueHeron, (await methodOf(d.locations.blueHeron)).id, '2026-12-15');
    // read three at a time: the orphans fill the first reads
    const run = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-15T17:00:00Z'), limit: 3 });
    expect(run.settledGroupIds).toContain(fine);
    expect(await groupStatus(fine)).toBe('complete');
    expect(run.skippedGroupIds).toEqual(expect.arrayContaining(orphans));
    // each group looked at once
    const seen = [...run.settledGroupIds, ...run.skippedGroupIds, ...run.declinedGroupIds, ...run.failedGroupIds, ...run.waitingGroupIds, ...run.canceledGroupIds];
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a page size below one, fractional or not a number still reads every due group (it does not fail or stop)', async () => {
    const d = t.demo!;
    const method = (await methodOf(d.locations.blueHeron)).id;
    // Monday to Thursday: business days, whatever the method (an ACH debit waits for one)
    const days = ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24'];
    for (const [i, limit] of [0, -5, 0.5, Number.NaN].entries()) {
      const date = days[i]!;
      const due = [await bareGroup(d.vendors.pfg, d.locations.blueHeron, method, date), await bareGroup(d.vendors.pfg, d.locations.blueHeron, method, date), await bareGroup(d.vendors.pfg, d.locations.blueHeron, method, date)];
      const run = await settleDuePaymentGroups(t.db, { now: new Date(`${date}T17:00:00Z`), limit });
      expect(run.settledGroupIds, String(limit)).toEqual(expect.arrayContaining(due));
      for (const id of due) expect(await groupStatus(id), String(limit)).toBe('complete');
    }
  });

  it('the jobs purge outbox messages older than a login link lives (7 days), and keep newer ones', async () => {
    const old = await t.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: '5550100000', subject: null, body: 'old link', createdAt: new Date('2026-12-01T10:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await t.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: '5550100000', subject: null, body: 'recent link', createdAt: new Date('2026-12-05T10:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const log = { info() {}, warn() {}, error() {} };
    await purgeJob.run({ db: t.db, now: new Date('2026-12-10T12:00:00Z'), log, publicUrl: 'http://127.0.0.1' });
    const left = (await t.db.selectFrom('outbox').select('id').where('id', 'in', [old.id, recent.id]).execute()).map((r) => r.id);
    expect(left).toEqual([recent.id]);
    expect(await purgeOutbox(t.db, new Date('2026-12-10T12:00:00Z'))).toBe(0);
  });
});
