// @vitest-environment node
/**
 * The AutoPay run and the plan installments (server/jobs/autopay.ts, plans.ts): pure planners with fixed clocks and a
 * fast-check property, and the runners on the database — three runs at the same instant (three pools on
 * PostgreSQL) pay each due invoice exactly once, a run that dies mid-way and is rerun neither duplicates nor misses,
 * a vendor in America/New_York with a due date on a DST change day, a declined card (declined by the sandbox
 * PROCESSOR at settlement, counted in its ledger `sandbox_charges`; AutoPay's one message and one e-mail, retries at
 * +3/+5/+7 each a new group, none after a manual payment), two processes running AutoPay and settlement at once
 * (each invoice charged once at the processor), plan installments exactly once and never more than is still open.
 */
import fc from 'fast-check';
import { outboxAttachments } from '../../server/repos/outbox.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { createDb, type Db } from '../../server/db/connect.js';
import { json } from '../../server/db/json.js';
import { cancelScheduledGroups, deleteAutopay } from './helpers/use-cases.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { autopayJob, autopayPayDate, nextRetryOn, planAutopayRun, runAutopay, SimulatedCrash, PAYMENT_FAILED_SUBJECT } from '../../server/jobs/autopay.js';
import { runPlans } from '../../server/jobs/plans.js';
import { listPaymentPlans } from '../../server/repos/payment-plans.js';
import { toDateString } from '../../server/domain/dates.js';
import { planScheduleRows } from '../../src/features/payment-plans/plan-parts';
import { planInstallments as planSchedule0, scheduleRows } from '../../core/rules/recurring-plans.js';

/** The unified schedule rule with this file's older argument and row names, so its assertions stay as written. */
const planSchedule = (p: { startDate: string; frequency: 'weekly' | 'biweekly' | 'monthly'; totalCents: number; eachCents: number }) =>
  planSchedule0({ startDate: p.startDate, frequency: p.frequency, totalAmountCents: p.totalCents, eachAmountCents: p.eachCents })
    .map((r) => ({ number: r.paymentNumber, date: r.paymentDate, amountCents: r.paymentAmountCents }));
import { startJobQueue, type JobQueue } from '../../server/jobs/queue.js';
import { SANDBOX_CHARGE_DECLINE_CARD, sandboxProcessor } from '../../server/payments-service/sandbox.js';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';

const log = { info() {}, warn() {}, error() {} };
const ctx = (db: Db, iso: string) => ({ db, now: new Date(iso), log, publicUrl: 'http://portal.test' });

describe('AutoPay planner (pure)', () => {
  const base = { startDate: '2026-12-01', provider: 'priority-ach', holidays: ['2026-12-25'], excluded: [] as string[], charges: [] };
  const inv = (id: string, dueDate: string | null, over: Record<string, unknown> = {}) => ({ id, dueDate, openAmountCents: 100, payable: true, closed: false, disputed: false, ...over });

  it('pays on the due date; an invoice due before the start on the start date; ACH moves to the next business day', () => {
    expect(autopayPayDate('2026-12-09', '2026-12-01', 'priority-ach', [])).toBe('2026-12-09');
    expect(autopayPayDate('2026-11-15', '2026-12-01', 'priority-ach', [])).toBe('2026-12-01');
    expect(autopayPayDate('2026-12-12', '2026-12-01', 'priority-ach', [])).toBe('2026-12-14'); // Saturday → Monday
    expect(autopayPayDate('2026-12-12', '2026-12-01', 'plastiq-cc', [])).toBe('2026-12-12'); // cards pay any day
    expect(autopayPayDate('2026-12-25', '2026-12-01', 'plastiq-cc', ['2026-12-25'])).toBe('2026-12-26'); // never a holiday
    // a Saturday holiday: ACH moves to the Monday, and the Friday before is not closed
    expect(autopayPayDate('2026-07-04', '2026-07-01', 'priority-ach', ['2026-07-04'])).toBe('2026-07-06');
    expect(autopayPayDate('2026-07-03', '2026-07-01', 'priority-ach', ['2026-07-04'])).toBe('2026-07-03');
  });

  it('charges what is due at today, skips excluded, disputed, closed, not payable, credits, no due date, and what is not due yet', () => {
    const plan = planAutopayRun({
      ...base,
      today: '2026-12-09',
      excluded: ['x'],
      invoices: [
        inv('due', '2026-12-09'), inv('old', '2026-10-01'), inv('x', '2026-12-01'), inv('disp', '2026-12-01', { disputed: true }),
        inv('closed', '2026-12-01', { closed: true }), inv('sched', '2026-12-01', { payable: false }), inv('credit', '2026-12-01', { openAmountCents: -50 }),
        inv('nodate', null), inv('later', '2026-12-10'),
      ],
    });
    expect(plan.charge).toEqual([{ invoiceId: 'due', payDate: '2026-12-09' }, { invoiceId: 'old', payDate: '2026-12-01' }]);
  });

  it('nothing before the start date; a charged invoice is never charged again; a failed one is retried when due', () => {
    expect(planAutopayRun({ ...base, startDate: '2026-12-10', today: '2026-12-09', invoices: [inv('a', '2026-12-01')] }).charge).toEqual([]);
    const charges = [
      { invoiceId: 'paid', status: 'paid' as const, nextAttemptOn: null },
      { invoiceId: 'failed', status: 'failed' as const, nextAttemptOn: '2026-12-12' },
    ];
    const invoices = [inv('paid', '2026-12-01'), inv('failed', '2026-12-09')];
    expect(planAutopayRun({ ...base, today: '2026-12-11', invoices, charges })).toEqual({ charge: [], retry: [] });
    expect(planAutopayRun({ ...base, today: '2026-12-12', invoices, charges })).toEqual({ charge: [], retry: ['failed'] });
    expect([1, 2, 3, 4].map((n) => nextRetryOn('2026-12-09', n))).toEqual(['2026-12-12', '2026-12-14', '2026-12-16', null]);
  });
});

describe('sandbox charges', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('card 4000 0000 0000 0341 is saved, and its charges are declined by the processor; 4242… charges succeed', async () => {
    const card = { provider: 'plastiq-cc' as const, brand: 'visa' as const, expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: 'D', addressLine1: 'x', zipCode: '29401' };
    const sandbox = sandboxProcessor('plastiq-cc', t.db);
    const declining = await sandbox.tokenizeCard({ ...card, number: SANDBOX_CHARGE_DECLINE_CARD });
    const fine = await sandbox.tokenizeCard({ ...card, number: '4242424242424242' });
    if (!declining.ok || !fine.ok) throw new Error('tokenization refused');
    expect(await sandbox.charge({ providerToken: declining.providerToken, amountCents: 100, idempotencyKey: 'sbx-decline' })).toMatchObject({ ok: false, code: 'card_declined' });
    expect(await sandbox.charge({ providerToken: fine.providerToken, amountCents: 100, idempotencyKey: 'sbx-fine' })).toMatchObject({ ok: true });
  });
});

describe('plan schedule (pure)', () => {
  it('weekly / biweekly / monthly dates; the last installment takes the remainder', () => {
    expect(planSchedule({ startDate: '2024-01-01', frequency: 'weekly', totalCents: 1000, eachCents: 300 })).toEqual([
      { number: 1, date: '2024-01-01', amountCents: 300 },
      { number: 2, date: '2024-01-08', amountCents: 300 },
      { number: 3, date: '2024-01-15', amountCents: 300 },
      { number: 4, date: '2024-01-22', amountCents: 100 },
    ]);
    expect(planSchedule({ startDate: '2024-01-31', frequency: 'monthly', totalCents: 300, eachCents: 100 }).map((r) => r.date)).toEqual([
      '2024-01-31', '2024-02-29', '2024-03-31',
    ]);
    expect(planSchedule({ startDate: '2024-01-02', frequency: 'biweekly', totalCents: 200, eachCents: 100 }).map((r) => r.date)).toEqual(['2024-01-02', '2024-01-16']);
  });

  it('property: installments sum to the total, all but the last equal each, the last is in (0, each]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.constantFrom('weekly' as const, 'biweekly' as const, 'monthly' as const),
        (totalCents, eachCents, frequency) => {
          fc.pre(totalCents / eachCents <= 500);
          const rows = planSchedule({ startDate: '2026-01-31', frequency, totalCents, eachCents });
          expect(rows.reduce((a, r) => a + r.amountCents, 0)).toBe(totalCents);
          expect(rows.slice(0, -1).every((r) => r.amountCents === eachCents)).toBe(true);
          const last = rows.at(-1)!.amountCents;
          expect(last > 0 && last <= eachCents).toBe(true);
          expect(rows.every((r, i) => i === 0 || r.date > rows[i - 1].date)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('row status from the groups (§3): complete → Closed, scheduled → Scheduled, else Open', () => {
    const rows = planSchedule({ startDate: '2024-01-01', frequency: 'weekly', totalCents: 300, eachCents: 100 });
    const statuses = scheduleRows(rows.map((r) => ({ paymentNumber: r.number, paymentDate: r.date, paymentAmountCents: r.amountCents })), [
      { installmentNumber: 1, paymentDate: '2024-01-01', status: 'complete' },
      { installmentNumber: 2, paymentDate: '2024-01-08', status: 'scheduled' },
    ]).map((r) => r.status);
    expect(statuses).toEqual(['Closed', 'Scheduled', 'Open']);
  });
});

describe('runs on the database', () => {
  let t: TestDb;
  let vendorId: string;
  let contactId: string;

  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: Temporal.PlainDate.from('2026-12-02') });
    vendorId = t.demo!.vendors.pfg; // America/New_York
    contactId = t.demo!.contactId;
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  let seq = 0;
  /** A fresh location of the vendor with an AutoPay (method of `provider`) and invoices due on the given dates. */
  async function fixture(opts: { startDate: string; provider?: string; declines?: boolean; cardFunding?: 'credit' | 'debit' | 'prepaid'; invoices: Array<[dueDate: string, cents: number]> }) {
    seq += 1;
    const location = await t.db.insertInto('locations').values({ vendorId, displayName: `Test ${seq}`, address: json(null), createType: null }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('contactLocations').values({ contactId, vendorId, locationId: location.id }).execute();
    const provider = opts.provider ?? 'plastiq-cc';
    const method = await t.db
      .insertInto('paymentMethods')
      .values({
        contactId, vendorId, locationId: location.id, provider: provider as any, name: 'Test Card', lastFour: opts.declines ? '0341' : '4242',
        providerToken: `sbx_${provider}_card${opts.declines ? '_declines' : ''}_${seq}`, serviceFee: provider.endsWith('-cc') ? '2.9' : null,
        cardFunding: provider.endsWith('-cc') ? (opts.cardFunding ?? 'credit') : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const autopay = await t.db
      .insertInto('autopays')
      .values({ vendorId, locationId: location.id, contactId, paymentMethodId: method.id, startDate: opts.startDate })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoiceIds: string[] = [];
    for (const [i, [dueDate, cents]] of opts.invoices.entries()) {
      const row = await t.db
        .insertInto('invoices')
        .values({
          vendorId, locationId: location.id, externalId: `T${seq}-${i}`, displayInvNum: `T${seq}-${i}`, openAmountCents: cents, originalAmountCents: cents,
          dueDate, invoiceDate: null, externalInvoiceDate: null, poRefId: null, createType: null, externalUrl: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      invoiceIds.push(row.id);
    }
    return { locationId: location.id, methodId: method.id, autopayId: autopay.id, invoiceIds };
  }

  /** Payment lines per invoice of the location (canceled groups and groups the processor declined excluded). */
  async function paidCount(locationId: string) {
    const rows = await t.db
      .selectFrom('payments as p')
      .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
      .select(['p.invoiceId', 'g.sourceType', 'g.paymentTotalCents', 'g.serviceFeeCents', 'g.paymentDate'])
      .where('g.locationId', '=', locationId)
      .where('g.status', 'not in', ['canceled', 'failed'])
      .execute();
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.invoiceId, (counts.get(r.invoiceId) ?? 0) + 1);
    return { counts, rows };
  }

  /** A day of the jobs in one process: the AutoPay run, then settlement charges what is due (the processor decides). */
  async function day(iso: string, db: Db = t.db) {
    await runAutopay(ctx(db, iso));
    return settleDuePaymentGroups(db, { now: new Date(iso), log, publicUrl: 'http://portal.test' });
  }

  /**
   * What the PROCESSOR took or declined for the location's payment groups, by its ledger (`sandbox_charges`, one row
   * per charge it answered), with the invoice each group paid (the location's groups pay one invoice each, or a plan's).
   */
  async function ledger(locationId: string) {
    const groups = await t.db
      .selectFrom('paymentGroups as g')
      .leftJoin('payments as p', 'p.paymentGroupId', 'g.id')
      .select(['g.id', 'p.invoiceId', 'g.paymentPlanId'])
      .where('g.locationId', '=', locationId)
      .execute();
    const byGroup = new Map(groups.map((g) => [g.id, g]));
    const rows = await paymentsDb(t.db).selectFrom('sandboxCharges').select(['idempotencyKey', 'amountCents', 'outcome']).orderBy('createdAt').orderBy('id').execute();
    return rows.flatMap((r) => {
      const groupId = /^pg_(.+)_\d+$/.exec(r.idempotencyKey)?.[1];
      const group = groupId ? byGroup.get(groupId) : undefined;
      return group ? [{ groupId: group.id, invoiceId: group.invoiceId, planId: group.paymentPlanId, amountCents: Number(r.amountCents), outcome: r.outcome }] : [];
    });
  }
  it('a debit or prepaid card’s AutoPay payment carries no fee (issue 20): stored 0, total = the invoice', async () => {
    for (const cardFunding of ['debit', 'prepaid'] as const) {
      const f = await fixture({ startDate: '2026-12-03', cardFunding, invoices: [['2026-11-20', 10_000]] });
      await runAutopay(ctx(t.db, '2026-12-03T17:00:00Z'));
      const paid = await paidCount(f.locationId);
      expect(paid.rows, cardFunding).toEqual([expect.objectContaining({ sourceType: 'Autopay Plus', paymentTotalCents: 10_000, serviceFeeCents: 0 })]);
    }
  });

  it('a plan paid with a debit card carries no fee on its installments (issue 20)', async () => {
    const f = await fixture({ startDate: '2030-01-01', cardFunding: 'debit', invoices: [['2026-11-01', 50_000]] });
    const plan = await t.db
      .insertInto('paymentPlans')
      .values({
        vendorId, locationId: f.locationId, contactId, requestId: null, name: 'Debit Plan', status: 'active', totalAmountCents: 50_000,
        eachAmountCents: 25_000, frequency: 'weekly', startDate: '2026-12-07', paymentMethodId: f.methodId, invoiceIds: json([f.invoiceIds[0]]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await runPlans(ctx(t.db, '2026-12-07T17:00:00Z'));
    const groups = await t.db.selectFrom('paymentGroups').select(['paymentTotalCents', 'serviceFeeCents']).where('paymentPlanId', '=', plan.id).execute();
    expect(groups).toEqual([{ paymentTotalCents: 25_000, serviceFeeCents: 0 }]);
  });

  it('pays each due invoice once, as "Autopay Plus" with the card fee, dated the run day; reruns change nothing', async () => {
    const f = await fixture({ startDate: '2026-12-03', invoices: [['2026-11-20', 10_000], ['2026-12-08', 20_000], ['2026-12-20', 30_000]] });
    await runAutopay(ctx(t.db, '2026-12-02T17:00:00Z')); // before the start date
    expect((await paidCount(f.locationId)).counts.size).toBe(0);
    await runAutopay(ctx(t.db, '2026-12-03T17:00:00Z'));
    let paid = await paidCount(f.locationId);
    expect([...paid.counts.keys()]).toEqual([f.invoiceIds[0]]); // already due at the start: paid on the start date
    expect(paid.rows[0]).toMatchObject({ sourceType: 'Autopay Plus', paymentTotalCents: 10_290, serviceFeeCents: 290, paymentDate: '2026-12-03' });
    await runAutopay(ctx(t.db, '2026-12-09T17:00:00Z')); // a late run (the 8th was missed) still pays the 8th's invoice, once
    await runAutopay(ctx(t.db, '2026-12-09T17:05:00Z'));
    paid = await paidCount(f.locationId);
    expect(paid.counts).toEqual(new Map([[f.invoiceIds[0], 1], [f.invoiceIds[1], 1]]));
    const inv = await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', f.invoiceIds[1]).executeTakeFirstOrThrow();
    expect(inv).toEqual({ payable: false, status: 'scheduled' });
  });

  it('skips invoices excluded, disputed or paid by hand before the run', async () => {
    const f = await fixture({ startDate: '2026-12-03', invoices: [['2026-12-05', 100], ['2026-12-05', 200], ['2026-12-05', 300], ['2026-12-05', 400]] });
    await t.db.updateTable('autopays').set({ excludedInvoiceIds: json([f.invoiceIds[0]]) }).where('id', '=', f.autopayId).execute();
    await t.db.updateTable('invoices').set({ payable: false, status: 'scheduled' }).where('id', '=', f.invoiceIds[1]).execute(); // paid by hand
    const group = await t.db
      .insertInto('paymentGroups')
      .values({
        vendorId, locationId: f.locationId, contactId, confirmationNumber: 'PP-DISPUTE1', paymentDate: '2026-12-04', paymentTotalCents: 0, paymentType: 'CC',
        status: 'complete', sourceType: 'Portal', paymentPlanId: null, requestId: null, paymentMethodId: f.methodId, idempotencyKey: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('payments').values({ paymentGroupId: group.id, invoiceId: f.invoiceIds[2], paidAmountCents: 0, subject: 'Disputed', message: null }).execute();
    await runAutopay(ctx(t.db, '2026-12-05T17:00:00Z'));
    const autopayLines = (await paidCount(f.locationId)).rows.filter((r) => r.sourceType === 'Autopay Plus');
    expect(autopayLines.map((r) => r.invoiceId)).toEqual([f.invoiceIds[3]]);
  });

  it('three runs at the same instant (three connections/pools) pay each due invoice exactly once', async () => {
    const f = await fixture({ startDate: '2026-12-03', invoices: Array.from({ length: 12 }, (_, i) => [`2026-12-0${3 + (i % 5)}`, 1000 + i] as [string, number]) });
    const extra = t.databaseUrl ? await Promise.all([0, 1, 2].map(() => createDb({ databaseUrl: t.databaseUrl, poolSize: 3 }))) : [];
    try {
      const dbs = extra.length ? extra.map((h) => h.db) : [t.db, t.db, t.db];
      await Promise.all(dbs.map((db) => runAutopay(ctx(db, '2026-12-08T17:00:00Z'))));
    } finally {
      await Promise.all(extra.map((h) => h.close()));
    }
    const { counts } = await paidCount(f.locationId);
    expect(counts.size).toBe(12);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL: three job queues (three pg-boss instances, as three server processes) start at once: each due invoice paid once', async () => {
    const f = await fixture({ startDate: '2026-12-03', invoices: Array.from({ length: 8 }, (_, i) => ['2026-12-05', 700 + i] as [string, number]) });
    const handles = await Promise.all([0, 1, 2].map(() => createDb({ databaseUrl: t.databaseUrl, poolSize: 3 })));
    const queues: JobQueue[] = [];
    try {
      for (const h of handles) {
        queues.push(
          await startJobQueue({
            db: h.db, databaseUrl: t.databaseUrl, publicUrl: 'http://portal.test', now: () => new Date('2026-12-05T17:00:00Z'),
            jobs: [autopayJob], schedule: false, pollingIntervalSeconds: 0.5,
          }),
        );
      }
      await Promise.all(queues.map((q) => q.send('autopay'))); // three ticks at the same instant
      const until = Date.now() + 20_000;
      while ((await paidCount(f.locationId)).counts.size < 8 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      await Promise.all(queues.map((q) => q.idle()));
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(handles.map((h) => h.close()));
    }
    const { counts } = await paidCount(f.locationId);
    expect(counts.size).toBe(8);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('a run that dies after 3 charges, then a rerun: no duplicate, no miss', async () => {
    const f = await fixture({ startDate: '2026-12-03', invoices: Array.from({ length: 7 }, (_, i) => ['2026-12-04', 500 + i] as [string, number]) });
    // only this location's AutoPay counts toward the crash: the others were paid by earlier tests
    await expect(
      runAutopay(ctx(t.db, '2026-12-04T17:00:00Z'), {
        afterCharge: (n) => {
          if (n === 3) throw new SimulatedCrash('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const partial = (await paidCount(f.locationId)).counts.size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(7);
    await runAutopay(ctx(t.db, '2026-12-04T17:00:00Z'));
    const { counts } = await paidCount(f.locationId);
    expect(counts.size).toBe(7);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('America/New_York: a due date on a DST change day is paid from local midnight, not UTC midnight', async () => {
    // 2027-03-14: clocks spring forward (EST → EDT); 2027-11-07: they fall back (EDT → EST)
    const f = await fixture({ startDate: '2027-03-01', invoices: [['2027-03-14', 100], ['2027-11-07', 200]] });
    await runAutopay(ctx(t.db, '2027-03-14T04:59:00Z')); // Mar 13, 23:59 EST
    expect((await paidCount(f.locationId)).counts.size).toBe(0);
    await runAutopay(ctx(t.db, '2027-03-14T05:00:00Z')); // Mar 14, 00:00 EST
    expect([...(await paidCount(f.locationId)).counts.keys()]).toEqual([f.invoiceIds[0]]);
    await runAutopay(ctx(t.db, '2027-11-07T03:59:00Z')); // Nov 6, 23:59 EDT
    expect((await paidCount(f.locationId)).counts.size).toBe(1);
    await runAutopay(ctx(t.db, '2027-11-07T04:00:00Z')); // Nov 7, 00:00 EDT
    const { rows } = await paidCount(f.locationId);
    expect(rows.find((r) => r.invoiceId === f.invoiceIds[1])?.paymentDate).toBe('2027-11-07');
  });

  it('a declined card: the PROCESSOR declines the AutoPay charge at settlement; AutoPay\'s one "Payment Failed" message and e-mail with a link, retries at +3/+5/+7 (each a new group), none after a manual payment', async () => {
    const f = await fixture({ startDate: '2027-01-04', declines: true, invoices: [['2027-01-05', 1000], ['2027-01-05', 2000]] });
    const [manual, rescued] = f.invoiceIds;
    const mine = seq;
    const messages = () => t.db.selectFrom('messages').select(['invoiceId', 'subject', 'body']).where('locationId', '=', f.locationId).execute();
    const emails = () => t.db.selectFrom('outbox').select(['recipient', 'subject', 'body']).where('body', 'like', `%invoice T${mine}-%`).execute();
    const charge = (invoiceId: string) => t.db.selectFrom('autopayCharges').selectAll().where('invoiceId', '=', invoiceId).executeTakeFirstOrThrow();
    const outcomes = async (invoiceId: string) => (await ledger(f.locationId)).filter((r) => r.invoiceId === invoiceId).map((r) => [r.outcome, r.amountCents]);

    await runAutopay(ctx(t.db, '2027-01-05T17:00:00Z'));
    // the run decides nothing: it wrote the groups; nothing is charged, declined or told before settlement
    expect(await ledger(f.locationId)).toEqual([]);
    expect(await messages()).toEqual([]);
    expect(await charge(manual)).toMatchObject({ status: 'paid', attempts: 1 });
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-05T17:00:00Z'), log, publicUrl: 'http://portal.test' });
    // the processor declined each invoice's charge, once: one declined row per invoice in its ledger
    expect(await outcomes(manual)).toEqual([['declined', 1029]]);
    expect(await outcomes(rescued)).toEqual([['declined', 2058]]);
    await day('2027-01-06T17:00:00Z'); // nothing new before the first retry
    const failed = (await messages()).filter((x) => x.subject === PAYMENT_FAILED_SUBJECT);
    expect(failed).toHaveLength(2);
    // AutoPay's text (not settlement's pay-again text), once per failure
    expect(failed.find((x) => x.invoiceId === manual)?.body).toBe(
      `Your AutoPay Plus payment of $10.29 for invoice T${mine}-0 with Test Card 0341 could not be processed: the card issuer declined the charge. ` +
        'We will try again on 3 more days, starting 1/8/27. To avoid another failure, change your AutoPay Plus payment method or pay the invoice yourself.',
    );
    const mail = await emails();
    expect(mail).toHaveLength(2);
    expect(mail[0].recipient).toBe('demo@example.com');
    expect(mail.every((m) => m.subject === 'Your AutoPay Plus payment could not be processed')).toBe(true);
    expect(mail[0].body).toMatch(new RegExp(`http://portal\\.test/token/[A-Za-z0-9_-]+/vendors/${vendorId}/locations/${f.locationId}/autopaymanage`));
    expect(mail.some((m) => m.body.includes('Pay your invoices'))).toBe(false);
    // the notice is also the declined group's receipt: its PDF is attached, marked Failed
    const notice = await t.db.selectFrom('outbox').select('id').where('subject', '=', 'Your AutoPay Plus payment could not be processed').where('body', 'like', `%invoice T${mine}-0 %`).executeTakeFirstOrThrow();
    const [receipt] = await outboxAttachments(t.db, notice.id);
    expect(receipt?.contentType).toBe('application/pdf');
    expect(receipt.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await paidCount(f.locationId)).counts.size).toBe(0);
    expect(await charge(manual)).toMatchObject({ status: 'failed', attempts: 1, nextAttemptOn: '2027-01-08', lastError: 'the card issuer declined the charge' });
    // the declined groups are failed and their invoices open and payable again
    const invoice = (id: string) => t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await invoice(rescued)).toEqual({ payable: true, status: 'open' });

    // the customer pays one invoice by hand after the failure
    await t.db.updateTable('invoices').set({ payable: false, status: 'scheduled' }).where('id', '=', manual).execute();
    await day('2027-01-08T17:00:00Z'); // first retry (+3): a new group, declined again by the processor
    expect(await charge(manual)).toMatchObject({ status: 'ended', nextAttemptOn: null });
    expect(await charge(rescued)).toMatchObject({ status: 'failed', attempts: 2, nextAttemptOn: '2027-01-10' });
    expect(await outcomes(manual)).toEqual([['declined', 1029]]); // never charged again
    expect(await outcomes(rescued)).toEqual([['declined', 2058], ['declined', 2058]]);
    await day('2027-01-10T17:00:00Z'); // second retry (+5)
    expect(await charge(rescued)).toMatchObject({ status: 'failed', attempts: 3, nextAttemptOn: '2027-01-12' });

    // the customer follows the link and changes the AutoPay's method: the third retry (+7) uses it and pays
    const good = await t.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: f.locationId, provider: 'plastiq-cc', name: 'Good Card', lastFour: '4242', providerToken: 'sbx_ok', serviceFee: '2.9' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('autopays').set({ paymentMethodId: good.id }).where('id', '=', f.autopayId).execute();
    await day('2027-01-12T17:00:00Z');
    expect(await charge(rescued)).toMatchObject({ status: 'paid', attempts: 4, nextAttemptOn: null });
    // the retry that succeeds is charged once at the processor, its group completes and the invoice closes
    expect(await outcomes(rescued)).toEqual([['declined', 2058], ['declined', 2058], ['declined', 2058], ['succeeded', 2058]]);
    const { counts, rows } = await paidCount(f.locationId);
    expect(counts).toEqual(new Map([[rescued, 1]])); // never a charge of the invoice paid by hand
    expect(rows[0]).toMatchObject({ paymentTotalCents: 2058, paymentDate: '2027-01-12' });
    expect(await t.db.selectFrom('invoices').select(['status', 'openAmountCents']).where('id', '=', rescued).executeTakeFirstOrThrow()).toEqual({ status: 'closed', openAmountCents: 0 });
    // still one message and one e-mail per invoice after all the retries; later days change nothing
    await day('2027-01-20T17:00:00Z');
    expect((await messages()).filter((x) => x.subject === PAYMENT_FAILED_SUBJECT)).toHaveLength(2);
    expect(await emails()).toHaveLength(2);
    expect((await paidCount(f.locationId)).counts).toEqual(counts);
    expect(await outcomes(rescued)).toHaveLength(4);
    // each declined retry is in the invoice's journey
    const journey = await t.db.selectFrom('invoiceJourneys').select('detail').where('invoiceId', '=', rescued).where('action', '=', PAYMENT_FAILED_SUBJECT).execute();
    expect(journey).toHaveLength(3);
  });

  it('a declined card stops after the third retry (+7 days): four declines at the processor, one message, one e-mail', async () => {
    const f = await fixture({ startDate: '2027-02-01', declines: true, invoices: [['2027-02-01', 1000]] });
    for (const d of ['01', '04', '06', '08', '09', '20']) await day(`2027-02-${d}T17:00:00Z`);
    const charge = await t.db.selectFrom('autopayCharges').selectAll().where('invoiceId', '=', f.invoiceIds[0]).executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ status: 'stopped', attempts: 4, nextAttemptOn: null });
    expect((await paidCount(f.locationId)).counts.size).toBe(0);
    expect((await ledger(f.locationId)).map((r) => r.outcome)).toEqual(['declined', 'declined', 'declined', 'declined']);
    expect(await t.db.selectFrom('messages').select('id').where('locationId', '=', f.locationId).where('subject', '=', PAYMENT_FAILED_SUBJECT).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('outbox').select('id').where('body', 'like', `%invoice T${seq}-0 %`).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', f.invoiceIds[0]).executeTakeFirstOrThrow()).toEqual({ payable: true, status: 'open' });
  });

  it('a deleted or unverified method is refused before any group is written (its reason kept; nothing reaches the processor)', async () => {
    const f = await fixture({ startDate: '2027-02-17', invoices: [['2027-02-17', 1000]] });
    await t.db.updateTable('paymentMethods').set({ deletedAt: new Date('2027-02-16T12:00:00Z') }).where('id', '=', f.methodId).execute();
    await day('2027-02-17T17:00:00Z');
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'lastError', 'paymentGroupId']).where('invoiceId', '=', f.invoiceIds[0]).executeTakeFirstOrThrow()).toEqual({
      status: 'failed', lastError: 'the payment method was removed', paymentGroupId: null,
    });
    const g = await fixture({ startDate: '2027-02-17', provider: 'priority-ach', invoices: [['2027-02-18', 1000]] });
    await t.db.updateTable('paymentMethods').set({ verificationRequired: true }).where('id', '=', g.methodId).execute();
    await day('2027-02-18T17:00:00Z');
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'lastError']).where('invoiceId', '=', g.invoiceIds[0]).executeTakeFirstOrThrow()).toEqual({
      status: 'failed', lastError: 'the bank account is not verified',
    });
    for (const x of [f, g]) {
      expect(await t.db.selectFrom('paymentGroups').select('id').where('locationId', '=', x.locationId).execute()).toEqual([]);
      expect(await ledger(x.locationId)).toEqual([]);
      expect(await t.db.selectFrom('messages').select('id').where('locationId', '=', x.locationId).where('subject', '=', PAYMENT_FAILED_SUBJECT).execute()).toHaveLength(1);
    }
  });

  it('settlement dies after the processor declined an AutoPay charge: the next run finds the decline by its key and records it once', async () => {
    const f = await fixture({ startDate: '2027-03-22', declines: true, invoices: [['2027-03-22', 1200]] });
    const now = new Date('2027-03-22T17:00:00Z');
    await runAutopay(ctx(t.db, now.toISOString()));
    const { id: groupId } = await t.db.selectFrom('paymentGroups').select('id').where('locationId', '=', f.locationId).executeTakeFirstOrThrow();
    const died = await settleDuePaymentGroups(t.db, {
      now, log, publicUrl: 'http://portal.test',
      afterProcessorAnswer: (id) => {
        if (id === groupId) throw new Error('killed between the answer and the commit');
      },
    });
    expect(died.failedGroupIds).toContain(groupId);
    expect((await t.db.selectFrom('paymentGroups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow()).status).toBe('processing');
    expect(await t.db.selectFrom('messages').select('id').where('locationId', '=', f.locationId).execute()).toEqual([]);
    await settleDuePaymentGroups(t.db, { now: new Date('2027-03-22T17:01:00Z'), log, publicUrl: 'http://portal.test' });
    await settleDuePaymentGroups(t.db, { now: new Date('2027-03-22T17:02:00Z'), log, publicUrl: 'http://portal.test' });
    expect((await ledger(f.locationId)).map((r) => r.outcome)).toEqual(['declined']);
    expect((await t.db.selectFrom('paymentGroups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow()).status).toBe('failed');
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'attempts', 'nextAttemptOn']).where('invoiceId', '=', f.invoiceIds[0]).executeTakeFirstOrThrow()).toEqual({
      status: 'failed', attempts: 1, nextAttemptOn: '2027-03-25',
    });
    expect(await t.db.selectFrom('messages').select('id').where('locationId', '=', f.locationId).where('subject', '=', PAYMENT_FAILED_SUBJECT).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('outbox').select('id').where('body', 'like', `%invoice T${seq}-0 %`).execute()).toHaveLength(1);
  });

  it('two processes each running AutoPay then settlement at the same instant charge each invoice once at the processor', async () => {
    const f = await fixture({ startDate: '2027-03-01', invoices: Array.from({ length: 6 }, (_, i) => ['2027-03-02', 900 + i] as [string, number]) });
    const extra = t.databaseUrl ? await Promise.all([0, 1].map(() => createDb({ databaseUrl: t.databaseUrl, poolSize: 3 }))) : [];
    try {
      const dbs = extra.length ? extra.map((h) => h.db) : [t.db, t.db];
      await Promise.all(dbs.map((db) => day('2027-03-02T17:00:00Z', db)));
      await Promise.all(dbs.map((db) => day('2027-03-02T17:01:00Z', db))); // and again: nothing more
    } finally {
      await Promise.all(extra.map((h) => h.close()));
    }
    const taken = await ledger(f.locationId);
    expect(taken.map((r) => r.invoiceId).sort()).toEqual([...f.invoiceIds].sort()); // one charge per invoice
    expect(taken.every((r) => r.outcome === 'succeeded')).toBe(true);
    const totals = await t.db.selectFrom('paymentGroups').select(['id', 'paymentTotalCents', 'status']).where('locationId', '=', f.locationId).execute();
    expect(totals.every((g) => g.status === 'complete')).toBe(true);
    expect(taken.map((r) => r.amountCents)).toEqual(taken.map((r) => Number(totals.find((g) => g.id === r.groupId)!.paymentTotalCents)));
  });

  it('turning AutoPay off cancels its payments not yet settled (invoice payable again) and ends its retries', async () => {
    const f = await fixture({ startDate: '2027-04-01', invoices: [['2027-04-05', 1000]] });
    await runAutopay(ctx(t.db, '2027-04-05T17:00:00Z'));
    expect((await paidCount(f.locationId)).counts.size).toBe(1);
    const answer = await deleteAutopay(t.db, { contactId, vendorId, locationId: f.locationId, tokenRequestId: null }, f.autopayId, new Date('2027-04-05T18:00:00Z'));
    expect(answer).toEqual({ id: f.autopayId, deactivationDate: '2027-04-05' });
    expect((await paidCount(f.locationId)).counts.size).toBe(0);
    const inv = await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', f.invoiceIds[0]).executeTakeFirstOrThrow();
    expect(inv).toEqual({ payable: true, status: 'open' });
    await runAutopay(ctx(t.db, '2027-04-06T17:00:00Z')); // off: nothing more
    expect((await paidCount(f.locationId)).counts.size).toBe(0);
  });

  /** Another scheduled payment (a Portal one, with its own card) paying `cents` of the invoice. */
  async function otherScheduledGroup(f: { locationId: string }, invoiceId: string, cents: number) {
    const method = await t.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: f.locationId, provider: 'plastiq-cc', name: 'Other Card', lastFour: '5555', providerToken: `sbx_other_${seq}`, serviceFee: '2.9' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await t.db
      .insertInto('paymentGroups')
      .values({
        vendorId, locationId: f.locationId, contactId, confirmationNumber: `PP-OTHER${seq}`, paymentDate: '2027-05-20', paymentTotalCents: cents,
        paymentType: 'CC', status: 'scheduled', sourceType: 'Portal', paymentPlanId: null, requestId: null, paymentMethodId: method.id, idempotencyKey: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('payments').values({ paymentGroupId: group.id, invoiceId, paidAmountCents: cents, subject: null, message: null }).execute();
    return group.id;
  }

  it('turning AutoPay off keeps scheduled an invoice another scheduled group still pays; the AutoPay-only invoice reopens', async () => {
    const f = await fixture({ startDate: '2027-05-01', invoices: [['2027-05-03', 1000], ['2027-05-03', 2000]] });
    await runAutopay(ctx(t.db, '2027-05-03T17:00:00Z'));
    const [shared, alone] = f.invoiceIds;
    const other = await otherScheduledGroup(f, shared, 500);
    const autopayGroups = await t.db
      .selectFrom('paymentGroups as g')
      .innerJoin('payments as p', 'p.paymentGroupId', 'g.id')
      .select(['g.id', 'g.confirmationNumber', 'p.invoiceId'])
      .where('g.sourceType', '=', 'Autopay Plus')
      .where('g.locationId', '=', f.locationId)
      .execute();
    expect(autopayGroups.map((g) => g.invoiceId).sort()).toEqual([...f.invoiceIds].sort());

    await deleteAutopay(t.db, { contactId, vendorId, locationId: f.locationId, tokenRequestId: null }, f.autopayId, new Date('2027-05-03T18:00:00Z'));

    const status = async (id: string) => (await t.db.selectFrom('paymentGroups').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    for (const g of autopayGroups) expect(await status(g.id)).toBe('canceled');
    expect(await status(other)).toBe('scheduled');
    const invoice = (id: string) => t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await invoice(shared)).toEqual({ payable: false, status: 'scheduled' }); // the other payment still pays it
    expect(await invoice(alone)).toEqual({ payable: true, status: 'open' });
    // each canceled AutoPay line is in its invoice's journey, shared or not
    const canceled = await t.db
      .selectFrom('invoiceJourneys')
      .select(['invoiceId', 'contactId', 'detail'])
      .where('invoiceId', 'in', f.invoiceIds)
      .where('action', '=', 'Payment Canceled')
      .orderBy('detail')
      .execute();
    const confirmation = (invoiceId: string) => autopayGroups.find((g) => g.invoiceId === invoiceId)!.confirmationNumber;
    expect(canceled).toEqual([
      { invoiceId: shared, contactId, detail: `$10.00 scheduled by AutoPay Plus for 5/3/27 (${confirmation(shared)}) canceled: AutoPay Plus was turned off` },
      { invoiceId: alone, contactId, detail: `$20.00 scheduled by AutoPay Plus for 5/3/27 (${confirmation(alone)}) canceled: AutoPay Plus was turned off` },
    ]);
  });

  it('cancelScheduledGroups cancels only the scope’s scheduled groups', async () => {
    const f = await fixture({ startDate: '2027-06-01', invoices: [['2027-06-01', 700]] });
    const g = await fixture({ startDate: '2027-06-01', invoices: [['2027-06-01', 800]] });
    await runAutopay(ctx(t.db, '2027-06-01T17:00:00Z'));
    const groupOf = async (locationId: string) =>
      (await t.db.selectFrom('paymentGroups').select('id').where('locationId', '=', locationId).where('sourceType', '=', 'Autopay Plus').executeTakeFirstOrThrow()).id;
    const ids = [await groupOf(f.locationId), await groupOf(g.locationId)];
    const canceled = await t.db.transaction().execute((trx) =>
      cancelScheduledGroups(trx, { contactId, vendorId, locationId: f.locationId }, ids, { kind: 'autopay-off' }, new Date('2027-06-01T18:00:00Z')),
    );
    expect(canceled).toEqual([ids[0]]);
    const statuses = await t.db.selectFrom('paymentGroups').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(new Map(statuses.map((r) => [r.id, r.status]))).toEqual(new Map([[ids[0], 'canceled'], [ids[1], 'scheduled']]));
    const other = await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', g.invoiceIds[0]).executeTakeFirstOrThrow();
    expect(other).toEqual({ payable: false, status: 'scheduled' });
  });

  it('plan installments: created on their dates exactly once each (also three runs at once), with the current method', async () => {
    const f = await fixture({ startDate: '2030-01-01', invoices: [['2026-11-01', 100_000]] }); // the AutoPay never starts here
    const plan = await t.db
      .insertInto('paymentPlans')
      .values({
        vendorId, locationId: f.locationId, contactId, requestId: null, name: 'Test Plan', status: 'active', totalAmountCents: 100_000,
        eachAmountCents: 30_000, frequency: 'weekly', startDate: '2026-12-07', paymentMethodId: f.methodId, invoiceIds: json([f.invoiceIds[0]]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groups = () =>
      t.db.selectFrom('paymentGroups').select(['installmentNumber', 'paymentTotalCents', 'serviceFeeCents', 'paymentMethodId', 'paymentDate', 'sourceType']).where('paymentPlanId', '=', plan.id).orderBy('installmentNumber').execute();
    await runPlans(ctx(t.db, '2026-12-06T17:00:00Z'));
    expect(await groups()).toHaveLength(0);
    await Promise.all([0, 1, 2].map(() => runPlans(ctx(t.db, '2026-12-14T17:00:00Z')))); // installments 1 and 2 due
    expect((await groups()).map((g) => g.installmentNumber)).toEqual([1, 2]);
    // a method change applies to installments not yet created
    const ach = await t.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: f.locationId, provider: 'priority-ach', name: 'Checking', lastFour: '1111', providerToken: 'sbx_ach' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('paymentPlans').set({ paymentMethodId: ach.id }).where('id', '=', plan.id).execute();
    await runPlans(ctx(t.db, '2027-01-10T17:00:00Z'));
    await runPlans(ctx(t.db, '2027-01-10T17:00:00Z'));
    const all = await groups();
    expect(all.map((g) => g.installmentNumber)).toEqual([1, 2, 3, 4]);
    expect(all.map((g) => g.paymentMethodId)).toEqual([f.methodId, f.methodId, ach.id, ach.id]);
    // card installments carry the 2.9 % fee; the ACH ones do not; the amounts (before fees) sum to the total
    expect(all.map((g) => g.paymentTotalCents)).toEqual([30_870, 30_870, 30_000, 10_000]);
    // the fee is stored on each group as its own amount (issue 20)
    expect(all.map((g) => g.serviceFeeCents)).toEqual([870, 870, 0, 0]);
    expect(all.every((g) => g.sourceType === 'Payment Plan')).toBe(true);
    const lines = await t.db.selectFrom('payments').select(['paidAmountCents']).where('invoiceId', '=', f.invoiceIds[0]).execute();
    expect(lines.reduce((a, l) => a + Number(l.paidAmountCents), 0)).toBe(100_000);
  });
  it('the job creates exactly the installments the plan page shows, past the cap too', async () => {
    const f = await fixture({ startDate: '2030-01-01', invoices: [['2026-11-01', 600_000]] });
    const ach = await t.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: f.locationId, provider: 'priority-ach', name: 'Checking', lastFour: '2222', providerToken: 'sbx_ach_cap' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const terms = { startDate: '2026-12-07', frequency: 'weekly' as const, totalAmountCents: 600_000, eachAmountCents: 1_000 };
    const plan = await t.db
      .insertInto('paymentPlans')
      .values({
        vendorId, locationId: f.locationId, contactId, requestId: null, name: 'Cap Plan', status: 'active', totalAmountCents: terms.totalAmountCents,
        eachAmountCents: terms.eachAmountCents, frequency: terms.frequency, startDate: terms.startDate, paymentMethodId: ach.id, invoiceIds: json([f.invoiceIds[0]]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await runPlans(ctx(t.db, '2040-01-01T17:00:00Z')); // every installment due
    const created = await t.db.selectFrom('paymentGroups').select(['installmentNumber', 'paymentTotalCents']).where('paymentPlanId', '=', plan.id).orderBy('installmentNumber').execute();
    const page = planScheduleRows({ ...terms, totalAmount: 6_000, eachAmount: 10, paymentGroups: [] });
    expect(page).toHaveLength(520);
    expect(created.map((g) => [g.installmentNumber, Number(g.paymentTotalCents)])).toEqual(page.map((r) => [r.paymentNumber, r.paymentAmountCents]));
  }, 120_000);

  it('an ACH AutoPay debit due on a Saturday holiday is charged, and its group dated, on the next business day', async () => {
    if (!(await t.db.selectFrom('holidays').select('date').where('date', '=', '2026-07-04').executeTakeFirst())) {
      await t.db.insertInto('holidays').values({ date: '2026-07-04', name: 'Independence Day' }).execute();
    }
    const f = await fixture({ startDate: '2026-07-01', provider: 'priority-ach', invoices: [['2026-07-04', 5_000]] });
    const groups = () =>
      t.db.selectFrom('paymentGroups').select(['paymentDate']).where('locationId', '=', f.locationId).where('sourceType', '=', 'Autopay Plus').execute()
        .then((rows) => rows.map((g) => toDateString(g.paymentDate)));
    await runAutopay(ctx(t.db, '2026-07-03T17:00:00Z')); // Friday: open
    await runAutopay(ctx(t.db, '2026-07-04T17:00:00Z')); // Saturday, the holiday
    await runAutopay(ctx(t.db, '2026-07-05T17:00:00Z'));
    expect(await groups()).toEqual([]);
    await runAutopay(ctx(t.db, '2026-07-06T17:00:00Z'));
    expect(await groups()).toEqual(['2026-07-06']);
  });

  it('an ACH installment due on a Saturday holiday or a weekend is created on the next business day; a card one on its date', async () => {
    // 2026-07-04 is Independence Day on a Saturday: the Federal Reserve does not close the Friday before
    if (!(await t.db.selectFrom('holidays').select('date').where('date', '=', '2026-07-04').executeTakeFirst())) {
      await t.db.insertInto('holidays').values({ date: '2026-07-04', name: 'Independence Day' }).execute();
    }
    const f = await fixture({ startDate: '2030-01-01', invoices: [['2026-06-01', 100_000]] });
    const ach = await t.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: f.locationId, provider: 'priority-ach', name: 'Checking', lastFour: '3333', providerToken: 'sbx_ach_closed_days' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const plan = async (name: string, paymentMethodId: string) =>
      (await t.db
        .insertInto('paymentPlans')
        .values({
          vendorId, locationId: f.locationId, contactId, requestId: null, name, status: 'active', totalAmountCents: 200,
          eachAmountCents: 100, frequency: 'weekly', startDate: '2026-07-04', paymentMethodId, invoiceIds: json([f.invoiceIds[0]]),
        })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    const achPlan = await plan('ACH Plan', ach.id);
    const cardPlan = await plan('Card Plan', f.methodId);
    const groups = (planId: string) =>
      t.db.selectFrom('paymentGroups').select(['installmentNumber', 'paymentDate']).where('paymentPlanId', '=', planId).orderBy('installmentNumber').execute()
        .then((rows) => rows.map((g) => [g.installmentNumber, toDateString(g.paymentDate)]));
    await runPlans(ctx(t.db, '2026-07-04T17:00:00Z')); // Saturday, the holiday
    expect(await groups(achPlan)).toEqual([]);
    expect(await groups(cardPlan)).toEqual([[1, '2026-07-04']]);
    await runPlans(ctx(t.db, '2026-07-05T17:00:00Z')); // Sunday
    expect(await groups(achPlan)).toEqual([]);
    await runPlans(ctx(t.db, '2026-07-06T17:00:00Z')); // Monday
    expect(await groups(achPlan)).toEqual([[1, '2026-07-06']]);
    await runPlans(ctx(t.db, '2026-07-11T17:00:00Z')); // the second installment falls on a plain Saturday
    expect(await groups(achPlan)).toEqual([[1, '2026-07-06']]);
    expect(await groups(cardPlan)).toEqual([[1, '2026-07-04'], [2, '2026-07-11']]);
    await runPlans(ctx(t.db, '2026-07-13T17:00:00Z'));
    expect(await groups(achPlan)).toEqual([[1, '2026-07-06'], [2, '2026-07-13']]);
    // the customer sees the moved dates: the plan's schedule as the API sends it
    const [listed] = await listPaymentPlans(t.db, contactId, f.locationId, achPlan);
    expect(listed.schedule.map((r) => [r.paymentNumber, r.paymentDate])).toEqual([[1, '2026-07-06'], [2, '2026-07-13']]);
    const [card] = await listPaymentPlans(t.db, contactId, f.locationId, cardPlan);
    expect(card.schedule.map((r) => [r.paymentNumber, r.paymentDate])).toEqual([[1, '2026-07-04'], [2, '2026-07-11']]);
  });
  it('a plan installment whose invoices were closed meanwhile charges only what is still open (processor ledger); nothing open: no group, the plan completes', async () => {
    const f = await fixture({ startDate: '2030-01-01', invoices: [['2027-07-01', 10_000], ['2027-07-02', 5_000]] });
    const [a, b] = f.invoiceIds;
    const ach = await t.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: f.locationId, provider: 'priority-ach', name: 'Checking', lastFour: '4444', providerToken: 'sbx_priority-ach_ba_remainder' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 6,000 + 6,000 + 3,000 on Mondays 2027-08-02, -09, -16
    const plan = await t.db
      .insertInto('paymentPlans')
      .values({
        vendorId, locationId: f.locationId, contactId, requestId: null, name: 'Closing Plan', status: 'active', totalAmountCents: 15_000,
        eachAmountCents: 6_000, frequency: 'weekly', startDate: '2027-08-02', paymentMethodId: ach.id, invoiceIds: json([a, b]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const planDay = async (iso: string) => {
      await runPlans(ctx(t.db, iso));
      await settleDuePaymentGroups(t.db, { now: new Date(iso), log, publicUrl: 'http://portal.test' });
    };
    const debits = async () => (await ledger(f.locationId)).filter((r) => r.planId === plan.id).map((r) => [r.outcome, r.amountCents]);
    const groups = () => t.db.selectFrom('paymentGroups').select(['installmentNumber', 'paymentTotalCents', 'status']).where('paymentPlanId', '=', plan.id).orderBy('installmentNumber').execute();

    await planDay('2027-08-02T17:00:00Z');
    expect(await debits()).toEqual([['succeeded', 6_000]]); // all on the older invoice: 4,000 left open on it
    // the vendor closes invoice B (paid elsewhere) before the second installment
    await t.db.updateTable('invoices').set({ openAmountCents: 0, deletedAt: new Date('2027-08-05T12:00:00Z'), status: 'closed', payable: false }).where('id', '=', b).execute();
    await planDay('2027-08-09T17:00:00Z');
    // the installment is 6,000 but only 4,000 is still open on its invoices: 4,000 is debited, never more
    expect(await debits()).toEqual([['succeeded', 6_000], ['succeeded', 4_000]]);
    const lines = await t.db.selectFrom('payments as p').innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId').select(['p.invoiceId', 'p.paidAmountCents'])
      .where('g.paymentPlanId', '=', plan.id).where('g.installmentNumber', '=', 2).execute();
    expect(lines).toEqual([{ invoiceId: a, paidAmountCents: 4_000 }]);
    expect(await t.db.selectFrom('invoices').select(['status', 'openAmountCents']).where('id', '=', a).executeTakeFirstOrThrow()).toEqual({ status: 'closed', openAmountCents: 0 });
    // the third installment finds nothing open: no group, nothing debited, the plan is complete
    await planDay('2027-08-16T17:00:00Z');
    await planDay('2027-08-23T17:00:00Z');
    expect((await groups()).map((g) => [g.installmentNumber, Number(g.paymentTotalCents), g.status])).toEqual([[1, 6_000, 'complete'], [2, 4_000, 'complete']]);
    expect(await debits()).toEqual([['succeeded', 6_000], ['succeeded', 4_000]]);
    expect((await t.db.selectFrom('paymentPlans').select('status').where('id', '=', plan.id).executeTakeFirstOrThrow()).status).toBe('complete');
  });

  it('a plan installment whose open amount is paid by another payment in flight: no group while it is in flight', async () => {
    const f = await fixture({ startDate: '2030-01-01', invoices: [['2027-07-01', 3_000]] });
    const plan = await t.db
      .insertInto('paymentPlans')
      .values({
        vendorId, locationId: f.locationId, contactId, requestId: null, name: 'Covered Plan', status: 'active', totalAmountCents: 3_000,
        eachAmountCents: 2_000, frequency: 'weekly', startDate: '2027-09-06', paymentMethodId: f.methodId, invoiceIds: json([f.invoiceIds[0]]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // the customer scheduled a payment of 2,500 of it for later; the first installment charges the 500 left (card fee on 500)
    await otherScheduledGroup(f, f.invoiceIds[0], 2_500);
    await runPlans(ctx(t.db, '2027-09-06T17:00:00Z'));
    const groups = () => t.db.selectFrom('paymentGroups').select(['installmentNumber', 'paymentTotalCents']).where('paymentPlanId', '=', plan.id).orderBy('installmentNumber').execute();
    expect((await groups()).map((g) => [g.installmentNumber, Number(g.paymentTotalCents)])).toEqual([[1, 515]]);
    await runPlans(ctx(t.db, '2027-09-13T17:00:00Z')); // nothing left beyond the payments in flight: no group, plan still active
    expect(await groups()).toHaveLength(1);
    expect((await t.db.selectFrom('paymentPlans').select('status').where('id', '=', plan.id).executeTakeFirstOrThrow()).status).toBe('active');
  });
});
