/**
 * Scale data for benchmarks and scale tests: one contact of one vendor at one location holding N open, payable
 * invoices (a realistic mix: due dates spread over past and future, some without one, varied amounts, a few
 * ship-tos, PO numbers on most, a share created from QBO). Idempotent per label: a second call with the same label
 * reuses the vendor/location/contact (bringing the invoice count back to N) and issues a fresh token.
 *
 * The token is a `click2pay` token bound to the vendor and location, so the link goes straight to the pay page.
 * The global configuration (feature flags, EPA, holidays) is added when the database has none (a database without
 * the demo seed), so the pages of that location work.
 */
import { sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/connect.js';
import { DEFAULT_TIME_ZONE } from '../../core/rules/payment-dates.js';
import { json } from '../db/json.js';
import type { InvoiceExtra, PaymentConfig } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { DEMO_EPA, demoFeatureFlags } from './demo.js';
import { bankHolidays } from '../../core/rules/holidays.js';

export interface ScaleLocation {
  vendorId: string;
  locationId: string;
  contactId: string;
  token: string;
}

const BATCH = 500;

const SHIP_TOS = [
  { stId: '7100-01', stName: 'Main Kitchen' },
  { stId: '7100-02', stName: 'Banquet Hall' },
  { stId: '7100-03', stName: 'Rooftop Bar' },
  { stId: '7100-04', stName: 'Commissary' },
];

/** Deterministic pseudo-random numbers (mulberry32), so the same N gives the same invoices. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function ensureGlobalConfig(db: Db, today: Temporal.PlainDate) {
  const existing = await db.selectFrom('appConfig').select('key').execute();
  const keys = new Set(existing.map((r) => r.key));
  const rows = [
    { key: 'configuration', value: json({ paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 10 } }) },
    { key: 'featureFlags', value: json(demoFeatureFlags()) },
    { key: 'epa', value: json(DEMO_EPA) },
  ].filter((r) => !keys.has(r.key));
  if (rows.length > 0) await db.insertInto('appConfig').values(rows).execute();
  const holidays = [today.year, today.year + 1].flatMap((year) => bankHolidays(year));
  await db.insertInto('holidays').values(holidays).onConflict((oc) => oc.column('date').doNothing()).execute();
}

export async function seedScaleLocation(db: Db, opts: { invoices: number; label?: string }): Promise<ScaleLocation> {
  const count = Math.max(0, Math.trunc(opts.invoices));
  const label = opts.label ?? `scale-${count}`;
  const vendorName = `Scale Foods (${label})`;
  const today = Temporal.Now.plainDateISO();

  const ids = await db.transaction().execute(async (trx) => {
    // one seeder per label at a time (several benchmark processes on one PostgreSQL)
    await sql`select pg_advisory_xact_lock(hashtext(${`seed-scale:${label}`}))`.execute(trx);
    await ensureGlobalConfig(trx, today);

    let vendor = await trx.selectFrom('vendors').select('id').where('name', '=', vendorName).executeTakeFirst();
    if (!vendor) {
      const paymentConfigs: PaymentConfig[] = [
        { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' },
        { provider: 'priority-ach', type: 'ACH', serviceFee: null },
      ];
      vendor = await trx
        .insertInto('vendors')
        .values({
          name: vendorName,
          displayName: 'Scale Foods',
          address: json({ addressLine1: '500 Commerce Pkwy', addressLine2: '', city: 'Columbia', state: 'SC', postalCode: '29201' }),
          createType: 'manual',
          config: json({ appName: 'PerformancePay', logoUrl: null, c2pPaymentDays: 30, autoPayStartDateTimeFrame: 10, achProcessor: 'priority-ach' }),
          eodCutoff: json({ hour: 17, timezone: DEFAULT_TIME_ZONE }),
          featureFlags: json({
            vendorManage: true, power: false, pro: true, sendCustomerWelcomeCommunications: true, displayExternalInvoiceDate: true,
            displayInvoicePoRefId: true, customerManageAutopay: true, autopay: true, click2Pay: true, statements: true,
          }),
          invoiceFilterColumns: json(['shipTo']),
          paymentConfigs: json(paymentConfigs),
          paymentMethodOptions: json(['plastiq-cc', 'priority-ach']),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const location = await trx
        .insertInto('locations')
        .values({
          vendorId: vendor.id,
          displayName: `Grand Hotel (${label})`,
          address: json({ addressLine1: '1 Gervais St', addressLine2: '', city: 'Columbia', state: 'SC', postalCode: '29201' }),
          createType: 'manual',
          paymentConfigs: json(paymentConfigs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const contact = await trx
        .insertInto('contacts')
        .values({ firstName: 'Riley', lastName: 'Scale', email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@scale.example`, phone: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('contactLocations').values({ contactId: contact.id, vendorId: vendor.id, locationId: location.id }).execute();
    }
    const link = await trx
      .selectFrom('contactLocations')
      .select(['contactId', 'locationId'])
      .where('vendorId', '=', vendor.id)
      .executeTakeFirstOrThrow();
    const vendorId = vendor.id;
    const { contactId, locationId } = link;

    const existing = await trx
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('locationId', '=', locationId)
      .executeTakeFirstOrThrow();
    if (Number(existing.n) !== count) {
      await trx.deleteFrom('invoices').where('locationId', '=', locationId).execute();
      const next = random(count + 7);
      const at = (offset: number, hour: number) => new Date(`${today.add({ days: offset }).toString()}T${String(hour).padStart(2, '0')}:00:00-05:00`);
      for (let start = 0; start < count; start += BATCH) {
        const rows = [];
        for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
          const invoiceOffset = -Math.floor(next() * 120);
          const terms = [7, 14, 30, 30, 45][Math.floor(next() * 5)];
          const noDue = next() < 0.05;
          const cents = 1_500 + Math.floor(next() * 950_000);
          const partial = next() < 0.1;
          const qbo = next() < 0.15;
          const shipTo = next() < 0.8 ? SHIP_TOS[Math.floor(next() * SHIP_TOS.length)] : undefined;
          const extra: InvoiceExtra = shipTo ? { eodPassthrough: shipTo } : {};
          const num = `S${String(100_000 + i)}`;
          rows.push({
            vendorId,
            locationId,
            externalId: qbo ? `qbo-${label}-${num}` : `SCL-${label}-${num}`,
            displayInvNum: num,
            originalAmountCents: cents,
            openAmountCents: partial ? Math.floor(cents / 2) : cents,
            dueDate: noDue ? null : today.add({ days: invoiceOffset + terms }).toString(),
            invoiceDate: today.add({ days: invoiceOffset }).toString(),
            externalInvoiceDate: today.add({ days: invoiceOffset - 1 }).toString(),
            poRefId: next() < 0.7 ? `PO-${10_000 + Math.floor(next() * 90_000)}` : null,
            extra: json(extra),
            payable: true,
            deletedAt: null,
            createType: qbo ? 'QBO' : 'ERP',
            externalUrl: qbo ? `https://app.qbo.intuit.com/app/invoice?txnId=${num}` : null,
            status: 'open',
            createdAt: at(invoiceOffset, 6),
            updatedAt: at(invoiceOffset, 18),
          });
        }
        await trx.insertInto('invoices').values(rows).execute();
      }
    }
    return { vendorId, locationId, contactId };
  });

  const token = await issueToken(db, { ...ids, type: 'click2pay', ttlDays: 30 });
  return { ...ids, token };
}
