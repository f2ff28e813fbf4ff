/**
 * Rules of the vendor's settings as the vendor API writes them: the feature flags the portal knows, the time zone
 * check, and a card service fee as stored.
 */
import { Temporal } from 'temporal-polyfill';
import type { components } from '../../core/api/vendor-schema.js';

export type FeatureFlagName = keyof components['schemas']['VendorFeatureFlags'];

/** The flags of the contract (`VendorFeatureFlags`), the only ones a vendor sets or is answered. */
export const FEATURE_FLAG_NAMES = [
  'click2PayCampaign', 'adoptionAndTraining', 'vendorManage', 'broadCastQuick', 'broadCastCustom', 'accountingQbo', 'qboConnect',
  'pro', 'power', 'accountSummary', 'autopay', 'customerLocationReport', 'click2Pay', 'vendorDashboardHelp', 'oneTimeStatements',
  'statements', 'recurringStatements', 'sendCustomerWelcomeCommunications', 'sendPaymentMethodUpdate', 'displayExternalInvoiceDate',
  'displayInvoicePoRefId', 'customerManageAutopay',
] as const satisfies readonly FeatureFlagName[];

// The compiler keeps the list whole: a flag added to the contract and not here fails to type-check.
const everyFlagListed: Exclude<FeatureFlagName, (typeof FEATURE_FLAG_NAMES)[number]> extends never ? true : never = true;
void everyFlagListed;

const KNOWN_FLAGS: ReadonlySet<string> = new Set(FEATURE_FLAG_NAMES);

export const isFeatureFlagName = (name: string): name is FeatureFlagName => KNOWN_FLAGS.has(name);

/** The invoice columns the portal can filter by (server/repos/invoices.ts: ship-to). */
export const INVOICE_FILTER_COLUMNS = ['shipTo'] as const;

/**
 * The canonical spelling of an IANA time zone both the date rules (Temporal) and the runtime's `Intl` know
 * (`america/chicago` → `America/Chicago`), or null: an unknown name, or a UTC offset (`+05:00`), which is not a zone
 * with a calendar of its own.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z]/.test(name)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return Temporal.Now.instant().toZonedDateTimeISO(name).timeZoneId;
  } catch {
    return null;
  }
}
