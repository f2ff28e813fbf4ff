/**
 * ACH returns: a bank debit the processor took and the customer's bank sent back some business days later.
 * The one home of the codes the portal knows, what the customer reads for each, which of them make the bank account
 * unusable, and when the sandbox's returns become visible. Shared by the server (sandbox, `returns` job, refusals)
 * and the SPA (methods list).
 *
 * Decisions:
 * - R01 (insufficient funds) says nothing about the account: the method stays usable (the customer may pay again
 *   with it once there is money). R02 (account closed), R03 (no account / unable to locate) and R10 (customer
 *   advises not authorized) mean every later debit would come back too: the method is unusable for new payments,
 *   AutoPay and plans. An unknown code is treated like R01 (the method stays usable): the processor's message says why.
 * - A sandbox return becomes visible 2 business days (Federal Reserve calendar, `./holidays.ts`) after the day of
 *   the debit in New York (the ACH network's time zone).
 */
import { Temporal } from 'temporal-polyfill';
import { bankHolidays } from './holidays';
import { nextPaymentDate } from './payment-dates';

export type AchReturnCode = 'R01' | 'R02' | 'R03' | 'R10';

export const ACH_RETURN_CODES: readonly AchReturnCode[] = ['R01', 'R02', 'R03', 'R10'];

/** The plain-language reason the customer reads (journey entry, message, e-mail, methods list). */
export const ACH_RETURN_REASONS: Readonly<Record<AchReturnCode, string>> = {
  R01: 'insufficient funds',
  R02: 'account closed',
  R03: 'no account found',
  R10: 'debit not authorized by the account holder',
};

/** The reason of a return code (an unknown code: "the bank returned the payment (<code>)"). */
export function achReturnReason(code: string): string {
  return (ACH_RETURN_REASONS as Record<string, string>)[code] ?? `the bank returned the payment (${code})`;
}

/** Does a return with this code make the bank account unusable for new payments, AutoPay and plans? */
export function returnDisablesMethod(code: string | null | undefined): boolean {
  return code === 'R02' || code === 'R03' || code === 'R10';
}

/** What the methods list says of a method the bank returned a payment from (R02/R03/R10). */
export function unusableMethodText(code: string): string {
  return `Can't be used: the bank returned a payment (${achReturnReason(code)}).`;
}

/**
 * The decline a scheduled charge of such a method gets without reaching the processor (settlement, the AutoPay run):
 * the reason ends the customer's "could not be processed: …" sentence.
 */
export function returnedMethodDecline(code: string): { ok: false; code: 'payment_method_returned'; message: string } {
  return { ok: false, code: 'payment_method_returned', message: `the bank returned an earlier payment from this account (${achReturnReason(code)})` };
}

/** The refusal's message when a new payment, AutoPay or plan names such a method. */
export const RETURNED_METHOD_MESSAGE =
  "This bank account can't be used: the bank returned a payment from it. Choose another payment method.";

/** Business days after a debit before the sandbox's return of it is visible. */
export const SANDBOX_RETURN_BUSINESS_DAYS = 2;

/** The time zone whose calendar day an ACH debit belongs to. */
export const ACH_TIME_ZONE = 'America/New_York';

/** `days` Federal Reserve business days after `date` (weekends and `bankHolidays` skipped). */
export function achBusinessDaysAfter(date: Temporal.PlainDate, days: number): Temporal.PlainDate {
  const holidays = new Set([date.year, date.year + 1].flatMap((y) => bankHolidays(y).map((h) => h.date)));
  let day = date;
  for (let i = 0; i < days; i += 1) day = nextPaymentDate(day.add({ days: 1 }), 'direct-ach', holidays);
  return day;
}

/** The ACH network's day of a moment. */
export function achDayOf(at: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(ACH_TIME_ZONE).toPlainDate();
}
