/** A vendor's own row, as the vendor API reads and writes it. */
import type { Db } from '../db/connect.js';
import { json } from '../db/json.js';
import type { EodCutoff, PaymentConfig, Vendor, VendorConfig } from '../db/schema.js';

export async function vendorSettings(db: Db, vendorId: string) {
  return db.selectFrom('vendors').select(['id', 'name', 'displayName', 'eodCutoff']).where('id', '=', vendorId).executeTakeFirst();
}

/**
 * The whole row: the portal's view of the vendor (`toApiVendor`, server/repos/vendors.ts) is made from it, and the
 * vendor API answers the settings from that same view — what the vendor is answered is what its customers see.
 */
export type VendorSettingsRow = Vendor;

export async function vendorSettingsRow(db: Db, vendorId: string): Promise<VendorSettingsRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('id', '=', vendorId).executeTakeFirst();
}

/**
 * The row, locked until the transaction ends: changes of one vendor's settings and images queue here (each reads the
 * jsonb it rewrites). `for no key update`, as the contact batches take it: payments that only reference the vendor
 * are not held up.
 */
export async function lockVendorSettingsRow(trx: Db, vendorId: string): Promise<VendorSettingsRow | undefined> {
  return trx.selectFrom('vendors').selectAll().where('id', '=', vendorId).forNoKeyUpdate().executeTakeFirst();
}

export interface VendorSettingsValues {
  displayName?: string;
  config?: VendorConfig;
  eodCutoff?: EodCutoff;
  featureFlags?: Record<string, unknown>;
  invoiceFilterColumns?: string[];
  paymentConfigs?: PaymentConfig[] | Record<string, unknown>;
}

export async function updateVendorSettingsRow(trx: Db, vendorId: string, values: VendorSettingsValues): Promise<void> {
  const set = {
    ...(values.displayName === undefined ? {} : { displayName: values.displayName }),
    ...(values.config === undefined ? {} : { config: json(values.config) }),
    ...(values.eodCutoff === undefined ? {} : { eodCutoff: json(values.eodCutoff) }),
    ...(values.featureFlags === undefined ? {} : { featureFlags: json(values.featureFlags as Record<string, boolean>) }),
    ...(values.invoiceFilterColumns === undefined ? {} : { invoiceFilterColumns: json(values.invoiceFilterColumns as unknown[]) }),
    ...(values.paymentConfigs === undefined ? {} : { paymentConfigs: json(values.paymentConfigs as PaymentConfig[]) }),
  };
  if (Object.keys(set).length === 0) return;
  await trx.updateTable('vendors').set(set).where('id', '=', vendorId).execute();
}
