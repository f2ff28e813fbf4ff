/**
 * The retry rules of the payments the portal makes on its own (AutoPay charges and payment-plan installments), and
 * the pause of both while their bank account is unusable. Shared by the jobs (server/jobs/autopay.ts, plans.ts),
 * settlement and the ACH returns step.
 *
 * Decisions:
 * - A declined or RETURNED payment (the bank sent a completed debit back, e.g. R01 insufficient funds) is tried again
 *   3, 5 and 7 days after its pay date (an AutoPay charge's pay date, an installment's date), then no more: the same
 *   rule for AutoPay and for plans. A retry whose day has already passed (a return comes days after the debit) is due
 *   at once. Each retry is a new payment group, charged by settlement with its own attempt key.
 * - The customer is told of the first failure of a charge or installment (message and e-mail with the retry dates and
 *   a link to change the method); a failed retry adds a journey entry only.
 * - PAUSED: an AutoPay or plan whose method the bank returned with R02, R03 or R10 (`./ach-returns.ts`) charges
 *   nothing and retries nothing — no new charge, no retry spent — until the customer chooses another method. The
 *   pause is not a state of its own: it holds exactly while the method is unusable, so choosing another method ends
 *   it (the vendor hears `autopay.updated` / `payment_plan.method_changed`). What came due meanwhile is paid then, once
 *   (a late run pays what is due; retries due meanwhile are tried at once).
 */
import { Temporal } from 'temporal-polyfill';
import { achReturnReason, returnDisablesMethod } from './ach-returns';

/** Retries: this many days after the pay date; then no more. */
export const PAYMENT_RETRY_DAYS = [3, 5, 7] as const;

/** When the next retry of a payment that has failed `attempts` times is due (null: no more retries). */
export function nextRetryOn(payDate: string, attempts: number): string | null {
  const days = PAYMENT_RETRY_DAYS[attempts - 1];
  return days === undefined ? null : Temporal.PlainDate.from(payDate).add({ days }).toString();
}

/** Statuses of a payment group that end its attempt without money kept: the installment may be tried again. */
export const FAILED_ATTEMPT_STATUSES: ReadonlySet<string> = new Set(['failed', 'returned']);

/** Is an AutoPay or plan paused because its method is unusable (a return code R02/R03/R10 on it)? */
export function pausedByReturn(methodReturnedCode: string | null | undefined): boolean {
  return returnDisablesMethod(methodReturnedCode);
}

/**
 * The groups of one installment in the order they were made, as the plans job reads them: which attempt the next
 * group would be, and from when (null: none is due — the installment has a live or completed group, or its retries
 * are spent). `date` is the installment's date.
 */
export function nextInstallmentAttempt(date: string, statuses: ReadonlyArray<string>): { attempt: number; dueOn: string } | null {
  if (statuses.length === 0) return { attempt: 1, dueOn: date };
  if (statuses.some((s) => !FAILED_ATTEMPT_STATUSES.has(s))) return null;
  const dueOn = nextRetryOn(date, statuses.length);
  return dueOn === null ? null : { attempt: statuses.length + 1, dueOn };
}

/** What the AutoPay and plan pages say of a paused schedule (and the API's `paused.message`). */
export function pauseMessage(method: { name: string; lastFour: string }, code: string): string {
  return `Paused: the bank returned a payment from ${method.name} ${method.lastFour} (${achReturnReason(code)}). Nothing will be charged until you choose another payment method.`;
}

/** The API's `paused` of an AutoPay or plan charging this method: set while the method is unusable, else null. */
export function schedulePause(method: { name: string; lastFour: string; returnedCode?: string | null; unusableSince?: Date | string | null }) {
  if (!pausedByReturn(method.returnedCode)) return null;
  const since = method.unusableSince instanceof Date ? method.unusableSince.toISOString() : (method.unusableSince ?? new Date(0).toISOString());
  return { code: method.returnedCode!, message: pauseMessage(method, method.returnedCode!), since: new Date(since).toISOString() };
}
