/**
 * `PATCH /settings` of the vendor API: a partial update of the vendor's own settings, in one transaction on the
 * vendor's locked row (two changes at once queue; each reads the jsonb it rewrites, so neither loses the other's).
 * Only what is sent changes — within `eodCutoff`, `featureFlags` and `cardServiceFees` only the members sent — and
 * the portal reads these columns on every request (`GET /vendors`, the payment-date and AutoPay rules, the jobs), so
 * nothing else needs telling.
 */
import type { Db } from '../db/connect.js';
import type { EodCutoff, PaymentConfig, VendorImageType } from '../db/schema.js';
import { decodeImageUpload, vendorImagePath } from '../domain/vendor-images.js';
import { canonicalTimeZone, type FeatureFlagName } from '../domain/vendor-settings.js';
import { normaliseProvider } from '../domain/payments.js';
import { deleteUnusedVendorImages, insertVendorImage } from '../repos/vendor-content.js';
import { lockVendorSettingsRow, updateVendorSettingsRow, vendorSettingsRow, type VendorSettingsRow, type VendorSettingsValues } from '../repos/vendor-settings.js';
import { toApiPaymentConfigs } from '../repos/vendors.js';
import { attempt, refuse, type Outcome } from './outcome.js';
import { exceedsServiceFeeCap, SERVICE_FEE_CAP_PERCENT } from '../../core/rules/fees.js';

export type CardProvider = 'plastiq-cc' | 'priority-cc';

export interface ImageUpload {
  contentType: VendorImageType;
  data: string;
}

export interface SettingsPatch {
  displayName?: string;
  appName?: string;
  logo?: ImageUpload | null;
  c2pPaymentDays?: number | null;
  autoPayStartDateTimeFrame?: number | null;
  cardServiceFees?: Partial<Record<CardProvider, string | null>>;
  eodCutoff?: { hour?: number; timezone?: string };
  featureFlags?: Partial<Record<FeatureFlagName, boolean | null>>;
  invoiceFilterColumns?: string[];
}

const invalid = (field: string, message: string) => refuse('invalid', 'validation_failed', `${field}: ${message}`, field);

/**
 * A card service fee above the cap (at most 3 %, core/rules/fees.ts): 422 `service_fee_above_cap` naming
 * the field; nothing is changed.
 */
export const feeAboveCap = (field: string, fee: string) =>
  refuse(
    'unprocessable',
    'service_fee_above_cap',
    `${field}: the card service fee may be at most ${SERVICE_FEE_CAP_PERCENT} percent; ${fee} is above it`,
    field,
  );

/**
 * The stored payment configs with new card fees, in the form they are stored in (the array `[{provider, type,
 * serviceFee}]` or the older map `{provider: {serviceFee}}`). A provider the vendor does not offer cannot get a fee.
 */
function withCardFees(stored: unknown, fees: Partial<Record<CardProvider, string | null>>): PaymentConfig[] | Record<string, unknown> {
  for (const [provider, fee] of Object.entries(fees)) {
    if (typeof fee === 'string' && exceedsServiceFeeCap(fee)) throw feeAboveCap(`cardServiceFees.${provider}`, fee);
  }
  const offered = new Set(toApiPaymentConfigs(stored).map((c) => c.provider));
  for (const provider of Object.keys(fees)) {
    if (!offered.has(provider)) {
      throw refuse('unprocessable', 'unprocessable', `cardServiceFees.${provider}: the vendor does not offer ${provider}`, `cardServiceFees.${provider}`);
    }
  }
  const feeOf = (provider: string): string | null | undefined => fees[normaliseProvider(provider) as CardProvider];
  if (Array.isArray(stored)) {
    return stored.map((item) => {
      const fee = typeof item === 'object' && item !== null && 'provider' in item ? feeOf(String(item.provider)) : undefined;
      return fee === undefined ? item : { ...item, serviceFee: fee };
    });
  }
  const map = { ...(stored as Record<string, unknown>) };
  for (const [provider, config] of Object.entries(map)) {
    const fee = feeOf(provider);
    if (fee === undefined) continue;
    map[provider] = typeof config === 'object' && config !== null ? { ...config, serviceFee: fee } : { serviceFee: fee };
  }
  return map;
}

export async function updateVendorSettings(db: Db, vendorId: string, patch: SettingsPatch): Promise<Outcome<VendorSettingsRow>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const row = await lockVendorSettingsRow(trx, vendorId);
      if (!row) throw refuse('not_found', 'not_found', 'The vendor was not found.');
      const values: VendorSettingsValues = {};

      if (patch.displayName !== undefined) values.displayName = patch.displayName;

      const config = { ...(row.config ?? {}) };
      let configChanged = false;
      const setConfig = <K extends 'appName' | 'c2pPaymentDays' | 'autoPayStartDateTimeFrame' | 'logoUrl'>(key: K, value: (typeof config)[K]) => {
        config[key] = value;
        configChanged = true;
      };
      if (patch.appName !== undefined) setConfig('appName', patch.appName);
      if (patch.c2pPaymentDays !== undefined) setConfig('c2pPaymentDays', patch.c2pPaymentDays);
      if (patch.autoPayStartDateTimeFrame !== undefined) setConfig('autoPayStartDateTimeFrame', patch.autoPayStartDateTimeFrame);
      if (patch.logo === null) setConfig('logoUrl', null);
      if (patch.logo) {
        const decoded = decodeImageUpload(patch.logo);
        if (!decoded.ok) throw invalid('logo.data', `the image ${decoded.problem}`);
        const path = vendorImagePath(vendorId, decoded.image);
        await insertVendorImage(trx, { vendorId, sha256: decoded.image.sha256, contentType: decoded.image.contentType, content: decoded.image.bytes, path });
        setConfig('logoUrl', path);
      }
      if (configChanged) values.config = config;

      if (patch.eodCutoff) {
        const eodCutoff: Partial<EodCutoff> = { ...(row.eodCutoff ?? {}) };
        if (patch.eodCutoff.hour !== undefined) eodCutoff.hour = patch.eodCutoff.hour;
        if (patch.eodCutoff.timezone !== undefined) {
          const zone = canonicalTimeZone(patch.eodCutoff.timezone);
          if (zone === null) throw invalid('eodCutoff.timezone', `${patch.eodCutoff.timezone} is not a time zone the portal knows (an IANA name such as America/Chicago)`);
          eodCutoff.timezone = zone;
        }
        values.eodCutoff = eodCutoff as EodCutoff;
      }

      if (patch.featureFlags) {
        const flags = { ...(row.featureFlags ?? {}) };
        for (const [name, on] of Object.entries(patch.featureFlags)) {
          if (on === null) delete flags[name];
          else flags[name] = on;
        }
        values.featureFlags = flags;
      }

      if (patch.invoiceFilterColumns) values.invoiceFilterColumns = patch.invoiceFilterColumns;
      if (patch.cardServiceFees) values.paymentConfigs = withCardFees(row.paymentConfigs, patch.cardServiceFees);

      await updateVendorSettingsRow(trx, vendorId, values);
      // a logo replaced or removed leaves its image to no one (unless an ad shows the same picture)
      if (patch.logo !== undefined) await deleteUnusedVendorImages(trx, vendorId);
      return (await vendorSettingsRow(trx, vendorId))!;
    }),
  );
}
