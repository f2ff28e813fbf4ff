/**
 * The plan page shows exactly what the plans job will charge: the page's schedule (derived from the plan the API sends,
 * in dollars) and the installments the job creates come from the one rule, for every plan — caps, an each amount of
 * zero or less, one at or above the total, and totals of zero included — and with the method's provider and the
 * holidays, ACH installments moved off closed days.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToAmount } from '../../core/rules/money';
import { dueInstallments, MAX_INSTALLMENTS, planInstallments, type PlanFrequency } from '../../core/rules/recurring-plans';
import { planScheduleRows } from '../../src/features/payment-plans/plan-parts';
import { bankHolidays } from '../../core/rules/holidays';

const holidays = [2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034].flatMap((y) => bankHolidays(y).map((h) => h.date));

const terms = fc.record({
  startDate: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  frequency: fc.constantFrom<PlanFrequency>('weekly', 'biweekly', 'monthly'),
  totalAmountCents: fc.oneof(fc.integer({ min: -1_000, max: 0 }), fc.integer({ min: 1, max: 99_999_999_999 })),
  eachAmountCents: fc.oneof(fc.integer({ min: -1_000, max: 0 }), fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 99_999_999_999 })),
});

describe('plan schedule: page and job agree', () => {
  it('every installment the job would create is a row of the page, with the same number, date and amount', () => {
    fc.assert(
      fc.property(terms, (plan) => {
        const page = planScheduleRows({
          startDate: plan.startDate,
          frequency: plan.frequency,
          totalAmount: centsToAmount(plan.totalAmountCents),
          eachAmount: centsToAmount(plan.eachAmountCents),
          paymentGroups: [],
        });
        // What the job creates when every installment has come due and none is taken yet.
        const job = dueInstallments(planInstallments(plan), '9999-12-31', new Set());
        expect(page.map(({ paymentNumber, paymentDate, paymentAmountCents }) => ({ paymentNumber, paymentDate, paymentAmountCents }))).toEqual(job);
        expect(page.every((r) => r.status === 'Open')).toBe(true);
        // Whatever the terms: never more than the cap, and the installments add up to a positive total exactly.
        expect(job.length).toBeLessThanOrEqual(MAX_INSTALLMENTS);
        expect(job.reduce((sum, r) => sum + r.paymentAmountCents, 0)).toBe(Math.max(plan.totalAmountCents, 0));
        expect(job.every((r) => r.paymentAmountCents > 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('with a provider and the holidays (ACH dates moved off closed days, card dates kept) the page still shows what the job creates', () => {
    fc.assert(
      fc.property(terms, fc.constantFrom('priority-ach', 'direct-ach', null, 'plastiq-cc', 'priority-cc'), (plan, provider) => {
        const calendar = { provider, holidays };
        const page = planScheduleRows(
          { startDate: plan.startDate, frequency: plan.frequency, totalAmount: centsToAmount(plan.totalAmountCents), eachAmount: centsToAmount(plan.eachAmountCents), paymentGroups: [] },
          calendar,
        );
        const job = dueInstallments(planInstallments(plan, calendar), '9999-12-31', new Set());
        expect(page.map(({ paymentNumber, paymentDate, paymentAmountCents }) => ({ paymentNumber, paymentDate, paymentAmountCents }))).toEqual(job);
      }),
      { numRuns: 300 },
    );
  });

  it('an each amount of zero or less, or at or above the total, is one installment of the total', () => {
    for (const each of [-5, 0, 10_000, 20_000]) {
      expect(planInstallments({ startDate: '2026-01-01', frequency: 'weekly', totalAmountCents: 10_000, eachAmountCents: each }))
        .toEqual([{ paymentNumber: 1, paymentDate: '2026-01-01', paymentAmountCents: 10_000 }]);
    }
  });

  it('past the cap the last installment takes the rest', () => {
    const rows = planInstallments({ startDate: '2026-01-01', frequency: 'weekly', totalAmountCents: 1_000_000, eachAmountCents: 1 });
    expect(rows).toHaveLength(MAX_INSTALLMENTS);
    expect(rows.at(-1)!.paymentAmountCents).toBe(1_000_000 - (MAX_INSTALLMENTS - 1));
  });
});
