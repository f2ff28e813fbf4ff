/**
 * Remit form: the "Remit form printed" journey entries and the data of the remit slip PDF. The caller's
 * path scope (vendor, location of the token's contact) is checked by the auth hook; here every invoice id must be an
 * invoice of that vendor and location, else nothing is written or generated (404).
 */
import { Temporal } from 'temporal-polyfill';
import { toDateString } from '../domain/dates.js';
import type { Db } from '../db/connect.js';
import type { RemitPdfData } from '../domain/remit-pdf.js';
import { addJourneyEntries } from './journeys.js';
import { accountOf } from '../../core/rules/remit.js';

export const REMIT_PRINTED_ACTION = 'Remit form printed';

export interface LocationScope {
  vendorId: string;
  locationId: string;
}

/** The invoices of the location among `ids` (deleted ones included: a slip may be printed before a sync). */
export async function locationInvoices(db: Db, scope: LocationScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'displayInvNum', 'invoiceDate', 'externalInvoiceDate', 'dueDate', 'openAmountCents'])
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    displayInvNum: r.displayInvNum,
    invoiceDate: toDateString(r.externalInvoiceDate) ?? toDateString(r.invoiceDate),
    dueDate: toDateString(r.dueDate),
    openAmountCents: Number(r.openAmountCents),
  }));
}

/**
 * Records "Remit form printed" on each invoice's journey (one transaction). Returns false, writing nothing, when an
 * id is not an invoice of the location.
 */
export async function recordRemitPrinted(
  db: Db,
  input: LocationScope & { contactId: string; invoiceIds: readonly string[]; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await locationInvoices(trx, input, input.invoiceIds);
    if (found.length !== new Set(input.invoiceIds).size) return false;
    await addJourneyEntries(
      trx,
      found.map((invoice) => ({ invoiceId: invoice.id, contactId: input.contactId, action: REMIT_PRINTED_ACTION, detail: '', at: input.now })),
    );
    return true;
  });
}

/** Vendor (brand, remit address, time zone), location and the contact's name for the slip; undefined when unknown. */
export async function remitParties(db: Db, scope: LocationScope & { contactId: string }) {
  const row = await db
    .selectFrom('locations as l')
    .innerJoin('vendors as v', 'v.id', 'l.vendorId')
    .innerJoin('contacts as c', (join) => join.on('c.id', '=', scope.contactId))
    .select([
      'v.displayName as vendorDisplayName', 'v.config as vendorConfig', 'v.address as vendorAddress', 'v.eodCutoff as eodCutoff',
      'l.id as locationId', 'l.displayName as locationDisplayName', 'l.address as locationAddress', 'c.firstName', 'c.lastName',
    ])
    .where('l.id', '=', scope.locationId)
    .where('l.vendorId', '=', scope.vendorId)
    .executeTakeFirst();
  return row;
}

/** Today in the vendor's time zone (yyyy-MM-dd); UTC when the zone is unknown. */
export function vendorToday(now: Date, timeZone: string | undefined): string {
  try {
    return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone || 'UTC').toPlainDate().toString();
  } catch {
    return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO('UTC').toPlainDate().toString();
  }
}

export type RemitPdfParties = NonNullable<Awaited<ReturnType<typeof remitParties>>>;

export function remitPartiesOf(row: RemitPdfParties): Pick<RemitPdfData, 'vendor' | 'location' | 'account'> {
  const brand = row.vendorConfig?.appName?.trim();
  return {
    vendor: { brandName: brand || row.vendorDisplayName, displayName: row.vendorDisplayName, remitAddress: row.vendorAddress ?? null },
    location: { displayName: row.locationDisplayName, address: row.locationAddress ?? null },
    account: accountOf(row.locationId),
  };
}
