import { describe, expect, it } from 'vitest';
import { nextInstallmentAttempt, nextRetryOn, pausedByReturn, schedulePause } from '../../core/rules/payment-retries';

describe('the retry rule of AutoPay charges and plan installments', () => {
  it('3, 5 and 7 days after the pay date, then none', () => {
    expect([1, 2, 3, 4].map((n) => nextRetryOn('2027-01-05', n))).toEqual(['2027-01-08', '2027-01-10', '2027-01-12', null]);
  });

  it('an installment: its first attempt on its date; a retry only after failed or returned attempts; none once one is live, completed or canceled, or the retries are spent', () => {
    expect(nextInstallmentAttempt('2027-01-05', [])).toEqual({ attempt: 1, dueOn: '2027-01-05' });
    expect(nextInstallmentAttempt('2027-01-05', ['failed'])).toEqual({ attempt: 2, dueOn: '2027-01-08' });
    expect(nextInstallmentAttempt('2027-01-05', ['failed', 'returned'])).toEqual({ attempt: 3, dueOn: '2027-01-10' });
    expect(nextInstallmentAttempt('2027-01-05', ['failed', 'returned', 'failed'])).toEqual({ attempt: 4, dueOn: '2027-01-12' });
    expect(nextInstallmentAttempt('2027-01-05', ['failed', 'failed', 'failed', 'failed'])).toBeNull();
    for (const live of ['scheduled', 'processing', 'complete', 'canceled']) expect(nextInstallmentAttempt('2027-01-05', ['failed', live])).toBeNull();
  });

  it('paused exactly while the method carries a return code that makes it unusable (R02, R03, R10 — not R01)', () => {
    expect(['R01', 'R02', 'R03', 'R10', null, undefined].map(pausedByReturn)).toEqual([false, true, true, true, false, false]);
    expect(schedulePause({ name: 'Checking', lastFour: '0002', returnedCode: 'R02', unusableSince: new Date('2027-01-07T15:00:00Z') })).toEqual({
      code: 'R02',
      message: 'Paused: the bank returned a payment from Checking 0002 (account closed). Nothing will be charged until you choose another payment method.',
      since: '2027-01-07T15:00:00.000Z',
    });
    expect(schedulePause({ name: 'Checking', lastFour: '0002', returnedCode: null })).toBeNull();
  });
});
