// @vitest-environment node
/**
 * ACH settles only on Federal Reserve business days, whatever wrote the date. The demo data seeded on
 * Saturday 2026-11-28 (the day the issue found the demo plan's ACH payment debited at start-up) dates no ACH debit on a
 * weekend or holiday — its plan's scheduled installment is on Monday 11/30, the date the plan's schedule shows — and a
 * settlement run on that Saturday debits nothing by ACH: a group dated Saturday (as data loaded around the API may be)
 * waits, and is charged on Monday. Cards settle every day.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPaymentDay } from '../../core/rules/payment-dates.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { toDateString } from '../../server/domain/dates.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';

const SATURDAY = Temporal.PlainDate.from('2026-11-28');
const SATURDAY_NOON = new Date('2026-11-28T17:00:00Z'); // 12:00 in New York
const SUNDAY_NOON = new Date('2026-11-29T17:00:00Z');
const MONDAY_NOON = new Date('2026-11-30T17:00:00Z');

describe('settlement on a weekend, on demo data seeded on a Saturday', () => {
  let t: TestDb;
  let holidays: string[];

  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: SATURDAY });
    holidays = (await t.db.selectFrom('holidays').select('date').execute()).map((h) => toDateString(h.date));
  });
  afterAll(async () => {
    await t?.drop();
  });

  const achGroups = () => t.db.selectFrom('paymentGroups').select(['id', 'paymentDate', 'status', 'sourceType', 'paymentPlanId']).where('paymentType', '=', 'ACH').execute();

  it('the demo dates every ACH payment on a business day; the plan’s next debit is Monday, as its schedule shows', async () => {
    const groups = await achGroups();
    expect(groups.length).toBeGreaterThan(5);
    for (const g of groups) {
      const date = Temporal.PlainDate.from(toDateString(g.paymentDate));
      expect(isPaymentDay(date, 'direct-ach', holidays), `${g.sourceType} ${date} (${date.dayOfWeek})`).toBe(true);
    }
    const planScheduled = groups.find((g) => g.sourceType === 'Payment Plan' && g.status === 'scheduled')!;
    expect(toDateString(planScheduled.paymentDate)).toBe('2026-11-30');
  });

  it('Saturday and Sunday: no ACH debit (a group dated Saturday waits); cards still settle; Monday debits it once', async () => {
    const { db } = t;
    const plan = (await achGroups()).find((g) => g.sourceType === 'Payment Plan' && g.status === 'scheduled')!;
    // (the other scheduled debit is kept for the holiday below)
    const other = (await achGroups()).find((g) => g.status === 'scheduled' && g.sourceType !== 'Payment Plan')!;
    await db.updateTable('paymentGroups').set({ paymentDate: '2026-12-25' as never }).where('id', '=', other.id).execute();
    // a debit dated on the Saturday itself, as a catch-up run or data written around the API could leave it
    await db.updateTable('paymentGroups').set({ paymentDate: '2026-11-28' as never }).where('id', '=', plan.id).execute();
    const card = await db.selectFrom('paymentGroups').select(['id']).where('paymentType', '=', 'CC').where('status', '=', 'scheduled').executeTakeFirst();
    if (card) await db.updateTable('paymentGroups').set({ paymentDate: '2026-11-28' as never }).where('id', '=', card.id).execute();

    const saturday = await settleDuePaymentGroups(db, { now: SATURDAY_NOON });
    expect(saturday.waitingGroupIds).toContain(plan.id);
    expect(saturday.settledGroupIds).not.toContain(plan.id);
    if (card) expect(saturday.settledGroupIds).toContain(card.id);
    const sunday = await settleDuePaymentGroups(db, { now: SUNDAY_NOON });
    expect(sunday.settledGroupIds).not.toContain(plan.id);
    expect((await db.selectFrom('paymentGroups').select('status').where('id', '=', plan.id).executeTakeFirstOrThrow()).status).toBe('scheduled');
    // nothing reached the processor for it
    expect(await db.selectFrom('paymentGroupCharges').select('paymentGroupId').where('paymentGroupId', '=', plan.id).execute()).toEqual([]);

    const monday = await settleDuePaymentGroups(db, { now: MONDAY_NOON });
    expect(monday.settledGroupIds).toContain(plan.id);
    expect(await db.selectFrom('paymentGroupCharges').select('paymentGroupId').where('paymentGroupId', '=', plan.id).execute()).toHaveLength(1);
  });

  it('a Federal Reserve holiday (Christmas Day, a Friday) holds an ACH debit too', async () => {
    const { db } = t;
    const group = (await achGroups()).find((g) => g.status === 'scheduled');
    expect(toDateString(group!.paymentDate)).toBe('2026-12-25');
    const christmas = await settleDuePaymentGroups(db, { now: new Date('2026-12-25T17:00:00Z') });
    expect(christmas.waitingGroupIds).toContain(group!.id);
    const after = await settleDuePaymentGroups(db, { now: new Date('2026-12-28T17:00:00Z') });
    expect(after.settledGroupIds).toContain(group!.id);
  });

});
