/** Vendors and locations of a contact (scope: `contact_locations`), shaped as the contract's Vendor / Location. */
import type { Db } from '../db/connect.js';
import type { Address, Location, Vendor } from '../db/schema.js';
import { MAX_PAYMENT_DAYS, configuredTimeZone } from '../../core/rules/payment-dates.js';
import { safeUrl } from '../../core/rules/safe-url.js';
import { normaliseProvider, paymentMethodTypeOf } from '../domain/payments.js';
import type { Reach } from './scope.js';

export interface ApiAddress {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface ApiPaymentConfig {
  provider: string;
  type: 'CC' | 'ACH';
  serviceFee: string | null;
}

export function toApiAddress(address: Partial<Address> | null | undefined): ApiAddress {
  return {
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
  };
}

function feeText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

/**
 * `payment_configs` jsonb → PaymentConfig[]. Accepts the array form `[{provider, serviceFee?}]` and the map form
 * `{ "<provider>": { serviceFee? } | true }`; entries switched off (`false`, `{enabled: false}`) are left out.
 */
export function toApiPaymentConfigs(value: unknown): ApiPaymentConfig[] {
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value
        .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && 'provider' in item)
        .map((item) => [String(item.provider), item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  return entries
    .filter(([, config]) => config !== false && !(typeof config === 'object' && config !== null && (config as any).enabled === false))
    .map(([provider, config]) => {
      const normalised = normaliseProvider(provider);
      const type = paymentMethodTypeOf(normalised);
      const fee = typeof config === 'object' && config !== null ? feeText((config as any).serviceFee) : null;
      return { provider: normalised, type, serviceFee: type === 'CC' ? fee : null };
    });
}

function toStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : String((v as any)?.name ?? (v as any)?.value ?? v)));
  if (typeof value === 'object' && value !== null && Array.isArray((value as any).options)) return toStringList((value as any).options);
  return [];
}

/** A day window: a whole number of days, clamped to {@link MAX_PAYMENT_DAYS} (the contract's maximum). */
function intOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_PAYMENT_DAYS) : null;
}

export function toApiVendor(vendor: Vendor) {
  const config = vendor.config ?? {};
  return {
    id: vendor.id,
    uuid: vendor.id,
    name: vendor.name,
    displayName: vendor.displayName,
    address: toApiAddress(vendor.address),
    createType: vendor.createType ?? '',
    paymentConfigs: toApiPaymentConfigs(vendor.paymentConfigs),
    paymentMethodConfig: { options: toStringList(vendor.paymentMethodOptions) },
    config: {
      appName: typeof config.appName === 'string' && config.appName ? config.appName : 'PerformancePay',
      // http(s) or site-relative only (core/rules/safe-url.ts); anything else is no logo
      logoUrl: safeUrl(config.logoUrl),
      c2pPaymentDays: intOrNull(config.c2pPaymentDays),
      autoPayStartDateTimeFrame: intOrNull(config.autoPayStartDateTimeFrame),
      achProcessor: normaliseProvider(typeof config.achProcessor === 'string' && config.achProcessor ? config.achProcessor : 'direct-ach'),
    },
    eodCutoff: {
      hour: vendor.eodCutoff?.hour ?? 17,
      timezone: configuredTimeZone(vendor.eodCutoff),
    },
    invoiceFilterColumns: toStringList(vendor.invoiceFilterColumns),
    featureFlags: Object.fromEntries(
      Object.entries(vendor.featureFlags ?? {}).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    ),
    // `internal` is never part of the answer.
  };
}

export function toApiLocation(location: Location, hasUnreadMessages: boolean) {
  return {
    id: location.id,
    vendorId: location.vendorId,
    displayName: location.displayName,
    address: toApiAddress(location.address),
    createType: location.createType ?? '',
    hasUnreadMessages,
    paymentConfigs: toApiPaymentConfigs(location.paymentConfigs),
  };
}

/** The vendors the token reaches: the contact's, or only the one it is bound to (server/repos/scope.ts). */
export async function listVendorsOfContact(db: Db, reach: Reach) {
  let query = db
    .selectFrom('vendors')
    .selectAll()
    .where('id', 'in', db.selectFrom('contactLocations').select('vendorId').where('contactId', '=', reach.contactId));
  if (reach.vendorId !== null) query = query.where('id', '=', reach.vendorId);
  const rows = await query.orderBy('name').execute();
  return rows.map(toApiVendor);
}

export async function listLocationsOfContact(db: Db, contactId: string, vendorId: string) {
  const rows = await db
    .selectFrom('locations as l')
    .innerJoin('contactLocations as cl', (join) => join.onRef('cl.locationId', '=', 'l.id').on('cl.contactId', '=', contactId))
    .selectAll('l')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('messages as m')
            .select('m.id')
            .whereRef('m.locationId', '=', 'l.id')
            .where('m.contactId', '=', contactId)
            .where('m.readAt', 'is', null),
        )
        .as('hasUnreadMessages'),
    )
    .where('l.vendorId', '=', vendorId)
    .where('cl.vendorId', '=', vendorId)
    .orderBy('l.displayName')
    .execute();
  return rows.map(({ hasUnreadMessages, ...location }) => toApiLocation(location, Boolean(hasUnreadMessages)));
}
