// @vitest-environment node
/**
 * The pure planners of the statement and reminder sends (`server/jobs/statements.ts`, `server/jobs/reminders.ts`)
 * and the statement rules (`server/domain/statement.ts`), with fixed clocks: month ends (31st, February, leap years,
 * "last day"), biweekly counted from the day it was turned on, DST changes in America/New_York and
 * America/Los_Angeles, vendors whose day has already ended (or not begun) in UTC, and catch-up after downtime.
 */
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { buildStatement, classifyLine } from '../../server/domain/statement.js';
import { dueDatesInWindow, reminderDate, reminderDue, reminderSubject } from '../../server/jobs/reminders.js';
import {
  isScheduledDate,
  latestScheduledDate,
  monthlyDay,
  planStatementSends,
  type StatementDeliveryPlanInput,
  type StatementSchedule,
} from '../../server/jobs/statements.js';

const d = (text: string) => Temporal.PlainDate.from(text);
const monthly = (value: number, activeFrom = '2020-01-01'): StatementSchedule => ({ scheduleUnit: 'monthly', scheduleValue: String(value), activeFrom });
const weekly = (value: string, activeFrom = '2020-01-01'): StatementSchedule => ({ scheduleUnit: 'weekly', scheduleValue: value, activeFrom });
const biweekly = (value: string, activeFrom: string): StatementSchedule => ({ scheduleUnit: 'biweekly', scheduleValue: value, activeFrom });

function delivery(schedule: StatementSchedule, timeZone: string, lastPeriodDate: string | null = null): StatementDeliveryPlanInput {
  return { deliveryId: 'd1', timeZone, lastPeriodDate, ...schedule };
}

describe('monthly schedules at month ends', () => {
  it('"last day of month" (0) is the 31st, 30th, 28th or 29th', () => {
    expect(monthlyDay(Temporal.PlainYearMonth.from('2026-01'), 0).toString()).toBe('2026-01-31');
    expect(monthlyDay(Temporal.PlainYearMonth.from('2026-04'), 0).toString()).toBe('2026-04-30');
    expect(monthlyDay(Temporal.PlainYearMonth.from('2026-02'), 0).toString()).toBe('2026-02-28');
    expect(monthlyDay(Temporal.PlainYearMonth.from('2028-02'), 0).toString()).toBe('2028-02-29');
  });

  it('a day beyond the month (31st, written around the API) falls on the last day; February included', () => {
    expect(monthlyDay(Temporal.PlainYearMonth.from('2026-02'), 31).toString()).toBe('2026-02-28');
    expect(monthlyDay(Temporal.PlainYearMonth.from('2026-04'), 31).toString()).toBe('2026-04-30');
    expect(monthlyDay(Temporal.PlainYearMonth.from('2026-03'), 31).toString()).toBe('2026-03-31');
    expect(isScheduledDate(monthly(31), d('2026-02-28'))).toBe(true);
    expect(isScheduledDate(monthly(31), d('2026-03-30'))).toBe(false);
  });

  it('last day: due on Feb 28 (not on Mar 1, not on Feb 27), and on Feb 29 in a leap year', () => {
    expect(isScheduledDate(monthly(0), d('2026-02-28'))).toBe(true);
    expect(isScheduledDate(monthly(0), d('2026-02-27'))).toBe(false);
    expect(isScheduledDate(monthly(0), d('2026-03-01'))).toBe(false);
    expect(isScheduledDate(monthly(0), d('2028-02-28'))).toBe(false);
    expect(isScheduledDate(monthly(0), d('2028-02-29'))).toBe(true);
    // on Mar 1 the latest period of "last day" is Feb 28
    expect(latestScheduledDate(monthly(0), d('2026-03-01'))?.toString()).toBe('2026-02-28');
  });

  it('day 28 is every month including February; day 1 before the 1st of the month looks back a month', () => {
    expect(isScheduledDate(monthly(28), d('2026-02-28'))).toBe(true);
    expect(latestScheduledDate(monthly(15), d('2026-03-10'))?.toString()).toBe('2026-02-15');
    expect(latestScheduledDate(monthly(1), d('2026-01-01'))?.toString()).toBe('2026-01-01');
    expect(latestScheduledDate(monthly(1), d('2026-01-31'))?.toString()).toBe('2026-01-01');
  });

  it('property: each month has exactly one scheduled day for every value 0–28', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2020, max: 2040 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 28 }), (year, month, value) => {
        const ym = Temporal.PlainYearMonth.from({ year, month });
        let count = 0;
        for (let day = 1; day <= ym.daysInMonth; day += 1) if (isScheduledDate(monthly(value), ym.toPlainDate({ day }))) count += 1;
        return count === 1;
      }),
    );
  });
});

describe('weekly and biweekly schedules', () => {
  it('weekly: on its day only; the latest period is the last such day', () => {
    expect(isScheduledDate(weekly('mon'), d('2026-11-23'))).toBe(true); // a Monday
    expect(isScheduledDate(weekly('mon'), d('2026-11-24'))).toBe(false);
    expect(latestScheduledDate(weekly('sun'), d('2026-11-23'))?.toString()).toBe('2026-11-22');
  });

  it('biweekly: every second week from the first such day on or after it was turned on', () => {
    const schedule = biweekly('fri', '2026-11-04'); // turned on a Wednesday → first Friday Nov 6
    expect(latestScheduledDate(schedule, d('2026-11-05'))).toBeNull();
    expect(isScheduledDate(schedule, d('2026-11-06'))).toBe(true);
    expect(isScheduledDate(schedule, d('2026-11-13'))).toBe(false);
    expect(isScheduledDate(schedule, d('2026-11-20'))).toBe(true);
    expect(latestScheduledDate(schedule, d('2026-11-27'))?.toString()).toBe('2026-11-20');
    // turned on ON the day: that day is the first period
    expect(isScheduledDate(biweekly('wed', '2026-11-04'), d('2026-11-04'))).toBe(true);
  });

  it('property: biweekly periods are 14 days apart, never before activeFrom, always on the day', () => {
    const codes = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 6 }), (fromOffset, span, dayIndex) => {
        const from = d('2024-01-01').add({ days: fromOffset });
        const today = from.add({ days: span });
        const schedule = biweekly(codes[dayIndex], from.toString());
        const latest = latestScheduledDate(schedule, today);
        if (!latest) return span < 7;
        const isoDay = dayIndex === 0 ? 7 : dayIndex;
        return (
          latest.dayOfWeek === isoDay &&
          Temporal.PlainDate.compare(latest, from) >= 0 &&
          Temporal.PlainDate.compare(latest, today) <= 0 &&
          latest.until(today).days < 14
        );
      }),
    );
  });

  it('nothing before the schedule was set: weekly set on a Wednesday waits for the next Monday', () => {
    expect(latestScheduledDate(weekly('mon', '2026-11-25'), d('2026-11-27'))).toBeNull();
    expect(latestScheduledDate(weekly('mon', '2026-11-25'), d('2026-11-30'))?.toString()).toBe('2026-11-30');
  });
});

describe('planStatementSends in the vendor time zone', () => {
  it('a New York vendor whose Monday has not begun although it is Monday in UTC: not due yet', () => {
    // last week's statement went out on Monday Nov 23; 2026-11-30T03:00Z = Sunday 22:00 in New York
    expect(planStatementSends([delivery(weekly('mon'), 'America/New_York', '2026-11-23')], new Date('2026-11-30T03:00:00Z'))).toEqual([]);
    // 05:00Z = Monday 00:00 EST
    expect(planStatementSends([delivery(weekly('mon'), 'America/New_York', '2026-11-23')], new Date('2026-11-30T05:00:00Z'))).toEqual([
      { deliveryId: 'd1', periodDate: '2026-11-30', today: '2026-11-30', late: false },
    ]);
  });

  it("a vendor whose day has already ended in UTC (Pacific/Auckland): judged by its own calendar", () => {
    // 2026-11-29T12:00Z is Monday 01:00 in Auckland (UTC+13) while UTC is still Sunday
    expect(planStatementSends([delivery(weekly('mon'), 'Pacific/Auckland', '2026-11-23')], new Date('2026-11-29T12:00:00Z'))).toEqual([
      { deliveryId: 'd1', periodDate: '2026-11-30', today: '2026-11-30', late: false },
    ]);
    // and a Sunday delivery there is already a day late at that moment if nothing was sent
    expect(planStatementSends([delivery(weekly('sun'), 'Pacific/Auckland', '2026-11-22')], new Date('2026-11-29T12:00:00Z'))[0]).toMatchObject({
      periodDate: '2026-11-29',
      late: true,
    });
  });

  it('DST start in America/New_York (2026-03-08, 02:00 → 03:00): the Sunday begins at 05:00Z, the Monday at 04:00Z', () => {
    const sunday = delivery(weekly('sun'), 'America/New_York', '2026-03-01');
    expect(planStatementSends([sunday], new Date('2026-03-08T04:59:00Z'))).toEqual([]);
    expect(planStatementSends([sunday], new Date('2026-03-08T05:00:00Z'))[0]).toMatchObject({ periodDate: '2026-03-08', late: false });
    const monday = delivery(weekly('mon'), 'America/New_York', '2026-03-02');
    expect(planStatementSends([monday], new Date('2026-03-09T03:59:00Z'))).toEqual([]); // Sunday 23:59 EDT
    expect(planStatementSends([monday], new Date('2026-03-09T04:00:00Z'))[0]).toMatchObject({ periodDate: '2026-03-09', late: false });
  });

  it('DST end in America/Los_Angeles (2026-11-01, 02:00 → 01:00): the Sunday begins at 07:00Z, the Monday at 08:00Z', () => {
    const sunday = delivery(weekly('sun'), 'America/Los_Angeles', '2026-10-25');
    expect(planStatementSends([sunday], new Date('2026-11-01T06:59:00Z'))).toEqual([]);
    expect(planStatementSends([sunday], new Date('2026-11-01T07:00:00Z'))[0]).toMatchObject({ periodDate: '2026-11-01' });
    const monday = delivery(weekly('mon'), 'America/Los_Angeles', '2026-10-26');
    expect(planStatementSends([monday], new Date('2026-11-02T07:59:00Z'))).toEqual([]); // Sunday 23:59 PST
    expect(planStatementSends([monday], new Date('2026-11-02T08:00:00Z'))[0]).toMatchObject({ periodDate: '2026-11-02' });
  });

  it('DST start in America/Los_Angeles and the last day of February in New York', () => {
    const sunday = delivery(weekly('sun'), 'America/Los_Angeles', '2026-03-01');
    expect(planStatementSends([sunday], new Date('2026-03-08T07:59:00Z'))).toEqual([]);
    expect(planStatementSends([sunday], new Date('2026-03-08T08:00:00Z'))[0]).toMatchObject({ periodDate: '2026-03-08' });
    const lastDay = delivery(monthly(0), 'America/New_York');
    expect(planStatementSends([lastDay], new Date('2026-02-28T04:59:00Z'))[0]).toMatchObject({ periodDate: '2026-01-31', late: true });
    expect(planStatementSends([lastDay], new Date('2026-02-28T05:00:00Z'))[0]).toMatchObject({ periodDate: '2026-02-28', late: false });
  });

  it('a period already sent is not due again; after downtime only the latest missed period is due, late', () => {
    const schedule = delivery(weekly('mon', '2026-10-01'), 'America/New_York', '2026-11-09');
    // down from Nov 10 until Wednesday Nov 25: Nov 16 and Nov 23 were missed → Nov 23 once, late
    expect(planStatementSends([schedule], new Date('2026-11-25T15:00:00Z'))).toEqual([
      { deliveryId: 'd1', periodDate: '2026-11-23', today: '2026-11-25', late: true },
    ]);
    expect(planStatementSends([{ ...schedule, lastPeriodDate: '2026-11-23' }], new Date('2026-11-25T15:00:00Z'))).toEqual([]);
  });

  it('property: whatever the moment, a delivery is due at most once per period and never for a future day', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Auckland', 'Pacific/Honolulu', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 28 }),
        (ms, zone, value) => {
          const now = new Date(ms);
          const [first] = planStatementSends([delivery(monthly(value, '2024-06-01'), zone)], now);
          if (!first) return false; // there is always a past period after activeFrom
          const today = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate().toString();
          const again = planStatementSends([delivery(monthly(value, '2024-06-01'), zone, first.periodDate)], now);
          return first.periodDate <= today && first.today === today && again.length === 0;
        },
      ),
    );
  });
});

describe('planner simulations (fast-check)', () => {
  const codes = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Auckland', 'Pacific/Honolulu'];
  const schedules = fc.oneof(
    fc.record({ scheduleUnit: fc.constant('weekly' as const), scheduleValue: fc.constantFrom(...codes) }),
    fc.record({ scheduleUnit: fc.constant('biweekly' as const), scheduleValue: fc.constantFrom(...codes) }),
    fc.record({ scheduleUnit: fc.constant('monthly' as const), scheduleValue: fc.integer({ min: 0, max: 28 }).map(String) }),
  );

  it('run several times a day at random moments for 70 days (DST changes included): every scheduled day sent exactly once, on its day', () => {
    fc.assert(
      fc.property(
        schedules,
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 700 }),
        fc.array(fc.integer({ min: 0, max: 86_399_999 }), { minLength: 3, maxLength: 6 }),
        (schedule, zone, startOffset, offsetsInDay) => {
          const activeFrom = d('2025-01-01').add({ days: startOffset });
          const plan: StatementSchedule = { ...schedule, activeFrom: activeFrom.toString() };
          let last: string | null = null;
          const sent: string[] = [];
          for (let day = 0; day < 70; day += 1) {
            const local = activeFrom.add({ days: day });
            const midnight = local.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
            const next = local.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
            for (const offset of [...offsetsInDay].sort((a, b) => a - b)) {
              const at = midnight + (offset % (next - midnight));
              for (const due of planStatementSends([{ deliveryId: 'x', timeZone: zone, lastPeriodDate: last, ...plan }], new Date(at))) {
                if (due.late || due.periodDate !== local.toString()) return false;
                sent.push(due.periodDate);
                last = due.periodDate;
              }
            }
          }
          const expected: string[] = [];
          for (let day = 0; day < 70; day += 1) {
            const local = activeFrom.add({ days: day });
            if (isScheduledDate(plan, local)) expected.push(local.toString());
          }
          return JSON.stringify(sent) === JSON.stringify(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a reminder is due on exactly one of the days it is checked, when checked daily', () => {
    fc.assert(
      fc.property(fc.integer({ min: -90, max: 90 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 20 }), (eventDay, dueOffset, skip) => {
        const dueDate = d('2026-01-01').add({ days: dueOffset }).toString();
        const candidate = { dueDate, eventDay, campaignCreatedOn: '2025-01-01', invoiceCreatedOn: '2025-01-01' };
        const day = d(reminderDate(dueDate, eventDay));
        // checked daily from 10 days before, but the job is down for `skip` days from the reminder day
        let sends = 0;
        let sentLate = false;
        for (let i = -10; i <= 30; i += 1) {
          if (i >= 0 && i < skip) continue;
          const decision = reminderDue(candidate, day.add({ days: i }));
          if (decision.due && sends === 0) {
            sends += 1;
            sentLate = decision.late;
          }
        }
        return skip <= 7 ? sends === 1 && sentLate === skip > 0 : sends === 0;
      }),
    );
  });
});

describe('statement classification and aging', () => {
  const today = d('2026-11-23');
  it('credit / past due / current, days past due', () => {
    expect(classifyLine({ dueDate: '2026-11-01', openAmountCents: -500 }, today)).toEqual({ classification: 'credit', daysPastDue: 0 });
    expect(classifyLine({ dueDate: '2026-11-22', openAmountCents: 500 }, today)).toEqual({ classification: 'pastDue', daysPastDue: 1 });
    expect(classifyLine({ dueDate: '2026-11-23', openAmountCents: 500 }, today)).toEqual({ classification: 'current', daysPastDue: 0 });
    expect(classifyLine({ dueDate: null, openAmountCents: 500 }, today)).toEqual({ classification: 'current', daysPastDue: 0 });
  });

  it('aging buckets at their edges (30/31, 60/61, 90/91 days), totals, order by due date with none last', () => {
    const line = (id: string, dueDate: string | null, openAmountCents: number) => ({ id, displayInvNum: id, invoiceDate: null, dueDate, openAmountCents });
    const s = buildStatement(
      [
        line('none', null, 100),
        line('d91', today.subtract({ days: 91 }).toString(), 9_100),
        line('d90', today.subtract({ days: 90 }).toString(), 9_000),
        line('d61', today.subtract({ days: 61 }).toString(), 6_100),
        line('d60', today.subtract({ days: 60 }).toString(), 6_000),
        line('d31', today.subtract({ days: 31 }).toString(), 3_100),
        line('d30', today.subtract({ days: 30 }).toString(), 3_000),
        line('d1', today.subtract({ days: 1 }).toString(), 1_000),
        line('now', today.toString(), 10),
        line('cr', null, -2_500),
        line('zero', '2026-01-01', 0),
      ],
      today,
    );
    expect(s.lines.map((l) => l.id)).toEqual(['d91', 'd90', 'd61', 'd60', 'd31', 'd30', 'd1', 'now', 'cr', 'none']);
    expect(s.aging).toEqual({ current: 110, days1to30: 4_000, days31to60: 9_100, days61to90: 15_100, over90: 9_100 });
    expect(s.totals).toEqual({ invoices: 37_410, credits: -2_500, pastDue: 37_300, balance: 34_910 });
  });
});

describe('reminder planner', () => {
  const today = d('2026-11-23');
  it('due date + eventDay', () => {
    expect(reminderDate('2026-11-26', -3)).toBe('2026-11-23');
    expect(reminderDate('2026-02-28', 1)).toBe('2026-03-01');
    expect(dueDatesInWindow(today, -3, 7)).toEqual({ from: '2026-11-19', to: '2026-11-26' });
  });

  it('due today; missed within the catch-up window is late; never before the campaign or the invoice existed', () => {
    const base = { eventDay: -3, campaignCreatedOn: '2026-11-01', invoiceCreatedOn: '2026-11-01' };
    expect(reminderDue({ ...base, dueDate: '2026-11-26' }, today)).toEqual({ due: true, late: false, reminderDate: '2026-11-23' });
    expect(reminderDue({ ...base, dueDate: '2026-11-27' }, today).due).toBe(false); // tomorrow
    expect(reminderDue({ ...base, dueDate: '2026-11-24' }, today)).toEqual({ due: true, late: true, reminderDate: '2026-11-21' });
    expect(reminderDue({ ...base, dueDate: '2026-11-24', campaignCreatedOn: '2026-11-22' }, today).due).toBe(false);
    expect(reminderDue({ ...base, dueDate: '2026-11-24', invoiceCreatedOn: '2026-11-23' }, today).due).toBe(false);
    expect(reminderDue({ ...base, dueDate: '2026-11-10' }, today).due).toBe(false); // beyond the window
  });

  it('the subject says where the due date stands on the day it goes out (a late "before" reminder may be past due)', () => {
    expect(reminderSubject('INV1', '2026-11-26', '2026-11-23')).toBe('Payment reminder: invoice INV1 is due soon');
    expect(reminderSubject('INV1', '2026-11-23', '2026-11-23')).toBe('Payment reminder: invoice INV1 is due today');
    expect(reminderSubject('INV1', '2026-11-22', '2026-11-23')).toBe('Payment reminder: invoice INV1 is past due');
  });
});
