/**
 * What a failed or returned payment of AutoPay or a payment plan does to the schedule that made it
 * (core/rules/payment-retries.ts): the installment's retry, and the PAUSE of every AutoPay and plan whose bank account
 * the bank returned with R02, R03 or R10. Read and written in the caller's transaction (settlement's decline, the
 * returns step), so the setback, its notice and its events commit together, once.
 */
import { nextRetryOn, FAILED_ATTEMPT_STATUSES, pausedByReturn } from '../../core/rules/payment-retries.js';
import { toHolidaySet } from '../../core/rules/payment-dates.js';
import { planInstallments } from '../../core/rules/recurring-plans.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { listHolidays } from '../repos/config.js';
import { installmentGroupStatuses, installmentOfGroup, schedulesOfMethod, type PausedSchedules } from '../repos/plan-installments.js';
import { recordAutopayPaused, recordPaymentPlanPaused } from './vendor-events.js';

/** A plan installment's group as its failure notice names it. */
export interface InstallmentSetback {
  planId: string;
  planName: string;
  installmentNumber: number;
  /** attempts of the installment that failed or came back so far, this one included */
  attempts: number;
  /** when the plans job tries it again (null: no more retries) */
  nextAttemptOn: string | null;
  /** the plan's bank account can't be used (returned R02/R03/R10): nothing is tried until another method is chosen */
  paused: boolean;
}

/** The installment a payment group of the plans job pays, with its failed attempts (null: not an installment). */
export async function installmentSetback(trx: Db, groupId: string): Promise<InstallmentSetback | null> {
  const row = await installmentOfGroup(trx, groupId);
  if (!row || row.installmentNumber == null) return null;
  const holidays = toHolidaySet((await listHolidays(trx)).map((h) => h.date!));
  const installment = planInstallments(
    {
      startDate: toDateString(row.startDate),
      frequency: row.frequency,
      totalAmountCents: Number(row.totalAmountCents),
      eachAmountCents: Number(row.eachAmountCents),
    },
    { provider: row.provider, holidays },
  )[row.installmentNumber - 1];
  if (!installment) return null;
  const statuses = await installmentGroupStatuses(trx, row.planId, row.installmentNumber);
  const attempts = statuses.filter((status) => FAILED_ATTEMPT_STATUSES.has(status)).length;
  return {
    planId: row.planId,
    planName: row.name,
    installmentNumber: row.installmentNumber,
    attempts,
    nextAttemptOn: nextRetryOn(installment.paymentDate, attempts),
    paused: pausedByReturn(row.returnedCode),
  };
}

export type { PausedSchedules };
export { schedulesOfMethod };

/** The vendor hears `autopay.paused` / `payment_plan.paused` for each schedule the return paused. */
export async function recordPauses(trx: Db, paused: PausedSchedules, cause: { returnCode: string; paymentGroupId: string }, now: Date) {
  for (const id of paused.autopayIds) await recordAutopayPaused(trx, id, cause, now);
  for (const plan of paused.plans) await recordPaymentPlanPaused(trx, plan.id, cause, now);
}
