/**
 * What the AutoPay and payment-plan rules read, as stored: the vendor's end-of-day cut-off (it names the time zone),
 * its AutoPay start window and customerManageAutopay flag, the configuration's window and global flag; and which
 * invoices are the location's. What they mean (the vendor's date, the window, which flag wins) is decided by the use
 * cases (server/use-cases/recurring-checks.ts) with the shared rules of core/rules.
 */
import type { Db } from '../db/connect.js';
import type { EodCutoff } from '../db/schema.js';
import { toConfiguration, toFeatureFlags } from './config.js';

export interface VendorRecurringSettings {
  /** vendors.eod_cutoff as stored (its `timezone` may be missing) */
  eodCutoff: Partial<EodCutoff> | null;
  /** vendors.config.autoPayStartDateTimeFrame as stored */
  vendorStartWindowDays: number | string | null | undefined;
  /** the configuration's autopayConfig.startDateTimeFrame */
  configStartWindowDays: number;
  /** vendors.feature_flags.customerManageAutopay as stored (anything, or missing) */
  vendorCustomerManageAutopay: unknown;
  /** the global feature flag customerManageAutopay, when configured */
  globalCustomerManageAutopay: boolean | undefined;
}

export async function vendorRecurringSettings(db: Db, vendorId: string): Promise<VendorRecurringSettings> {
  const vendor = await db.selectFrom('vendors').select(['config', 'eodCutoff', 'featureFlags']).where('id', '=', vendorId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('appConfig').select(['key', 'value']).where('key', 'in', ['configuration', 'featureFlags']).execute();
  const configuration = toConfiguration(rows.find((r) => r.key === 'configuration')?.value);
  const flags = toFeatureFlags(rows.find((r) => r.key === 'featureFlags')?.value);
  return {
    eodCutoff: vendor.eodCutoff,
    vendorStartWindowDays: vendor.config?.autoPayStartDateTimeFrame as number | string | null | undefined,
    configStartWindowDays: configuration.autopayConfig.startDateTimeFrame,
    vendorCustomerManageAutopay: (vendor.featureFlags as Record<string, unknown> | null)?.customerManageAutopay,
    globalCustomerManageAutopay: flags.customerManageAutopay?.enabled,
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
