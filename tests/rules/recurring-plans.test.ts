import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autopayEditable, autopayStartDates, autopayWindowDays, exclusionChanges, installmentAmounts, installmentDate, planIdInPath, planListRedirect, planSchedule,
  scheduleDate, visiblePlans,
} from '../../core/rules/recurring-plans';

describe('AutoPay start window (§2.1, §9)', () => {
  it('vendor value overrides the configuration, default 0 (today only)', () => {
    expect(autopayWindowDays(5, 30)).toBe(5);
    expect(autopayWindowDays('7', 30)).toBe(7);
    expect(autopayWindowDays(null, 30)).toBe(30);
    expect(autopayWindowDays(null, null)).toBe(0);
    expect(autopayStartDates('2026-12-30', 0)).toEqual(['2026-12-30']);
    expect(autopayStartDates('2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
  it('customerManage gates editing only while the vendor flag is on', () => {
    expect(autopayEditable(true, false)).toBe(false);
    expect(autopayEditable(true, true)).toBe(true);
    expect(autopayEditable(false, false)).toBe(true);
  });
  it('exclusion changes are what was added and what was removed', () => {
    expect(exclusionChanges(['a', 'b'], ['b', 'c'])).toEqual({ excludeInvoiceIds: ['c'], reincludeInvoiceIds: ['a'] });
    expect(exclusionChanges(['a'], ['a'])).toEqual({ excludeInvoiceIds: [], reincludeInvoiceIds: [] });
  });
});

describe('plan schedule (§2.3, §3)', () => {
  it('shows dates like "MON 1/2/24"', () => {
    expect(scheduleDate('2024-01-01')).toBe('MON 1/1/24');
    expect(scheduleDate('2024-01-02')).toBe('TUE 1/2/24');
  });
  it('steps weekly, bi-weekly and monthly from the start date (month ends clamp without drifting)', () => {
    expect(installmentDate('2024-01-01', 'weekly', 2)).toBe('2024-01-15');
    expect(installmentDate('2024-01-01', 'biweekly', 2)).toBe('2024-01-29');
    expect(installmentDate('2024-01-31', 'monthly', 1)).toBe('2024-02-29');
    expect(installmentDate('2024-01-31', 'monthly', 2)).toBe('2024-03-31');
  });
  it('the last installment takes the remainder so the sum is the total', () => {
    expect(installmentAmounts(100000, 30000)).toEqual([30000, 30000, 30000, 10000]);
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (total, each) => {
      const amounts = installmentAmounts(total, Math.max(each, Math.ceil(total / 500)));
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(amounts.every((a) => a > 0)).toBe(true);
    }));
  });
  it('row status follows the payment group of the same date: complete → Closed, scheduled → Scheduled, else Open', () => {
    const rows = planSchedule(
      { startDate: '2024-01-01', frequency: 'biweekly', totalAmountCents: 90000, eachAmountCents: 30000 },
      [{ paymentDate: '2024-01-01', status: 'complete' }, { paymentDate: '2024-01-15', status: 'scheduled' }, { paymentDate: '2024-01-29', status: 'canceled' }],
    );
    expect(rows.map((r) => [r.paymentNumber, r.paymentDate, r.paymentAmountCents, r.status])).toEqual([
      [1, '2024-01-01', 30000, 'Closed'], [2, '2024-01-15', 30000, 'Scheduled'], [3, '2024-01-29', 30000, 'Open'],
    ]);
  });
  it('a charge in flight (processing) is still Scheduled; a declined one (failed) leaves the installment Open', () => {
    const rows = planSchedule(
      { startDate: '2024-01-01', frequency: 'biweekly', totalAmountCents: 60000, eachAmountCents: 30000 },
      [{ paymentDate: '2024-01-01', status: 'processing' }, { paymentDate: '2024-01-15', status: 'failed' }],
    );
    expect(rows.map((r) => r.status)).toEqual(['Scheduled', 'Open']);
  });
});

describe('plan list (§2.3)', () => {
  const plan = (name: string, deletedAt: string | null = null) => ({ id: name, name, paymentMethod: { deletedAt } });
  it('hides plans whose method is deleted and sorts by name', () => {
    expect(visiblePlans([plan('b'), plan('A'), plan('c', '2026-01-01')]).map((p) => p.name)).toEqual(['A', 'b']);
  });
  it('redirects: none → root; one → the plan, unless the user came from it; more → stay', () => {
    expect(planListRedirect([], null)).toEqual({ to: 'root' });
    expect(planListRedirect(['p1'], null)).toEqual({ to: 'plan', planId: 'p1' });
    expect(planListRedirect(['p1'], 'p1')).toEqual({ to: 'root' });
    expect(planListRedirect(['p1', 'p2'], null)).toBeNull();
    expect(planIdInPath('/token/t/vendors/v/locations/l/plans/abc/update')).toBe('abc');
    expect(planIdInPath('/token/t/vendors/v/locations/l/plans')).toBeNull();
  });
});
