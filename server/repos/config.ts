/** `GET /config?key=`: global configuration (`app_config`) and holidays. */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { MAX_PAYMENT_DAYS } from '../../core/rules/payment-dates.js';

export type ConfigKey = 'featureFlags' | 'configuration' | 'holidays' | 'epa';

/** portal-core: the click-to-pay window falls back to 30 days. */
const DEFAULT_WINDOW_DAYS = 30;
/** portal-recurring §3 and §9: the AutoPay start window defaults to 0 days (today only). */
const DEFAULT_AUTOPAY_START_DAYS = 0;

async function appConfigValue(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('appConfig').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A day window: a whole number of days, clamped to {@link MAX_PAYMENT_DAYS} (the contract's maximum). */
function nonNegativeInt(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_PAYMENT_DAYS) : fallback;
}

export function toFeatureFlags(value: unknown) {
  if (!isObject(value)) return {};
  const flags: Record<string, { default: boolean; enabled: boolean; features?: string[] }> = {};
  for (const [name, flag] of Object.entries(value)) {
    if (typeof flag === 'boolean') {
      flags[name] = { default: flag, enabled: flag };
    } else if (isObject(flag)) {
      const enabled = typeof flag.enabled === 'boolean' ? flag.enabled : Boolean(flag.default);
      const entry: { default: boolean; enabled: boolean; features?: string[] } = {
        default: typeof flag.default === 'boolean' ? flag.default : enabled,
        enabled,
      };
      if (Array.isArray(flag.features)) entry.features = flag.features.map(String);
      flags[name] = entry;
    }
  }
  return flags;
}

export function toConfiguration(value: unknown) {
  const config = isObject(value) ? value : {};
  return {
    paymentRequest: { c2pPaymentDays: nonNegativeInt(config.paymentRequest?.c2pPaymentDays, DEFAULT_WINDOW_DAYS) },
    autopayConfig: {
      startDateTimeFrame: nonNegativeInt(
        config.autopayConfig?.startDateTimeFrame ?? config.autoPayConfig?.startDateTimeFrame,
        DEFAULT_AUTOPAY_START_DAYS,
      ),
    },
  };
}

export function toEpa(value: unknown) {
  if (!isObject(value)) return {};
  const epa: Record<string, { version: string; filename: string }> = {};
  for (const [provider, terms] of Object.entries(value)) {
    if (isObject(terms) && terms.version !== undefined && terms.filename !== undefined) {
      epa[provider] = { version: String(terms.version), filename: String(terms.filename) };
    }
  }
  return epa;
}

/** The current terms (EPA) of each provider, from the `epa` config row. */
export async function readEpa(db: Db) {
  return toEpa((await db.selectFrom('appConfig').select('value').where('key', '=', 'epa').executeTakeFirst())?.value);
}

export async function listHolidays(db: Db) {
  const rows = await db.selectFrom('holidays').select(['date', 'name']).orderBy('date').execute();
  return rows.map((row) => ({ date: toDateString(row.date), name: row.name }));
}

export async function getConfig(db: Db, key: ConfigKey) {
  switch (key) {
    case 'featureFlags':
      return { featureFlags: toFeatureFlags(await appConfigValue(db, 'featureFlags')) };
    case 'configuration':
      return { configuration: toConfiguration(await appConfigValue(db, 'configuration')) };
    case 'epa':
      return { epa: toEpa(await appConfigValue(db, 'epa')) };
    case 'holidays':
      return { holidays: await listHolidays(db) };
  }
}
