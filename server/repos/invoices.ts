/**
 * Invoices of a location, shaped as the contract's Invoice / InvoiceList / InvoiceFilterList.
 *
 * Decisions (`GET .../invoices`, contract `listInvoices`):
 * - Open invoices (the default) are the payable ones that are not closed (`payable` and no `deleted_at`): what the
 *   click-to-pay page may select. `loadAll=true` answers every invoice of the location (closed, scheduled, open)
 *   for the reports. The displayed status follows from the data (`src/domain/invoices.ts#invoiceDisplayStatus`):
 *   Closed when `deletedAt` is set, Open when payable, otherwise Scheduled.
 * - `invoiceId` answers that one invoice whatever its status (the PDF loader and the invoice page need closed ones
 *   too); an id that is not an invoice of the location answers 404.
 * - `requestInvoiceIds`: the invoice ids of the request of `type` — the token's own request when it is an active
 *   request of that type at this location, else the contact's newest active request of that type here; ids that
 *   are not invoices of the location are left out. Empty without `type` or without such a request.
 * - Order: due date ascending (no due date last), then invoice number. The pay page re-sorts (requested first).
 * - Filter options (`filters=true`): one entry per distinct ship-to of the location's invoices
 *   (`filterName` = ship-to name, `filterValue` = ship-to id), only when the vendor lists `shipTo` in its
 *   `invoiceFilterColumns`; entries with both name and value empty are dropped; sorted by name.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Invoice } from '../db/schema.js';
import { toDateString, toIsoString } from '../domain/dates.js';
import { centsToAmount } from '../domain/money.js';

function shipToOf(invoice: Pick<Invoice, 'extra'>): { stId: string; stName: string } | null {
  const pass = invoice.extra?.eodPassthrough;
  if (!pass) return null;
  const stId = typeof pass.stId === 'string' ? pass.stId.trim() : '';
  const stName = typeof pass.stName === 'string' ? pass.stName.trim() : '';
  if (!stId && !stName) return null;
  return { stId, stName };
}

export function toApiInvoice(invoice: Invoice) {
  const shipTo = shipToOf(invoice);
  return {
    id: invoice.id,
    externalId: invoice.externalId,
    displayInvNum: invoice.displayInvNum,
    openAmount: centsToAmount(invoice.openAmountCents),
    dueDate: toDateString(invoice.dueDate),
    externalInvoiceDate: toDateString(invoice.externalInvoiceDate),
    invoiceDate: toDateString(invoice.invoiceDate),
    poRefId: invoice.poRefId,
    shipTo: shipTo ? [shipTo.stId, shipTo.stName].filter(Boolean).join(' - ') : null,
    filterName: shipTo?.stName || null,
    payable: invoice.payable,
    deletedAt: toIsoString(invoice.deletedAt),
    createdAt: toIsoString(invoice.createdAt),
    updatedAt: toIsoString(invoice.updatedAt),
    locationId: invoice.locationId,
    createType: invoice.createType ?? '',
    externalUrl: invoice.externalUrl,
    status: invoice.status,
  };
}

export type ApiInvoice = ReturnType<typeof toApiInvoice>;

export interface InvoiceScope {
  vendorId: string;
  locationId: string;
}

function locationInvoices(db: Db, scope: InvoiceScope) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId);
}

/** Open (payable, not closed) invoices of the location, or every invoice with `loadAll`. */
export async function listLocationInvoices(db: Db, scope: InvoiceScope & { loadAll?: boolean }) {
  let query = locationInvoices(db, scope);
  if (!scope.loadAll) query = query.where('payable', '=', true).where('deletedAt', 'is', null);
  const rows = await query
    .orderBy(sql`due_date asc nulls last`)
    .orderBy('displayInvNum')
    .orderBy('id')
    .execute();
  return rows.map(toApiInvoice);
}

/** One invoice of the location (any status), or undefined. */
export async function getLocationInvoice(db: Db, scope: InvoiceScope & { invoiceId: string }) {
  const row = await locationInvoices(db, scope).where('id', '=', scope.invoiceId).executeTakeFirst();
  return row ? toApiInvoice(row) : undefined;
}

/**
 * The invoice ids of the request of `type` at the location: the token's request when it is an active request of
 * that type there, else the contact's newest active one. Only ids of invoices of the location.
 */
export async function requestInvoiceIds(
  db: Db,
  input: InvoiceScope & { contactId: string; type?: string; tokenRequestId?: string | null },
): Promise<string[]> {
  if (!input.type) return [];
  const candidates = await db
    .selectFrom('requests')
    .select(['id', 'invoiceIds'])
    .where('contactId', '=', input.contactId)
    .where('vendorId', '=', input.vendorId)
    .where('locationId', '=', input.locationId)
    .where('type', '=', input.type)
    .where('status', '=', 'active')
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  if (candidates.length === 0) return [];
  const chosen = candidates.find((r) => r.id === input.tokenRequestId) ?? candidates[0];
  const ids = (Array.isArray(chosen.invoiceIds) ? chosen.invoiceIds : []).filter(
    (id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id),
  );
  if (ids.length === 0) return [];
  const known = await locationInvoices(db, input).where('id', 'in', ids).select('id').execute();
  const knownIds = new Set(known.map((r) => r.id));
  return [...new Set(ids)].filter((id) => knownIds.has(id));
}

/** The location's invoice filter options (see the module comment). */
export async function listInvoiceFilters(db: Db, scope: InvoiceScope) {
  const vendor = await db.selectFrom('vendors').select('invoiceFilterColumns').where('id', '=', scope.vendorId).executeTakeFirst();
  const columns = Array.isArray(vendor?.invoiceFilterColumns) ? vendor.invoiceFilterColumns.map(String) : [];
  if (!columns.includes('shipTo')) return [];
  const rows = await locationInvoices(db, scope).execute();
  const byKey = new Map<string, { filterName: string; filterValue: string }>();
  for (const row of rows) {
    const shipTo = shipToOf(row);
    if (!shipTo) continue;
    const entry = { filterName: shipTo.stName, filterValue: shipTo.stId };
    byKey.set(`${entry.filterName}\u0000${entry.filterValue}`, entry);
  }
  return [...byKey.values()].sort(
    (a, b) => a.filterName.localeCompare(b.filterName, 'en') || a.filterValue.localeCompare(b.filterValue, 'en'),
  );
}
