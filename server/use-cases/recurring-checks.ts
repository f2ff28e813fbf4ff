/**
 * The checks the payment, AutoPay and payment-plan forms make, made again by the server: the form may be stale or
 * bypassed. Each throws `Refused` (server/use-cases/outcome.ts) with the errorCode the API answers; callers run them
 * inside their transaction BEFORE writing anything, so a refusal writes nothing.
 */
import { Temporal } from 'temporal-polyfill';
import { RETURNED_METHOD_MESSAGE, returnDisablesMethod } from '../../core/rules/ach-returns.js';
import { configuredTimeZone, vendorToday } from '../../core/rules/payment-dates.js';
import { autopayWindowDays } from '../../core/rules/recurring-plans.js';
import type { Db } from '../db/connect.js';
import { readEpa } from '../repos/config.js';
import { lockLiveMethod, type MethodScope } from '../repos/payment-methods.js';
import { invoicesOfLocation, vendorRecurringSettings } from '../repos/recurring-rules.js';
import { refuse } from './outcome.js';

export interface VendorRules {
  today: Temporal.PlainDate;
  timeZone: string;
  /** last day of the AutoPay start window (inclusive) */
  startWindowEnd: Temporal.PlainDate;
  /** vendor flag customerManageAutopay (else the global flag, default on) */
  customerManageAutopay: boolean;
}

/**
 * The vendor's date (in its configured time zone), the AutoPay start window (today … today + N days, N = the vendor's
 * autoPayStartDateTimeFrame when set — 0 included —, else the configuration's autopayConfig.startDateTimeFrame, else 0:
 * spec §9, the SPA's own rule `autopayWindowDays`) and the customerManageAutopay flag.
 */
export async function vendorRules(db: Db, vendorId: string, now: Date): Promise<VendorRules> {
  const settings = await vendorRecurringSettings(db, vendorId);
  const timeZone = configuredTimeZone(settings.eodCutoff);
  const today = vendorToday(Temporal.Instant.fromEpochMilliseconds(now.getTime()), timeZone);
  const days = autopayWindowDays(settings.vendorStartWindowDays, settings.configStartWindowDays);
  const vendorFlag = settings.vendorCustomerManageAutopay;
  return {
    today,
    timeZone,
    startWindowEnd: today.add({ days }),
    customerManageAutopay: typeof vendorFlag === 'boolean' ? vendorFlag : (settings.globalCustomerManageAutopay ?? true),
  };
}

/**
 * The payment method: the contact's, at this vendor and location, not deleted (else not found), verified (else
 * `payment_method_unverified`), not returned by the bank with R02/R03/R10 (else `payment_method_returned`); the terms accepted are the provider's current version (else `epa_version_mismatch`,
 * or `epa_not_configured` when the provider has none: nothing the customer could have accepted). Locks the method
 * row (`for share`) so a concurrent delete waits. Answers the method with the terms (`terms`: version and file) the
 * customer agreed to.
 */
export async function usableMethod(trx: Db, scope: MethodScope, paymentMethodId: string, epaVersion: string) {
  const method = await lockLiveMethod(trx, scope, paymentMethodId.toLowerCase(), 'share');
  if (!method) throw refuse('not_found', 'not_found', 'The payment method was not found.', 'paymentMethodId');
  if (method.verificationRequired) {
    throw refuse('unprocessable', 'payment_method_unverified', 'This bank account must be verified before it can be used.', 'paymentMethodId');
  }
  // a bank account the bank returned a payment from with R02/R03/R10 (server/jobs/ach-returns.ts)
  if (returnDisablesMethod(method.returnedCode)) {
    throw refuse('unprocessable', 'payment_method_returned', RETURNED_METHOD_MESSAGE, 'paymentMethodId');
  }
  const terms = (await readEpa(trx))[method.provider];
  const current = terms?.version;
  if (terms === undefined || current === undefined) {
    throw refuse(
      'unprocessable',
      'epa_not_configured',
      'The payment terms for this payment method are not available. Please contact your representative.',
      'epaVersion',
    );
  }
  if (current !== epaVersion) {
    throw refuse('unprocessable', 'epa_version_mismatch', 'The payment terms have changed. Please review and accept the current terms.', 'epaVersion');
  }
  // the terms agreed to, for the authorization record (server/use-cases/authorizations.ts)
  return { ...method, terms };
}

/** `invalid_start_date` unless today ≤ date ≤ the window's end. */
export function checkStartDate(startDate: string, rules: VendorRules) {
  let date: Temporal.PlainDate;
  try {
    date = Temporal.PlainDate.from(startDate);
  } catch {
    throw refuse('unprocessable', 'invalid_start_date', 'The start date is not a valid date.', 'startDate');
  }
  if (Temporal.PlainDate.compare(date, rules.today) < 0 || Temporal.PlainDate.compare(date, rules.startWindowEnd) > 0) {
    throw refuse(
      'unprocessable',
      'invalid_start_date',
      `The start date must be between ${rules.today.toString()} and ${rules.startWindowEnd.toString()}.`,
      'startDate',
    );
  }
}

/** The ids lower-cased and unique; not found unless every one is an invoice of the location. */
export async function checkLocationInvoices(db: Db, scope: { vendorId: string; locationId: string }, ids: string[], field: string) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if ((await invoicesOfLocation(db, scope, unique)).length !== unique.length) {
    throw refuse('not_found', 'not_found', 'An invoice was not found.', field);
  }
  return unique;
}
