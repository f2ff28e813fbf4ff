/**
 * The rules the AutoPay and payment-plan forms check, re-checked by the server (issue 8). Each throws an ApiError
 * with a clear `errorCode`; callers run them inside their transaction BEFORE writing anything.
 */
import { Temporal } from 'temporal-polyfill';
import { vendorToday, vendorTimeZone } from '../../core/rules/payment-dates.js';
import { autopayWindowDays } from '../../core/rules/recurring-plans.js';
import type { Db } from '../db/connect.js';
import { ApiError, notFound } from '../http/errors.js';
import { toConfiguration, toEpa, toFeatureFlags } from './config.js';

const unprocessable = (errorCode: string, message: string, field?: string) => new ApiError(422, errorCode, message, field);

/**
 * The payment method: the contact's, at this vendor and location, not deleted (else 404), verified (else 422
 * `payment_method_unverified`); the terms accepted are the provider's current version (else 422
 * `epa_version_mismatch`, or `epa_not_configured`). Locks the method row (`for share`) so a concurrent delete waits.
 */
export async function usableMethod(
  trx: Db,
  scope: { contactId: string; vendorId: string; locationId: string },
  paymentMethodId: string,
  epaVersion: string,
) {
  const method = await trx
    .selectFrom('paymentMethods')
    .selectAll()
    .where('id', '=', paymentMethodId.toLowerCase())
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!method) throw new ApiError(404, 'not_found', 'The payment method was not found.', 'paymentMethodId');
  if (method.verificationRequired) {
    throw unprocessable('payment_method_unverified', 'This bank account must be verified before it can be used.', 'paymentMethodId');
  }
  const epa = toEpa((await trx.selectFrom('appConfig').select('value').where('key', '=', 'epa').executeTakeFirst())?.value);
  const current = epa[method.provider]?.version;
  if (current === undefined) {
    throw unprocessable(
      'epa_not_configured',
      'The payment terms for this payment method are not available. Please contact your representative.',
      'epaVersion',
    );
  }
  if (current !== epaVersion) {
    throw unprocessable('epa_version_mismatch', 'The payment terms have changed. Please review and accept the current terms.', 'epaVersion');
  }
  return method;
}

export interface VendorRules {
  today: Temporal.PlainDate;
  timeZone: string;
  /** last day of the AutoPay start window (inclusive) */
  startWindowEnd: Temporal.PlainDate;
  /** vendor flag customerManageAutopay (else the global flag, default on) */
  customerManageAutopay: boolean;
}

/**
 * The vendor's date, the AutoPay start window (today … today + N days, N = the vendor's autoPayStartDateTimeFrame
 * when set — 0 included —, else the configuration's autopayConfig.startDateTimeFrame, else 0: spec §9, the SPA's own
 * rule `autopayWindowDays`) and the customerManageAutopay flag.
 */
export async function vendorRules(db: Db, vendorId: string, now: Date): Promise<VendorRules> {
  const vendor = await db.selectFrom('vendors').select(['config', 'eodCutoff', 'featureFlags']).where('id', '=', vendorId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('appConfig').select(['key', 'value']).where('key', 'in', ['configuration', 'featureFlags']).execute();
  const configuration = toConfiguration(rows.find((r) => r.key === 'configuration')?.value);
  const flags = toFeatureFlags(rows.find((r) => r.key === 'featureFlags')?.value);
  const timeZone = vendorTimeZone(vendor.eodCutoff);
  const today = vendorToday(Temporal.Instant.fromEpochMilliseconds(now.getTime()), timeZone);
  const days = autopayWindowDays(vendor.config?.autoPayStartDateTimeFrame as number | string | null | undefined, configuration.autopayConfig.startDateTimeFrame);
  const vendorFlag = (vendor.featureFlags as Record<string, unknown> | null)?.customerManageAutopay;
  return {
    today,
    timeZone,
    startWindowEnd: today.add({ days }),
    customerManageAutopay: typeof vendorFlag === 'boolean' ? vendorFlag : (flags.customerManageAutopay?.enabled ?? true),
  };
}

/** 422 `invalid_start_date` unless today ≤ date ≤ the window's end. */
export function checkStartDate(startDate: string, rules: VendorRules) {
  let date: Temporal.PlainDate;
  try {
    date = Temporal.PlainDate.from(startDate);
  } catch {
    throw unprocessable('invalid_start_date', 'The start date is not a valid date.', 'startDate');
  }
  if (Temporal.PlainDate.compare(date, rules.today) < 0 || Temporal.PlainDate.compare(date, rules.startWindowEnd) > 0) {
    throw unprocessable(
      'invalid_start_date',
      `The start date must be between ${rules.today.toString()} and ${rules.startWindowEnd.toString()}.`,
      'startDate',
    );
  }
}

/** 404 unless every id is an invoice of the location. */
export async function checkLocationInvoices(db: Db, scope: { vendorId: string; locationId: string }, ids: string[], field: string) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return unique;
  const rows = await db
    .selectFrom('invoices')
    .select('id')
    .where('id', 'in', unique)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .execute();
  if (rows.length !== unique.length) throw new ApiError(404, 'not_found', 'An invoice was not found.', field);
  return unique;
}

export { notFound };
