/**
 * Plan installments on closed days: with an ACH method an installment that falls on a weekend or a Federal Reserve
 * holiday is debited on the next business day — never earlier than its date, and no later than the first business
 * day; with a card nothing moves. (The page shows the same: tests/rules/plan-schedule-agreement.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { bankHolidays } from '../../core/rules/holidays';
import { isPaymentDay } from '../../core/rules/payment-dates';
import { installmentDate, installmentPayDate, planInstallments, type PlanFrequency } from '../../core/rules/recurring-plans';

const holidays = [2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034].flatMap((y) => bankHolidays(y).map((h) => h.date));
const achProviders = ['priority-ach', 'direct-ach', null] as const;
const cardProviders = ['plastiq-cc', 'priority-cc', 'PLASTIQ_CC'] as const;

const terms = fc.record({
  startDate: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  frequency: fc.constantFrom<PlanFrequency>('weekly', 'biweekly', 'monthly'),
  totalAmountCents: fc.integer({ min: 1, max: 5_000_000 }),
  eachAmountCents: fc.integer({ min: 50_000, max: 5_000_000 }),
});
const d = (s: string) => Temporal.PlainDate.from(s);

describe('plan installments on closed days', () => {
  it('ACH: every date is a business day, never before its unmoved date, and the first business day from it', () => {
    fc.assert(
      fc.property(terms, fc.constantFrom(...achProviders), (plan, provider) => {
        const moved = planInstallments(plan, { provider, holidays });
        const unmoved = planInstallments(plan);
        expect(moved.map(({ paymentNumber, paymentAmountCents }) => [paymentNumber, paymentAmountCents]))
          .toEqual(unmoved.map(({ paymentNumber, paymentAmountCents }) => [paymentNumber, paymentAmountCents]));
        moved.forEach((row, i) => {
          const date = d(row.paymentDate);
          const nominal = d(installmentDate(plan.startDate, plan.frequency, i));
          expect(unmoved[i].paymentDate).toBe(nominal.toString());
          expect(date.dayOfWeek).toBeLessThanOrEqual(5);
          expect(holidays).not.toContain(row.paymentDate);
          expect(Temporal.PlainDate.compare(date, nominal)).toBeGreaterThanOrEqual(0);
          for (let day = nominal; Temporal.PlainDate.compare(day, date) < 0; day = day.add({ days: 1 })) {
            expect(isPaymentDay(day, 'direct-ach', holidays), `${day} skipped`).toBe(false);
          }
        });
        // moves never reorder the installments
        expect(moved.map((r) => r.paymentDate)).toEqual([...moved.map((r) => r.paymentDate)].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('cards: nothing moves, weekends and holidays included', () => {
    fc.assert(
      fc.property(terms, fc.constantFrom(...cardProviders), (plan, provider) => {
        expect(planInstallments(plan, { provider, holidays })).toEqual(planInstallments(plan));
      }),
      { numRuns: 200 },
    );
  });

  it('a Saturday holiday moves to the Monday; the Friday before stays; a Sunday holiday observed Monday moves to Tuesday', () => {
    const cal = { provider: 'priority-ach', holidays };
    expect(installmentPayDate('2026-07-04', cal)).toBe('2026-07-06'); // Independence Day, a Saturday
    expect(installmentPayDate('2026-07-03', cal)).toBe('2026-07-03'); // the Federal Reserve is open that Friday
    expect(installmentPayDate('2027-07-04', cal)).toBe('2027-07-06'); // Sunday, observed Monday 7/5
    expect(installmentPayDate('2026-12-12', cal)).toBe('2026-12-14'); // a plain weekend
    expect(installmentPayDate('2026-07-04', { provider: 'plastiq-cc', holidays })).toBe('2026-07-04');
    expect(planInstallments({ startDate: '2026-06-27', frequency: 'weekly', totalAmountCents: 300, eachAmountCents: 100 }, cal).map((r) => r.paymentDate))
      .toEqual(['2026-06-29', '2026-07-06', '2026-07-13']);
  });
});
