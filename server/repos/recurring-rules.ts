/**
 * What the AutoPay and payment-plan rules read: the vendor's date, its AutoPay start window and flags, and which
 * invoices are the location's. The checks themselves are the use cases' (server/use-cases/recurring-checks.ts).
 */
import { Temporal } from 'temporal-polyfill';
import { vendorToday, configuredTimeZone } from '../../core/rules/payment-dates.js';
import { autopayWindowDays } from '../../core/rules/recurring-plans.js';
import type { Db } from '../db/connect.js';
import { toConfiguration, toFeatureFlags } from './config.js';

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
  const timeZone = configuredTimeZone(vendor.eodCutoff);
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

/** Those of `ids` (lower-cased, unique) that are invoices of the location. */
export async function invoicesOfLocation(db: Db, scope: { vendorId: string; locationId: string }, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select('id')
    .where('id', 'in', [...ids])
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .execute();
  return rows.map((r) => r.id);
}
