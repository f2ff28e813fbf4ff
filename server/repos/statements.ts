/**
 * Statements (portal-recurring.md §2.4, §2.5, §7): the statement data of a location, the contact's statement
 * delivery (one per contact and location), and the statement-request mark. Every query filters by the contact and
 * the location the route has already checked (`request.auth` + the scope hook).
 */
import { sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { vendorToday } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import type { Address, StatementScheduleUnit } from '../db/schema.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import { wallClockMinute } from '../../core/rules/timestamps.js';
import { vendorTimeZone } from '../../core/rules/payment-dates.js';
import { buildStatement, type StatementSummary } from '../domain/statement.js';


export interface StatementData extends StatementSummary {
  vendor: { id: string; displayName: string; brandName: string; remitAddress: Address | null };
  location: { id: string; displayName: string; address: Address | null };
  timeZone: string;
  /** the moment the statement was made */
  asOf: Date;
}

/** The statement of a location at `now` (classification in the vendor's time zone), or undefined when unknown. */
export async function loadStatement(db: Db, scope: { vendorId: string; locationId: string; now: Date }): Promise<StatementData | undefined> {
  const party = await db
    .selectFrom('locations as l')
    .innerJoin('vendors as v', 'v.id', 'l.vendorId')
    .select([
      'v.id as vendorId',
      'v.displayName as vendorDisplayName',
      'v.config as vendorConfig',
      'v.address as vendorAddress',
      'v.eodCutoff',
      'v.featureFlags',
      'l.id as locationId',
      'l.displayName as locationDisplayName',
      'l.address as locationAddress',
    ])
    .where('l.id', '=', scope.locationId)
    .where('l.vendorId', '=', scope.vendorId)
    .executeTakeFirst();
  if (!party) return undefined;
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'displayInvNum', 'invoiceDate', 'externalInvoiceDate', 'dueDate', 'openAmountCents'])
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null)
    .where('openAmountCents', '!=', 0)
    .execute();
  const showExternal = (party.featureFlags as Record<string, unknown> | null)?.displayExternalInvoiceDate !== false;
  const timeZone = vendorTimeZone(party.eodCutoff);
  const today = vendorToday(Temporal.Instant.fromEpochMilliseconds(scope.now.getTime()), timeZone);
  const summary = buildStatement(
    rows.map((row) => ({
      id: row.id,
      displayInvNum: row.displayInvNum,
      invoiceDate: (showExternal ? toDateString(row.externalInvoiceDate) : null) ?? toDateString(row.invoiceDate),
      dueDate: toDateString(row.dueDate),
      openAmountCents: Number(row.openAmountCents),
    })),
    today,
  );
  const brand = (party.vendorConfig as { appName?: string } | null)?.appName?.trim();
  return {
    ...summary,
    vendor: {
      id: party.vendorId,
      displayName: party.vendorDisplayName,
      brandName: brand || party.vendorDisplayName,
      remitAddress: party.vendorAddress ?? null,
    },
    location: { id: party.locationId, displayName: party.locationDisplayName, address: party.locationAddress ?? null },
    timeZone,
    asOf: scope.now,
  };
}

/** The contract's Statement (amounts in dollars). */
export function toApiStatement(data: StatementData, requestMarked: boolean) {
  const dollars = <T extends Record<string, number>>(o: T) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, centsToAmount(v)])) as { [K in keyof T]: number };
  return {
    asOf: data.asOf.toISOString(),
    asOfLocal: wallClockMinute(data.asOf, data.timeZone),
    timezone: data.timeZone,
    lines: data.lines.map((line) => ({
      id: line.id,
      displayInvNum: line.displayInvNum,
      invoiceDate: line.invoiceDate,
      dueDate: line.dueDate,
      openAmount: centsToAmount(line.openAmountCents),
      classification: line.classification,
      daysPastDue: line.daysPastDue,
    })),
    totals: dollars({ ...data.totals }),
    aging: dollars({ ...data.aging }),
    requestMarked,
  };
}

// ── statement request mark ──

export async function isStatementRequestMarked(db: Db, contactId: string, locationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('statementRequestMarks')
    .select('contactId')
    .where('contactId', '=', contactId)
    .where('locationId', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the statement of the location as opened by the contact: the mark row (first and last time), and every
 * active request of type `statement` addressed to the contact at the location becomes `complete`. Idempotent.
 */
export async function markStatementRequest(db: Db, input: { contactId: string; locationId: string; now: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('statementRequestMarks')
      .values({ contactId: input.contactId, locationId: input.locationId, firstMarkedAt: input.now, lastMarkedAt: input.now })
      .onConflict((oc) => oc.columns(['contactId', 'locationId']).doUpdateSet({ lastMarkedAt: input.now }))
      .execute();
    await trx
      .updateTable('requests')
      .set({ status: 'complete' })
      .where('contactId', '=', input.contactId)
      .where('locationId', '=', input.locationId)
      .where('type', '=', 'statement')
      .where('status', '=', 'active')
      .execute();
  });
}

// ── statement delivery ──

export interface StatementDeliveryInput {
  scheduleUnit: StatementScheduleUnit;
  scheduleValue: string;
  sendEmptyStatements: boolean;
}

const DAY_CODES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Whether the value fits the unit: a day code for weekly/biweekly, '0'…'28' for monthly. */
export function scheduleValueFits(unit: StatementScheduleUnit, value: string): boolean {
  if (unit === 'monthly') return /^([0-9]|1[0-9]|2[0-8])$/.test(value);
  return DAY_CODES.includes(value);
}

export async function contactSummary(db: Db, contactId: string) {
  const contact = await db
    .selectFrom('contacts')
    .select(['id', 'firstName', 'lastName', 'email', 'phone'])
    .where('id', '=', contactId)
    .executeTakeFirstOrThrow();
  return { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, deliverTo: contact.email ?? contact.phone ?? '' };
}

export async function listStatementDeliveries(db: Db, contactId: string, locationId: string) {
  const rows = await db
    .selectFrom('statementDeliveries')
    .select(['id', 'scheduleUnit', 'scheduleValue', 'sendEmptyStatements', 'contactId', 'locationId'])
    .where('contactId', '=', contactId)
    .where('locationId', '=', locationId)
    .orderBy('updatedAt', 'desc')
    .execute();
  return { statementDeliveries: rows, currentContact: await contactSummary(db, contactId) };
}

const deliveryColumns = ['id', 'vendorId', 'locationId', 'contactId', 'scheduleUnit', 'scheduleValue', 'sendEmptyStatements', 'activeFrom'] as const;

/** The contact's delivery at the location, locked for update in the caller's transaction; undefined when none. */
export async function lockStatementDelivery(trx: Db, contactId: string, locationId: string) {
  return trx
    .selectFrom('statementDeliveries')
    .select(deliveryColumns)
    .where('contactId', '=', contactId)
    .where('locationId', '=', locationId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Turn on or update: one delivery per contact and location (upsert on that key, so two saves at once leave one
 * row). `activeFrom` — the vendor-local day the schedule starts (biweekly counts from it; no statement for a day
 * before it) — is set when the delivery is turned on and whenever the unit or value changes; changing only
 * `sendEmptyStatements` keeps it. Answers the row and whether it was inserted (turned on) rather than updated.
 */
export async function upsertStatementDelivery(
  trx: Db,
  input: StatementDeliveryInput & { contactId: string; vendorId: string; locationId: string; today: string; now: Date },
) {
  return trx
    .insertInto('statementDeliveries')
    .values({
      contactId: input.contactId,
      vendorId: input.vendorId,
      locationId: input.locationId,
      scheduleUnit: input.scheduleUnit,
      scheduleValue: input.scheduleValue,
      sendEmptyStatements: input.sendEmptyStatements,
      activeFrom: input.today,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflict((oc) =>
      oc.columns(['contactId', 'locationId']).doUpdateSet((eb) => ({
        scheduleUnit: eb.ref('excluded.scheduleUnit'),
        scheduleValue: eb.ref('excluded.scheduleValue'),
        sendEmptyStatements: eb.ref('excluded.sendEmptyStatements'),
        updatedAt: eb.ref('excluded.updatedAt'),
        activeFrom: eb
          .case()
          .when(
            eb.or([
              eb('statementDeliveries.scheduleUnit', '!=', eb.ref('excluded.scheduleUnit')),
              eb('statementDeliveries.scheduleValue', '!=', eb.ref('excluded.scheduleValue')),
            ]),
          )
          .then(eb.ref('excluded.activeFrom'))
          .else(eb.ref('statementDeliveries.activeFrom'))
          .end(),
      })),
    )
    // xmax is 0 on a row this statement inserted, and set on one its ON CONFLICT branch updated: the one way to tell
    // the two apart when a concurrent save inserted the row after the caller looked
    .returning([...deliveryColumns, sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
}

/** Turn off: the deleted row, or undefined when the delivery is not the contact's at this location. */
export async function deleteStatementDelivery(trx: Db, input: { contactId: string; locationId: string; deliveryId: string }) {
  return trx
    .deleteFrom('statementDeliveries')
    .where('id', '=', input.deliveryId)
    .where('contactId', '=', input.contactId)
    .where('locationId', '=', input.locationId)
    .returning(deliveryColumns)
    .executeTakeFirst();
}

/** The vendor-local calendar day at `now`. */
export async function vendorTodayOf(db: Db, vendorId: string, now: Date): Promise<string> {
  const vendor = await db.selectFrom('vendors').select('eodCutoff').where('id', '=', vendorId).executeTakeFirstOrThrow();
  return vendorToday(Temporal.Instant.fromEpochMilliseconds(now.getTime()), vendorTimeZone(vendor.eodCutoff)).toString();
}
