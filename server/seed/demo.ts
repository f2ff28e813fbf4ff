/**
 * Demo data: one demo contact (Dana Whitfield, demo@example.com, (555) 010-2030) who buys from two
 * vendors — Performance Foodservice – Carolina (her three restaurants) and Coastal Produce Co. (one) —
 * plus a second contact of the first vendor at another location, so scope rules have "someone
 * else's" data to hide. All dates are relative to `today`.
 *
 * Money is written in integer cents; dates as yyyy-MM-dd.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { json } from '../db/json.js';
import { ALL_TABLES } from '../db/migrations.js';
import type { Address, Database, InvoiceExtra, PaymentConfig, PaymentSourceType, TokenStatus, TokenType } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { bankHolidays } from '../../core/rules/holidays.js';
import { amountToCents } from '../../core/rules/money.js';
import { DEFAULT_TIME_ZONE, isPaymentDay, nextPaymentDate, toHolidaySet } from '../../core/rules/payment-dates.js';
import { installmentDate, installmentPayDate } from '../../core/rules/recurring-plans.js';

type Db = Kysely<Database>;

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PHONE = '5550102030';
export const OTHER_CONTACT_EMAIL = 'marcus.bell@saltmarshbistro.example';

export const VENDOR_PFG = 'Performance Foodservice – Carolina';
export const VENDOR_COASTAL = 'Coastal Produce Co.';

export interface DemoSeedResult {
  contactId: string;
  otherContactId: string;
  vendors: { pfg: string; coastal: string };
  locations: {
    blueHeron: string;
    harborStreet: string;
    magnolia: string;
    coastalBlueHeron: string;
    /** the other contact's location (vendor pfg) */
    saltmarsh: string;
  };
  requests: { autopay: string; paymentplan: string; click2pay: string };
  invoiceCount: number;
}

/** dollars (as written in the tables below) → integer cents, by the one money rule */
const cents = amountToCents;

function addr(addressLine1: string, city: string, state: string, postalCode: string, addressLine2 = ''): Address {
  return { addressLine1, addressLine2, city, state, postalCode };
}

function providerToken(): string {
  return `tok_${randomBytes(16).toString('hex')}`;
}

function confirmationNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `PP-${out}`;
}

/**
 * One invoice row of the tables below:
 * [number, original $, open $ (undefined = original), invoice-date offset, due-date offset (null = none),
 *  PO/Ref, ship-to index, options]
 */
type InvoiceSpec = [
  num: string,
  original: number,
  open: number | undefined,
  invoiceOffset: number,
  dueOffset: number | null,
  po: string | null,
  shipTo: number | null,
  opts?: { closed?: number; scheduled?: boolean; qbo?: boolean; key?: string },
];

const FEATURE_FLAG_NAMES: Array<[string, boolean, boolean]> = [
  // name, default, enabled
  ['click2PayCampaign', false, true],
  ['adoptionAndTraining', false, true],
  ['vendorManage', false, true],
  ['broadCastQuick', false, true],
  ['broadCastCustom', false, false],
  ['accountingQbo', false, true],
  ['qboConnect', false, true],
  ['pro', false, true],
  ['power', false, false],
  ['accountSummary', false, true],
  ['autopay', true, true],
  ['customerLocationReport', false, true],
  ['click2Pay', true, true],
  ['vendorDashboardHelp', false, true],
  ['oneTimeStatements', false, true],
  ['statements', true, true],
  ['recurringStatements', false, true],
  ['sendCustomerWelcomeCommunications', true, true],
  ['sendPaymentMethodUpdate', false, true],
  ['displayExternalInvoiceDate', true, true],
  ['displayInvoicePoRefId', true, true],
  ['customerManageAutopay', true, true],
];

export function demoFeatureFlags(): Record<string, { default: boolean; enabled: boolean; features?: string[] }> {
  const flags: Record<string, { default: boolean; enabled: boolean; features?: string[] }> = {};
  for (const [name, def, enabled] of FEATURE_FLAG_NAMES) flags[name] = { default: def, enabled };
  flags.pro.features = ['invoiceReport', 'paymentReport', 'statements', 'reminders'];
  flags.power.features = ['broadCastCustom', 'customerLocationReport', 'accountingQbo'];
  return flags;
}

export const DEMO_EPA = {
  'plastiq-cc': { version: '3', filename: 'epa-card.pdf' },
  'priority-cc': { version: '2', filename: 'epa-card-priority.pdf' },
  'priority-ach': { version: '4', filename: 'epa-ach.pdf' },
  'direct-ach': { version: '1', filename: 'epa-direct-ach.pdf' },
};

/** The demo vendors' zone (their `eodCutoff.timezone`). */
export const DEMO_TIME_ZONE = DEFAULT_TIME_ZONE;

/**
 * Today where the demo vendors are: the demo's dates ("due 22 days ago") are counted from it, as the portal counts
 * days past due in the vendor's zone — from the machine's own zone they would be a day off for part of each day.
 */
export function demoToday(): Temporal.PlainDate {
  return Temporal.Now.plainDateISO(DEMO_TIME_ZONE);
}

export async function seedDemo(db: Db, options: { today: Temporal.PlainDate }): Promise<DemoSeedResult> {
  return db.transaction().execute((trx) => seedInTransaction(trx, options.today));
}

async function seedInTransaction(db: Db, today: Temporal.PlainDate): Promise<DemoSeedResult> {
  const day = (offset: number) => today.add({ days: offset }).toString();
  // ACH moves on Federal Reserve business days only: a debit the demo schedules is dated on or after its day, one it
  // shows as made was made on or before it (never a weekend or a holiday, core/rules/payment-dates.ts)
  const achCalendar = toHolidaySet([today.year - 1, today.year, today.year + 1].flatMap((year) => bankHolidays(year).map((h) => h.date)));
  const achDayFrom = (offset: number) => nextPaymentDate(today.add({ days: offset }), 'direct-ach', achCalendar).toString();
  const achDayUntil = (offset: number) => {
    let date = today.add({ days: offset });
    while (!isPaymentDay(date, 'direct-ach', achCalendar)) date = date.subtract({ days: 1 });
    return date.toString();
  };
  // AutoPay's scheduled debit: the second business day after today (day 2 midweek) — never the first day a new ACH
  // payment can take, so a payment made today and settled on its date leaves this one scheduled
  const secondAchDay = nextPaymentDate(Temporal.PlainDate.from(achDayFrom(1)).add({ days: 1 }), 'direct-ach', achCalendar).toString();
  /** a plan's installment `index` (0-based) as the plans job dates it (the same rule as the plan page) */
  const planDay = (startDate: string, frequency: 'biweekly' | 'monthly', index: number) =>
    installmentPayDate(installmentDate(startDate, frequency, index), { provider: 'direct-ach', holidays: achCalendar });
  const at = (offset: number, hour = 10, minute = 0) =>
    new Date(`${today.add({ days: offset }).toString()}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00-05:00`);

  // ── global configuration ────────────────────────────────────────────────────────────────
  await db
    .insertInto('appConfig')
    .values([
      { key: 'configuration', value: json({ paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 10 } }) },
      { key: 'featureFlags', value: json(demoFeatureFlags()) },
      { key: 'epa', value: json(DEMO_EPA) },
    ])
    .execute();

  // this year and next, on the days the Federal Reserve is closed (core/rules/holidays.ts)
  const holidays = [today.year, today.year + 1].flatMap((year) => bankHolidays(year));
  await db.insertInto('holidays').values(holidays).onConflict((oc) => oc.column('date').doNothing()).execute();

  // ── vendors and locations ───────────────────────────────────────────────────────────────
  const pfg = await db
    .insertInto('vendors')
    .values({
      name: VENDOR_PFG,
      displayName: VENDOR_PFG,
      address: json(addr('7850 Forest Point Blvd', 'Charlotte', 'NC', '28273', 'Accounts Receivable')),
      createType: 'manual',
      config: json({
        appName: 'PerformancePay',
        logoUrl: null,
        c2pPaymentDays: 30,
        autoPayStartDateTimeFrame: 10,
        achProcessor: 'priority-ach',
      }),
      eodCutoff: json({ hour: 17, timezone: DEMO_TIME_ZONE }),
      featureFlags: json({
        vendorManage: true,
        power: false,
        pro: true,
        sendCustomerWelcomeCommunications: true,
        displayExternalInvoiceDate: true,
        displayInvoicePoRefId: true,
        customerManageAutopay: true,
        autopay: true,
        click2Pay: true,
        statements: true,
      }),
      invoiceFilterColumns: json(['shipTo']),
      paymentConfigs: json([
        { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' },
        { provider: 'priority-ach', type: 'ACH', serviceFee: null },
      ]),
      paymentMethodOptions: json(['plastiq-cc', 'priority-ach']),
      internal: json({ erpAccount: 'PFG-CLT-0042', collectorEmail: 'ar.carolina@pfgc.example' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const coastal = await db
    .insertInto('vendors')
    .values({
      name: VENDOR_COASTAL,
      displayName: VENDOR_COASTAL,
      address: json(addr('1120 Morrison Dr', 'Charleston', 'SC', '29403')),
      createType: 'QBO',
      config: json({
        appName: 'PerformancePay',
        logoUrl: null,
        c2pPaymentDays: 14,
        autoPayStartDateTimeFrame: null,
        achProcessor: 'direct-ach',
      }),
      eodCutoff: json({ hour: 17, timezone: DEMO_TIME_ZONE }),
      featureFlags: json({
        vendorManage: false,
        power: false,
        pro: false,
        sendCustomerWelcomeCommunications: true,
        displayExternalInvoiceDate: true,
        displayInvoicePoRefId: false,
        customerManageAutopay: false,
        autopay: true,
        click2Pay: true,
        statements: false,
      }),
      invoiceFilterColumns: json([]),
      paymentConfigs: json([
        { provider: 'priority-cc', type: 'CC', serviceFee: '3' },
        { provider: 'direct-ach', type: 'ACH', serviceFee: null },
      ]),
      paymentMethodOptions: json(['priority-cc', 'direct-ach']),
      internal: json({ qboRealmId: '9130 3571 2208 451' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const vendorPaymentConfigs = new Map<string, PaymentConfig[]>([
    [pfg.id, [
      { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' },
      { provider: 'priority-ach', type: 'ACH', serviceFee: null },
    ]],
    [coastal.id, [
      { provider: 'priority-cc', type: 'CC', serviceFee: '3' },
      { provider: 'direct-ach', type: 'ACH', serviceFee: null },
    ]],
  ]);
  // each with the vendor's own id, as a vendor's ERP would have it: the console's file upload names locations by it
  const insertLocation = async (vendorId: string, displayName: string, address: Address, externalId: string) =>
    (
      await db
        .insertInto('locations')
        .values({
          vendorId, displayName, externalId, address: json(address), createType: 'manual',
          paymentConfigs: json(vendorPaymentConfigs.get(vendorId) ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const blueHeron = await insertLocation(pfg.id, 'Blue Heron Grill', addr('214 East Bay St', 'Charleston', 'SC', '29401'), 'PFG-BLUE-HERON');
  const harborStreet = await insertLocation(pfg.id, 'Harbor Street Kitchen', addr('19 Harbor St', 'Wilmington', 'NC', '28401', 'Suite B'), 'PFG-HARBOR-STREET');
  const magnolia = await insertLocation(pfg.id, 'Magnolia Catering', addr('3301 Hillsborough St', 'Raleigh', 'NC', '27607'), 'PFG-MAGNOLIA');
  const saltmarsh = await insertLocation(pfg.id, 'Saltmarsh Bistro', addr('88 Marsh Landing Rd', 'Beaufort', 'SC', '29902'), 'PFG-SALTMARSH');
  const coastalBlueHeron = await insertLocation(coastal.id, 'Blue Heron Grill', addr('214 East Bay St', 'Charleston', 'SC', '29401'), 'CPC-BLUE-HERON');

  // ── contacts ────────────────────────────────────────────────────────────────────────────
  const dana = await db
    .insertInto('contacts')
    .values({ firstName: 'Dana', lastName: 'Whitfield', email: DEMO_EMAIL, phone: DEMO_PHONE })
    .returning('id')
    .executeTakeFirstOrThrow();
  const marcus = await db
    .insertInto('contacts')
    .values({ firstName: 'Marcus', lastName: 'Bell', email: OTHER_CONTACT_EMAIL, phone: '5550104477' })
    .returning('id')
    .executeTakeFirstOrThrow();

  await db
    .insertInto('contactLocations')
    .values([
      { contactId: dana.id, vendorId: pfg.id, locationId: blueHeron },
      { contactId: dana.id, vendorId: pfg.id, locationId: harborStreet },
      { contactId: dana.id, vendorId: pfg.id, locationId: magnolia },
      { contactId: dana.id, vendorId: coastal.id, locationId: coastalBlueHeron },
      { contactId: marcus.id, vendorId: pfg.id, locationId: saltmarsh },
    ])
    .execute();

  // ── invoices ────────────────────────────────────────────────────────────────────────────
  const shipTos: Record<string, Array<{ stId: string; stName: string }>> = {
    [blueHeron]: [
      { stId: '0041-01', stName: 'Blue Heron Grill – Main Kitchen' },
      { stId: '0041-02', stName: 'Blue Heron Grill – Oyster Bar' },
    ],
    [harborStreet]: [{ stId: '0057-01', stName: 'Harbor Street Kitchen' }],
    [magnolia]: [
      { stId: '0063-01', stName: 'Magnolia Catering – Commissary' },
      { stId: '0063-02', stName: 'Magnolia Catering – Event Kitchen' },
    ],
    [saltmarsh]: [{ stId: '0071-01', stName: 'Saltmarsh Bistro' }],
    [coastalBlueHeron]: [{ stId: '1', stName: 'Blue Heron Grill – Receiving' }],
  };

  const invoiceSpecs: Array<[vendorId: string, locationId: string, specs: InvoiceSpec[]]> = [
    [
      pfg.id,
      blueHeron,
      [
        ['INV4410321', 1842.37, undefined, -52, -22, 'BH-PO-7731', 0],
        ['INV4410588', 963.1, undefined, -45, -15, null, 1, { key: 'bhFailed' }],
        ['PFGC-CHS-0004418837', 2210.55, undefined, -38, -8, 'BH-PO-7760', 0, { key: 'bhLong' }],
        ['INV4410902', 1475.0, 475.0, -31, -1, 'BH-PO-7768', 0, { key: 'bhPartial' }],
        ['CM-4410911', -86.4, undefined, -30, null, 'RMA-22817', 0],
        ['INV4411120', 1128.9, undefined, -24, 6, null, 0, { key: 'bhExcluded' }],
        ['INV4411265', 731.45, undefined, -17, 13, 'BH-PO-7802', 1, { key: 'bhDisputed' }],
        ['PFGC-CHS-0004419920', 2684.1, undefined, -10, 20, 'BH-PO-7815', 0, { key: 'bhComment' }],
        ['INV4411540', 1390.25, undefined, -3, 27, null, 0],
        ['CM-4411552', -212.0, undefined, -3, null, 'RMA-22904', 1],
        ['INV4409870', 1556.8, 0, -70, -40, 'BH-PO-7650', 0, { closed: -38, key: 'bhPaid1' }],
        ['INV4409995', 884.15, 0, -63, -33, null, 1, { closed: -38, key: 'bhPaid2' }],
        ['INV4411601', 1247.6, undefined, -6, 24, 'BH-PO-7829', 0, { scheduled: true, key: 'bhScheduled' }],
        ['INV4411650', 356.2, undefined, -1, 29, null, 1],
      ],
    ],
    [
      pfg.id,
      harborStreet,
      [
        ['INV4408802', 3120.0, undefined, -95, -65, 'HSK-0371', 0, { key: 'hsPlan1' }],
        ['INV4409114', 2480.75, 240.45, -80, -50, 'HSK-0388', 0, { key: 'hsPlan2' }],
        ['INV4410050', 1712.3, undefined, -40, -10, null, 0, { key: 'hsComment' }],
        ['PFGC-ILM-0004410377', 948.6, undefined, -35, -5, 'HSK-0419', 0],
        ['INV4410790', 1205.45, undefined, -27, 3, null, 0],
        ['CM-4410801', -145.9, undefined, -26, null, 'RMA-22795', 0],
        ['INV4411033', 1830.0, undefined, -20, 10, 'HSK-0433', 0],
        ['INV4411310', 612.85, undefined, -13, 17, null, 0],
        ['INV4411477', 2054.2, undefined, -8, 22, 'HSK-0437', 0],
        ['INV4411699', 1399.99, undefined, -2, 28, null, 0],
        ['INV4407720', 2250.0, 0, -160, -130, 'HSK-0302', 0, { closed: -90, key: 'hsOldPlan' }],
        ['INV4411702', 97.5, undefined, -2, 28, 'HSK-0440', 0],
      ],
    ],
    [
      pfg.id,
      magnolia,
      [
        ['INV4410410', 4385.2, undefined, -36, -6, 'MAG-EVT-1187', 1, { key: 'mcTemplate1' }],
        ['INV4410655', 2975.4, undefined, -29, 1, 'MAG-EVT-1192', 1, { key: 'mcTemplate2' }],
        ['PFGC-RDU-0004410999-A', 1640.0, undefined, -22, 8, null, 0, { key: 'mcExcluded' }],
        ['INV4411187', 3312.75, undefined, -15, 15, 'MAG-EVT-1203', 1],
        ['CM-4411190', -328.6, undefined, -14, null, 'RMA-22866', 0],
        ['INV4411422', 1185.3, undefined, -9, 21, null, 0],
        ['INV4411588', 2460.0, undefined, -4, 26, 'MAG-EVT-1210', 1, { key: 'mcCanceled' }],
        ['INV4409301', 1920.0, 920.0, -60, -30, 'MAG-EVT-1141', 0],
      ],
    ],
    [
      coastal.id,
      coastalBlueHeron,
      [
        ['CPC-10482', 642.18, undefined, -41, -11, null, 0, { key: 'cpRequest1' }],
        ['CPC-10517', 388.4, undefined, -34, -4, 'BH-PROD-0602', 0, { key: 'cpRequest2' }],
        ['CPC-10539', 512.75, undefined, -27, 3, 'BH-PROD-0614', 0],
        ['CPC-10566', 274.9, undefined, -20, 10, null, 0, { key: 'cpDisputed' }],
        ['1047', 845.0, undefined, -18, 12, null, 0, { qbo: true }],
        ['CPC-C-0311', -58.2, undefined, -16, null, null, 0],
        ['CPC-10590', 701.35, 201.35, -13, 17, 'BH-PROD-0631', 0, { key: 'cpPartial' }],
        ['CPC-10612', 419.6, undefined, -6, 24, null, 0],
        ['CPC-10488-REBILL-2', 233.1, undefined, -39, -9, null, 0, { key: 'cpRequest3' }],
        ['CPC-10455', 566.0, 0, -48, -18, 'BH-PROD-0577', 0, { closed: -16, key: 'cpPaid' }],
      ],
    ],
    [
      pfg.id,
      saltmarsh,
      [
        ['INV4410722', 1310.4, undefined, -28, -14, 'SMB-118', 0, { key: 'otherInvoice' }],
        ['INV4411058', 689.95, undefined, -18, 12, null, 0],
        ['CM-4411071', -64.0, undefined, -17, null, null, 0],
        ['INV4411390', 1544.1, undefined, -5, 25, 'SMB-124', 0],
      ],
    ],
  ];

  const inv: Record<string, { id: string; displayInvNum: string; originalCents: number; openCents: number }> = {};
  let danaInvoices = 0;
  for (const [vendorId, locationId, specs] of invoiceSpecs) {
    for (const [num, original, open, invoiceOffset, dueOffset, po, shipToIndex, opts = {}] of specs) {
      const shipTo = shipToIndex === null ? undefined : shipTos[locationId][shipToIndex];
      const extra: InvoiceExtra = shipTo ? { eodPassthrough: shipTo } : {};
      const closed = opts.closed !== undefined;
      const row = await db
        .insertInto('invoices')
        .values({
          vendorId,
          locationId,
          externalId: opts.qbo ? `qbo-${num}` : `${vendorId === pfg.id ? 'PFG' : 'CPC'}-${num}`,
          displayInvNum: num,
          originalAmountCents: cents(original),
          openAmountCents: cents(open ?? original),
          dueDate: dueOffset === null ? null : day(dueOffset),
          invoiceDate: day(invoiceOffset),
          // the date printed on the vendor's own invoice (entered a day before it reached the portal)
          externalInvoiceDate: day(invoiceOffset - 1),
          poRefId: po,
          extra: json(extra),
          payable: !closed && !opts.scheduled,
          deletedAt: closed ? at(opts.closed!, 18) : null,
          createType: opts.qbo ? 'QBO' : 'ERP',
          externalUrl: opts.qbo ? `https://app.qbo.intuit.com/app/invoice?txnId=${num}` : null,
          status: closed ? 'closed' : opts.scheduled ? 'scheduled' : 'open',
          createdAt: at(invoiceOffset, 6, 30),
          updatedAt: at(closed ? opts.closed! : invoiceOffset, 18),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (locationId !== saltmarsh) danaInvoices += 1;
      if (opts.key) {
        inv[opts.key] = { id: row.id, displayInvNum: num, originalCents: cents(original), openCents: cents(open ?? original) };
      }
    }
  }

  // ── payment methods (never a full number: last four + a provider token) ─────────────────
  const expYear = today.year + 2;
  const insertMethod = async (values: {
    contactId: string;
    vendorId: string;
    locationId: string;
    provider: 'plastiq-cc' | 'priority-cc' | 'priority-ach' | 'direct-ach';
    name: string;
    lastFour: string;
    brand?: string;
    expMonth?: number;
    serviceFee?: string;
    verificationRequired?: boolean;
    createdOffset: number;
  }) =>
    (
      await db
        .insertInto('paymentMethods')
        .values({
          contactId: values.contactId,
          vendorId: values.vendorId,
          locationId: values.locationId,
          provider: values.provider,
          name: values.name,
          lastFour: values.lastFour,
          brand: values.brand ?? null,
          expMonth: values.expMonth ?? null,
          expYear: values.expMonth ? expYear : null,
          serviceFee: values.serviceFee ?? null,
          // the demo cards' numbers are not kept (as for real ones); their BIN is not in the sandbox table: credit
          cardFunding: values.provider.endsWith('-cc') ? 'credit' : null,
          verificationRequired: values.verificationRequired ?? false,
          providerToken: providerToken(),
          createdAt: at(values.createdOffset, 9),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const bhVisa = await insertMethod({
    contactId: dana.id, vendorId: pfg.id, locationId: blueHeron, provider: 'plastiq-cc',
    name: 'Visa Business', lastFour: '4821', brand: 'Visa', expMonth: 8, serviceFee: '2.9', createdOffset: -200,
  });
  const bhAch = await insertMethod({
    contactId: dana.id, vendorId: pfg.id, locationId: blueHeron, provider: 'priority-ach',
    name: 'Operating Checking', lastFour: '6703', createdOffset: -190,
  });
  const hsAch = await insertMethod({
    contactId: dana.id, vendorId: pfg.id, locationId: harborStreet, provider: 'priority-ach',
    name: 'Operating Checking', lastFour: '6703', createdOffset: -180,
  });
  await insertMethod({
    contactId: dana.id, vendorId: pfg.id, locationId: harborStreet, provider: 'priority-ach',
    name: 'Payroll Savings', lastFour: '3318', verificationRequired: true, createdOffset: -2,
  });
  const mcVisa = await insertMethod({
    contactId: dana.id, vendorId: pfg.id, locationId: magnolia, provider: 'plastiq-cc',
    name: 'Visa Business', lastFour: '4821', brand: 'Visa', expMonth: 8, serviceFee: '2.9', createdOffset: -120,
  });
  const cpAch = await insertMethod({
    contactId: dana.id, vendorId: coastal.id, locationId: coastalBlueHeron, provider: 'direct-ach',
    name: 'Operating Checking', lastFour: '6703', createdOffset: -100,
  });
  const smAch = await insertMethod({
    contactId: marcus.id, vendorId: pfg.id, locationId: saltmarsh, provider: 'priority-ach',
    name: 'Bistro Checking', lastFour: '9087', createdOffset: -60,
  });

  // ── requests ────────────────────────────────────────────────────────────────────────────
  const insertRequest = async (values: {
    vendorId: string;
    locationId: string;
    type: string;
    status: TokenStatus;
    startDate?: string | null;
    invoiceIds?: string[];
    excludedInvoiceIds?: string[];
    plan?: { paymentPlanName: string; startDate: string; frequency: 'weekly' | 'biweekly' | 'monthly'; totalAmount: number; eachAmount: number } | null;
    customerManage?: boolean;
    createdOffset: number;
  }) =>
    (
      await db
        .insertInto('requests')
        .values({
          vendorId: values.vendorId,
          locationId: values.locationId,
          contactId: dana.id,
          type: values.type,
          status: values.status,
          startDate: values.startDate ?? null,
          invoiceIds: json(values.invoiceIds ?? []),
          excludedInvoiceIds: json(values.excludedInvoiceIds ?? []),
          plan: json(values.plan ?? null),
          customerManage: values.customerManage ?? true,
          createdAt: at(values.createdOffset, 8, 15),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const autopayRequest = await insertRequest({
    vendorId: pfg.id, locationId: magnolia, type: 'autopay', status: 'active', startDate: day(5), createdOffset: -1,
    // The request presets one excluded invoice and the start date (the customer may still change both)
    excludedInvoiceIds: [inv.mcExcluded.id],
  });
  const planRequest = await insertRequest({
    vendorId: pfg.id, locationId: magnolia, type: 'paymentplan', status: 'active', startDate: day(7), createdOffset: -2,
    plan: { paymentPlanName: 'Event Season Balance', startDate: day(7), frequency: 'monthly', totalAmount: cents(3600), eachAmount: cents(900) },
    invoiceIds: [inv.mcTemplate1.id],
  });
  const acceptedPlanRequest = await insertRequest({
    vendorId: pfg.id, locationId: harborStreet, type: 'paymentplan', status: 'complete', startDate: day(-28), createdOffset: -31,
    plan: { paymentPlanName: 'Spring Catch-Up Plan', startDate: day(-28), frequency: 'biweekly', totalAmount: cents(5600.75), eachAmount: cents(1120.15) },
  });
  const click2payRequest = await insertRequest({
    vendorId: coastal.id, locationId: coastalBlueHeron, type: 'click2pay', status: 'active', createdOffset: -3,
    invoiceIds: [inv.cpRequest1.id, inv.cpRequest2.id, inv.cpRequest3.id],
  });
  const paidClick2payRequest = await insertRequest({
    vendorId: coastal.id, locationId: coastalBlueHeron, type: 'click2pay', status: 'complete', createdOffset: -20,
    invoiceIds: [inv.cpPaid.id],
  });

  // ── AutoPay (Blue Heron Grill) ──────────────────────────────────────────────────────────
  const blueHeronAutopay = await db
    .insertInto('autopays')
    .values({
      vendorId: pfg.id, locationId: blueHeron, contactId: dana.id, paymentMethodId: bhAch,
      // starts tomorrow: the AutoPay run pays the location's invoices already due on its start date then —
      // `npm run jobs -- run autopay --at <tomorrow>` shows it; a start in the past would pay them at the server's
      // first start and change the demo under the other journeys
      startDate: day(1), excludedInvoiceIds: json([inv.bhExcluded.id]), customerManage: true, createdAt: at(-47, 14),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // ── payment plans (Harbor Street Kitchen) ───────────────────────────────────────────────
  const activePlan = await db
    .insertInto('paymentPlans')
    .values({
      vendorId: pfg.id, locationId: harborStreet, contactId: dana.id, requestId: acceptedPlanRequest,
      name: 'Spring Catch-Up Plan', status: 'active', totalAmountCents: cents(5600.75), eachAmountCents: cents(1120.15),
      frequency: 'biweekly', startDate: day(-28), paymentMethodId: hsAch, createdAt: at(-30, 11),
      invoiceIds: json([inv.hsPlan2.id, inv.hsPlan1.id]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const completedPlanStart = today.subtract({ days: 150 });
  const completedPlan = await db
    .insertInto('paymentPlans')
    .values({
      vendorId: pfg.id, locationId: harborStreet, contactId: dana.id, requestId: null,
      name: 'Holiday Season Balance', status: 'complete', totalAmountCents: cents(2250), eachAmountCents: cents(750),
      frequency: 'monthly', startDate: completedPlanStart.toString(), paymentMethodId: hsAch, createdAt: at(-152, 16),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // ── payment groups and their lines ──────────────────────────────────────────────────────
  const insertGroup = async (values: {
    vendorId: string;
    locationId: string;
    contactId?: string;
    paymentDate: string;
    paymentType: 'CC' | 'ACH';
    status: 'scheduled' | 'complete' | 'canceled';
    sourceType: PaymentSourceType;
    paymentMethodId: string;
    paymentPlanId?: string;
    requestId?: string;
    /** plan installments: their number (the plans job creates each number once) */
    installmentNumber?: number;
    createdAt: Date;
    lines: Array<{ invoiceId: string; paidCents: number; subject?: string; message?: string }>;
  }) => {
    const group = await db
      .insertInto('paymentGroups')
      .values({
        vendorId: values.vendorId,
        locationId: values.locationId,
        contactId: values.contactId ?? dana.id,
        confirmationNumber: confirmationNumber(),
        paymentDate: values.paymentDate,
        paymentTotalCents: values.lines.reduce((sum, line) => sum + line.paidCents, 0),
        // the demo history charged no fee (its totals are the invoices' sums)
        serviceFeeCents: 0,
        paymentType: values.paymentType,
        status: values.status,
        sourceType: values.sourceType,
        paymentPlanId: values.paymentPlanId ?? null,
        requestId: values.requestId ?? null,
        paymentMethodId: values.paymentMethodId,
        installmentNumber: values.installmentNumber ?? null,
        createdAt: values.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payments')
      .values(
        values.lines.map((line) => ({
          paymentGroupId: group.id,
          invoiceId: line.invoiceId,
          paidAmountCents: line.paidCents,
          subject: line.subject ?? null,
          message: line.message ?? null,
        })),
      )
      .execute();
    return group.id;
  };

  // Blue Heron: a completed card payment of two invoices (now closed), a partial ACH payment,
  // and the AutoPay run scheduled for an upcoming invoice.
  await insertGroup({
    vendorId: pfg.id, locationId: blueHeron, paymentDate: day(-38), paymentType: 'CC', status: 'complete',
    sourceType: 'Portal', paymentMethodId: bhVisa, createdAt: at(-38, 11, 42),
    lines: [
      { invoiceId: inv.bhPaid1.id, paidCents: inv.bhPaid1.originalCents },
      { invoiceId: inv.bhPaid2.id, paidCents: inv.bhPaid2.originalCents },
    ],
  });
  await insertGroup({
    vendorId: pfg.id, locationId: blueHeron, paymentDate: achDayUntil(-5), paymentType: 'ACH', status: 'complete',
    sourceType: 'Portal', paymentMethodId: bhAch, createdAt: at(-5, 15, 8),
    lines: [{ invoiceId: inv.bhPartial.id, paidCents: cents(1000) }],
  });
  const autopayGroup = await insertGroup({
    vendorId: pfg.id, locationId: blueHeron, paymentDate: secondAchDay, paymentType: 'ACH', status: 'scheduled',
    sourceType: 'Autopay Plus', paymentMethodId: bhAch, createdAt: at(-1, 4),
    lines: [{ invoiceId: inv.bhScheduled.id, paidCents: inv.bhScheduled.originalCents }],
  });
  // the AutoPay's charge of that invoice: the run never charges it again; turning AutoPay off cancels it
  await db
    .insertInto('autopayCharges')
    .values({ autopayId: blueHeronAutopay.id, invoiceId: inv.bhScheduled.id, dueOn: day(2), status: 'paid', paymentGroupId: autopayGroup, createdAt: at(-1, 4) })
    .execute();

  // Harbor Street: the completed plan's three monthly payments, the active plan's two payments
  // made and the next one scheduled for today — or, on a weekend or holiday, the next business day (ACH).
  for (let i = 0; i < 3; i += 1) {
    const date = planDay(completedPlanStart.toString(), 'monthly', i);
    await insertGroup({
      vendorId: pfg.id, locationId: harborStreet, paymentDate: date, paymentType: 'ACH', status: 'complete',
      sourceType: 'Payment Plan', paymentMethodId: hsAch, paymentPlanId: completedPlan.id, installmentNumber: i + 1,
      createdAt: new Date(`${date}T05:00:00-05:00`),
      lines: [{ invoiceId: inv.hsOldPlan.id, paidCents: cents(750) }],
    });
  }
  for (const [n, offset] of [[1, -28], [2, -14]]) {
    await insertGroup({
      vendorId: pfg.id, locationId: harborStreet, paymentDate: planDay(day(-28), 'biweekly', n - 1), paymentType: 'ACH', status: 'complete',
      sourceType: 'Payment Plan', paymentMethodId: hsAch, paymentPlanId: activePlan.id, requestId: acceptedPlanRequest,
      installmentNumber: n,
      createdAt: at(offset, 5),
      lines: [{ invoiceId: inv.hsPlan2.id, paidCents: cents(1120.15) }],
    });
  }
  await insertGroup({
    vendorId: pfg.id, locationId: harborStreet, paymentDate: planDay(day(-28), 'biweekly', 2), paymentType: 'ACH', status: 'scheduled',
    sourceType: 'Payment Plan', paymentMethodId: hsAch, paymentPlanId: activePlan.id, requestId: acceptedPlanRequest,
    installmentNumber: 3,
    createdAt: at(-14, 5, 1),
    lines: [
      { invoiceId: inv.hsPlan2.id, paidCents: inv.hsPlan2.openCents },
      { invoiceId: inv.hsPlan1.id, paidCents: cents(1120.15) - inv.hsPlan2.openCents },
    ],
  });

  // Magnolia: a card payment the customer canceled before its date.
  await insertGroup({
    vendorId: pfg.id, locationId: magnolia, paymentDate: day(3), paymentType: 'CC', status: 'canceled',
    sourceType: 'Portal', paymentMethodId: mcVisa, createdAt: at(-2, 16, 20),
    lines: [{ invoiceId: inv.mcCanceled.id, paidCents: inv.mcCanceled.originalCents }],
  });

  // Coastal Produce: a paid click-to-pay request, and a resolution-center payment with a
  // dispute (nothing paid) and a partial payment.
  await insertGroup({
    vendorId: coastal.id, locationId: coastalBlueHeron, paymentDate: achDayUntil(-16), paymentType: 'ACH', status: 'complete',
    sourceType: 'Click2Pay', paymentMethodId: cpAch, requestId: paidClick2payRequest, createdAt: at(-16, 9, 12),
    lines: [{ invoiceId: inv.cpPaid.id, paidCents: inv.cpPaid.originalCents }],
  });
  const disputeReason = 'Damaged/Quality';
  const disputeNote = 'Two cases of romaine arrived wilted; the driver noted it on the delivery ticket.';
  const partialReason = 'Quantity/Weight Incorrect';
  const partialNote = 'Invoiced 12 cases of Roma tomatoes, 9 delivered.';
  await insertGroup({
    vendorId: coastal.id, locationId: coastalBlueHeron, paymentDate: achDayUntil(-3), paymentType: 'ACH', status: 'complete',
    sourceType: 'Message', paymentMethodId: cpAch, createdAt: at(-3, 13, 37),
    lines: [
      { invoiceId: inv.cpDisputed.id, paidCents: 0, subject: disputeReason, message: disputeNote },
      { invoiceId: inv.cpPartial.id, paidCents: cents(500), subject: partialReason, message: partialNote },
    ],
  });

  // The other contact's completed payment (never visible to Dana).
  await insertGroup({
    vendorId: pfg.id, locationId: saltmarsh, contactId: marcus.id, paymentDate: achDayUntil(-9), paymentType: 'ACH',
    status: 'complete', sourceType: 'Portal', paymentMethodId: smAch, createdAt: at(-9, 10, 5),
    lines: [{ invoiceId: inv.otherInvoice.id, paidCents: cents(400) }],
  });

  // ── messages (resolution center) ────────────────────────────────────────────────────────
  await db
    .insertInto('messages')
    .values([
      {
        vendorId: pfg.id, locationId: blueHeron, contactId: dana.id, invoiceId: inv.bhFailed.id,
        subject: 'Payment Failed',
        body: `Your payment of $963.10 for invoice ${inv.bhFailed.displayInvNum} could not be processed: the card issuer declined the charge. Please pay with another payment method or contact your Performance Foodservice representative.`,
        paymentPaidAmountCents: null, readAt: null, createdAt: at(-14, 7, 5),
      },
      {
        vendorId: pfg.id, locationId: harborStreet, contactId: dana.id, invoiceId: inv.hsComment.id,
        subject: 'Comment',
        body: 'Please hold this invoice until the credit for the short-shipped shrimp is applied.',
        paymentPaidAmountCents: null, readAt: at(-9, 12), createdAt: at(-10, 16, 44),
      },
      {
        vendorId: coastal.id, locationId: coastalBlueHeron, contactId: dana.id, invoiceId: inv.cpDisputed.id,
        subject: disputeReason, body: disputeNote,
        paymentPaidAmountCents: 0, readAt: null, createdAt: at(-3, 13, 37),
      },
      {
        vendorId: coastal.id, locationId: coastalBlueHeron, contactId: dana.id, invoiceId: inv.cpPartial.id,
        subject: partialReason, body: partialNote,
        paymentPaidAmountCents: cents(500), readAt: at(-2, 9), createdAt: at(-3, 13, 37),
      },
      // Blue Heron: the resolution center shows one invoice of each category.
      {
        vendorId: pfg.id, locationId: blueHeron, contactId: dana.id, invoiceId: inv.bhDisputed.id,
        subject: 'Pricing Error', body: 'Billed $14.95/lb for salmon fillets; our contract price is $12.40/lb.',
        paymentPaidAmountCents: 0, readAt: null, createdAt: at(-5, 15, 20),
      },
      {
        vendorId: pfg.id, locationId: blueHeron, contactId: dana.id, invoiceId: inv.bhPartial.id,
        subject: 'Quantity/Weight Incorrect', body: 'Paid $1,000.00; 4 of 10 cases of chicken thighs were short.',
        paymentPaidAmountCents: cents(1000), readAt: at(-20, 9), createdAt: at(-21, 11, 5),
      },
      {
        vendorId: pfg.id, locationId: blueHeron, contactId: dana.id, invoiceId: inv.bhComment.id,
        subject: 'Comment', body: 'Please send a copy with the signed delivery ticket attached.',
        paymentPaidAmountCents: null, readAt: at(-2, 8, 15), createdAt: at(-2, 8, 15),
      },
      {
        vendorId: pfg.id, locationId: saltmarsh, contactId: marcus.id, invoiceId: inv.otherInvoice.id,
        subject: 'Partial Payment', body: 'Paying $400.00 now; the rest after the refrigeration credit posts.',
        paymentPaidAmountCents: cents(400), readAt: null, createdAt: at(-9, 10, 5),
      },
    ])
    .execute();

  // Template messages: rich content in the format of core/rules/rich-content-format.ts (headings, paragraphs,
  // lists, links, bold and italic), each with invoices to pay from the message.
  await db
    .insertInto('templateMessages')
    .values([
      {
        vendorId: pfg.id, locationId: magnolia, contactId: dana.id,
        subject: 'Three Magnolia Catering invoices need attention',
        richContent: json([
          { type: 'heading', level: 1, children: [{ text: 'Your open invoices' }] },
          { type: 'paragraph', children: [{ text: 'Hi Dana,' }] },
          {
            type: 'paragraph',
            children: [
              { text: 'Invoice ' },
              { text: inv.mcTemplate1.displayInvNum, bold: true },
              { text: ' is past due and ' },
              { text: inv.mcTemplate2.displayInvNum, bold: true },
              { text: ' is due tomorrow. You can pay them from this message in a few clicks.' },
            ],
          },
          {
            type: 'bulleted-list',
            children: [
              { type: 'list-item', children: [{ text: 'Pay by card or bank account, ' }, { text: 'today or on a later date', italic: true }, { text: '.' }] },
              { type: 'list-item', children: [{ text: 'Part-pay or dispute an invoice from the pay page.' }] },
              { type: 'list-item', children: [{ text: 'Questions? Write to ' }, { type: 'link', url: 'mailto:ar.carolina@performancefood.example', children: [{ text: 'ar.carolina@performancefood.example' }] }, { text: '.' }] },
            ],
          },
          {
            type: 'paragraph',
            children: [
              { text: 'Our holiday delivery schedule is on ' },
              { type: 'link', url: 'https://www.performancefoodservice.com/', children: [{ text: 'our website' }] },
              { text: '.' },
            ],
          },
          { type: 'paragraph', children: [{ text: 'Thank you for your business — Karen Ostrowski, Accounts Receivable', italic: true }] },
        ]),
        fromPerson: json({ firstName: 'Karen', lastName: 'Ostrowski' }),
        toPerson: json({ firstName: 'Dana', lastName: 'Whitfield', deliverTo: DEMO_EMAIL }),
        invoiceIds: json([inv.mcTemplate1.id, inv.mcTemplate2.id, inv.mcExcluded.id /* the long number (mcLong in the messages branch) */]),
        createdAt: at(0, 7, 30),
      },
      {
        vendorId: pfg.id, locationId: blueHeron, contactId: dana.id,
        subject: 'Payment Failed: please pay with another method',
        richContent: json([
          { type: 'heading', level: 1, children: [{ text: 'We could not process your payment' }] },
          {
            type: 'paragraph',
            children: [
              { text: 'Your card payment for invoice ' },
              { text: inv.bhFailed.displayInvNum, bold: true },
              { text: ' was ' },
              { text: 'declined by the card issuer', bold: true, italic: true },
              { text: '. Nothing was charged.' },
            ],
          },
          { type: 'heading', level: 2, children: [{ text: 'What to do' }] },
          {
            type: 'numbered-list',
            children: [
              { type: 'list-item', children: [{ text: 'Choose ' }, { text: 'Pay', bold: true }, { text: ' below.' }] },
              { type: 'list-item', children: [{ text: 'Pick a bank account or another card.' }] },
              { type: 'list-item', children: [{ text: 'Confirm the payment date and pay.' }] },
            ],
          },
          {
            type: 'paragraph',
            children: [
              { text: 'See ' },
              { type: 'link', url: 'https://www.performancefoodservice.com/', children: [{ text: 'Performance Foodservice' }] },
              { text: ' for our payment terms.' },
            ],
          },
        ]),
        fromPerson: json({ firstName: 'Karen', lastName: 'Ostrowski' }),
        toPerson: json({ firstName: 'Dana', lastName: 'Whitfield', deliverTo: DEMO_EMAIL }),
        invoiceIds: json([inv.bhFailed.id, inv.bhLong.id]),
        createdAt: at(-14, 7, 10),
      },
    ])
    .execute();

  // ── announcements ───────────────────────────────────────────────────────────────────────
  await db
    .insertInto('announcements')
    .values([
      {
        vendorId: null, type: 'error', expirationDate: day(7), createdAt: at(-1, 9),
        message: 'Scheduled maintenance Sunday 2–4 AM ET: payments submitted during this window will be processed afterwards.',
      },
      {
        vendorId: pfg.id, type: 'info', expirationDate: null, createdAt: at(-6, 9),
        message: 'New: turn on AutoPay for any of your locations and never miss a due date.',
      },
      {
        vendorId: coastal.id, type: 'info', expirationDate: day(20), createdAt: at(-2, 9),
        message: 'Holiday delivery schedule: orders placed after 2 PM the day before a federal holiday ship the next business day.',
      },
      {
        vendorId: null, type: 'info', expirationDate: day(-3), createdAt: at(-20, 9),
        message: 'Our support line had extended hours during the year-end close.',
      },
    ])
    .execute();

  // ── ads (Performance Foodservice) ───────────────────────────────────────────────────────
  await db
    .insertInto('ads')
    .values([
      {
        vendorId: pfg.id, fileUrl: '/static/ads/pfg-autopay.svg',
        clickUrl: 'https://www.performancefoodservice.com/', sortOrder: 1, duration: 8,
      },
      {
        vendorId: pfg.id, fileUrl: '/static/ads/pfg-seafood-week.svg',
        clickUrl: 'https://www.performancefoodservice.com/', sortOrder: 2, duration: 6,
      },
      // An ad without a click URL (shown and rotated, no impression recorded, not clickable)
      {
        vendorId: pfg.id, fileUrl: '/static/ads/pfg-reminders.svg',
        clickUrl: null, sortOrder: 3, duration: 5,
      },
    ])
    .execute();

  // ── invoice journeys and visits ─────────────────────────────────────────────────────────
  const journey = (invoiceId: string, contactId: string | null, action: string, detail: string, when: Date) => ({
    invoiceId, contactId, action, detail, updatedAt: when,
  });
  await db
    .insertInto('invoiceJourneys')
    .values([
      journey(inv.bhPaid1.id, null, 'Created', 'Invoice received from Performance Foodservice', at(-70, 6, 30)),
      journey(inv.bhPaid1.id, null, 'Email Sent', `Invoice e-mailed to ${DEMO_EMAIL}`, at(-70, 7)),
      journey(inv.bhPaid1.id, dana.id, 'Viewed', 'Viewed by Dana Whitfield', at(-66, 19, 12)),
      journey(inv.bhPaid1.id, dana.id, 'Paid', 'Paid $1,556.80 with Visa Business 4821', at(-38, 11, 42)),
      journey(inv.bhScheduled.id, null, 'Created', 'Invoice received from Performance Foodservice', at(-6, 6, 30)),
      journey(inv.bhScheduled.id, null, 'Scheduled', 'Scheduled by AutoPay with Operating Checking 6703', at(-1, 4)),
      journey(inv.cpDisputed.id, null, 'Created', 'Invoice received from Coastal Produce Co.', at(-20, 6, 30)),
      journey(inv.cpDisputed.id, dana.id, 'Disputed', `${disputeReason}: ${disputeNote}`, at(-3, 13, 37)),
      journey(inv.bhDisputed.id, dana.id, 'Disputed', 'Pricing Error: Billed $14.95/lb for salmon fillets; our contract price is $12.40/lb.', at(-5, 15, 20)),
      journey(inv.bhPartial.id, dana.id, 'Partially Paid', 'Quantity/Weight Incorrect: Paid $1,000.00; 4 of 10 cases of chicken thighs were short.', at(-21, 11, 5)),
      // a comment is a message and a journey entry, both or neither
      journey(inv.hsComment.id, dana.id, 'Comment', 'Please hold this invoice until the credit for the short-shipped shrimp is applied.', at(-10, 16, 44)),
      journey(inv.bhComment.id, dana.id, 'Comment', 'Please send a copy with the signed delivery ticket attached.', at(-2, 8, 15)),
    ])
    .execute();

  await db
    .insertInto('visits')
    .values([
      { contactId: dana.id, vendorId: pfg.id, locationId: blueHeron, createdAt: at(-38, 11, 30) },
      { contactId: dana.id, vendorId: coastal.id, locationId: coastalBlueHeron, createdAt: at(-3, 13, 20) },
    ])
    .execute();

  return {
    contactId: dana.id,
    otherContactId: marcus.id,
    vendors: { pfg: pfg.id, coastal: coastal.id },
    locations: { blueHeron, harborStreet, magnolia, coastalBlueHeron, saltmarsh },
    requests: { autopay: autopayRequest, paymentplan: planRequest, click2pay: click2payRequest },
    invoiceCount: danaInvoices,
  };
}

/** Arbitrary constant key for the advisory lock that serialises concurrent first starts. */
const SEED_LOCK_KEY = 7_310_422_016;

/**
 * Loads the demo data only when the database has no vendor yet. Returns true when it seeded.
 * Safe when several processes start at once on one PostgreSQL: a transaction-scoped advisory
 * lock makes the others wait, and they then find the vendors there.
 */
export async function seedIfEmpty(db: Db, options: { today?: Temporal.PlainDate } = {}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK_KEY)})`.execute(trx);
    const existing = await trx.selectFrom('vendors').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await seedInTransaction(trx, options.today ?? demoToday());
    return true;
  });
}

/** Empties every table (tokens and outbox included) and loads the demo data again. */
export async function resetAndSeed(db: Db, options: { today?: Temporal.PlainDate } = {}): Promise<DemoSeedResult> {
  // every table of the schema (also ones later migrations add), but not the migration records
  const tables = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'schema_migrations%'`.execute(db);
  const names = [...new Set([...ALL_TABLES, ...tables.rows.map((r) => r.tableName)])];
  await sql`truncate table ${sql.join(names.map((n) => sql.table(n)))} cascade`.execute(db);
  return seedDemo(db, { today: options.today ?? demoToday() });
}

export interface DemoLinks {
  login: string;
  click2pay: string;
  autopay: string;
  paymentplan: string;
  expired: string;
  canceled: string;
}

async function demoContactId(db: Db): Promise<string> {
  const contact = await db.selectFrom('contacts').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (!contact) throw new Error(`demo contact ${DEMO_EMAIL} not found: run "npm run seed -- --reset"`);
  return contact.id;
}

async function activeRequest(db: Db, contactId: string, type: string) {
  return db
    .selectFrom('requests')
    .select(['id', 'vendorId', 'locationId'])
    .where('contactId', '=', contactId)
    .where('type', '=', type)
    .where('status', '=', 'active')
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

/**
 * Issues fresh tokens for the demo contact and returns the RAW tokens:
 * login (no vendor/location), click2pay / autopay / paymentplan (for the demo's active requests),
 * expired (status expired, expiry in the past) and canceled.
 */
export async function issueDemoLinks(db: Db): Promise<DemoLinks> {
  const contactId = await demoContactId(db);
  const issueFor = async (requestType: TokenType) => {
    const request = await activeRequest(db, contactId, requestType);
    if (!request) throw new Error(`the demo contact has no active ${requestType} request: run "npm run seed -- --reset"`);
    return issueToken(db, {
      contactId, vendorId: request.vendorId, locationId: request.locationId, type: requestType, requestId: request.id, ttlDays: 14,
    });
  };
  const autopayRequest = await activeRequest(db, contactId, 'autopay');
  return {
    login: await issueToken(db, { contactId, type: 'login', ttlDays: 7 }),
    click2pay: await issueFor('click2pay'),
    autopay: await issueFor('autopay'),
    paymentplan: await issueFor('paymentplan'),
    expired: await issueToken(db, { contactId, type: 'login', status: 'expired', ttlDays: -1 }),
    canceled: await issueToken(db, {
      contactId, vendorId: autopayRequest?.vendorId, locationId: autopayRequest?.locationId,
      type: 'autopay', status: 'canceled', requestId: autopayRequest?.id, ttlDays: 7,
    }),
  };
}
