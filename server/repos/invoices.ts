/**
 * Invoices of a location, shaped as the contract's Invoice / InvoiceList / InvoiceFilterList.
 *
 * Decisions (`GET .../invoices`, contract `listInvoices`):
 * - Open invoices (the default) are the payable ones that are not closed (`payable` and no `deleted_at`): what the
 *   click-to-pay page may select. `loadAll=true` answers every invoice of the location (closed, scheduled, open)
 *   for the reports. The displayed status follows from the data (`core/rules/invoices.ts#invoiceDisplayStatus`):
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
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Invoice } from '../db/schema.js';
import { toDateString, toIsoString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';

function shipToOf(invoice: Pick<Invoice, 'extra'>): { stId: string; stName: string } | null {
  const pass = invoice.extra?.eodPassthrough;
  return shipToFrom(typeof pass?.stId === 'string' ? pass.stId : null, typeof pass?.stName === 'string' ? pass.stName : null);
}

function shipToFrom(rawId: string | null, rawName: string | null): { stId: string; stName: string } | null {
  const stId = rawId ? rawId.trim() : '';
  const stName = rawName ? rawName.trim() : '';
  if (!stId && !stName) return null;
  return { stId, stName };
}

/** A timestamptz as the ISO-8601 text `Date#toISOString` prints (UTC, milliseconds), made by PostgreSQL. */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The ship-to's id or name from `extra.eodPassthrough`: trimmed text when it is a JSON string, else ''. */
const passthroughText = (key: 'stId' | 'stName') =>
  `btrim(case when jsonb_typeof(i.extra->'eodPassthrough'->'${key}') = 'string' then i.extra->'eodPassthrough'->>'${key}' else '' end, E' \\t\\n\\r\\f\\v')`;

/**
 * The contract's Invoice as JSON text, built by PostgreSQL (`row_to_json` of a lateral row, compact, keys in the
 * contract's order). The one definition of the API invoice: lists, single invoices and journeys all use it, so the
 * shapes cannot drift apart (tests/server/invoices-list.test.ts compares it with `toApiInvoice`). Why in SQL: at
 * 5,000 invoices, materialising rows in Node (a `Date` per timestamp, the whole `extra` document per row) and
 * serialising them again cost far more than the query; PostgreSQL writes the text once and Node passes it through.
 * Amounts: float8 cents / 100 is the nearest double to the decimal amount, printed shortest (19.99, not
 * 19.990000…), exactly what `centsToAmount` + JSON.stringify give.
 */
const INVOICE_JSON_LATERAL = `lateral (
  select i.id as "id",
    i.external_id as "externalId",
    i.display_inv_num as "displayInvNum",
    i.open_amount_cents::float8 / 100 as "openAmount",
    i.due_date as "dueDate",
    i.external_invoice_date as "externalInvoiceDate",
    i.invoice_date as "invoiceDate",
    i.po_ref_id as "poRefId",
    nullif(concat_ws(' - ', nullif(st.st_id, ''), nullif(st.st_name, '')), '') as "shipTo",
    nullif(st.st_name, '') as "filterName",
    i.payable as "payable",
    case when i.deleted_at is null then null else ${isoText('i.deleted_at')} end as "deletedAt",
    ${isoText('i.created_at')} as "createdAt",
    ${isoText('i.updated_at')} as "updatedAt",
    i.location_id as "locationId",
    coalesce(i.create_type, '') as "createType",
    i.external_url as "externalUrl",
    i.status as "status"
  from (select ${passthroughText('stId')} as st_id, ${passthroughText('stName')} as st_name) st
) v`;

const invoiceListSql = (filter: string) => `select '[' || coalesce(string_agg(row_to_json(v)::text, ',' order by i.due_date asc nulls last, i.display_inv_num, i.id), '') || ']' as json
  from invoices i, ${INVOICE_JSON_LATERAL}
 where i.vendor_id = $1 and i.location_id = $2 ${filter}`;

/** The statements of `locationInvoicesJson` ($1 vendor, $2 location[, $3 invoice]), precompiled text. */
export const INVOICE_LIST_SQL = {
  open: invoiceListSql('and i.payable = true and i.deleted_at is null'),
  all: invoiceListSql(''),
  one: invoiceListSql('and i.id = $3::uuid'),
} as const;

/**
 * The location's invoices as a JSON array text in the list order (due date ascending, none last, then number):
 * open ones (payable, not closed; read from the partial index `invoices_open_list_idx`, migration 0006), every
 * invoice with `loadAll`, or the one `invoiceId` whatever its status.
 */
export async function locationInvoicesJson(
  db: Db,
  scope: InvoiceScope & { loadAll?: boolean; invoiceId?: string },
): Promise<string> {
  const query = scope.invoiceId
    ? CompiledQuery.raw(INVOICE_LIST_SQL.one, [scope.vendorId, scope.locationId, scope.invoiceId])
    : CompiledQuery.raw(scope.loadAll ? INVOICE_LIST_SQL.all : INVOICE_LIST_SQL.open, [scope.vendorId, scope.locationId]);
  const { rows } = await db.executeQuery<{ json: string }>(query);
  return rows[0]?.json ?? '[]';
}

/** Open (payable, not closed) invoices of the location, or every invoice with `loadAll`. */
export async function listLocationInvoices(db: Db, scope: InvoiceScope & { loadAll?: boolean }): Promise<ApiInvoice[]> {
  return JSON.parse(await locationInvoicesJson(db, scope)) as ApiInvoice[];
}

/** One invoice of the location (any status), or undefined. */
export async function getLocationInvoice(db: Db, scope: InvoiceScope & { invoiceId: string }): Promise<ApiInvoice | undefined> {
  const [invoice] = JSON.parse(await locationInvoicesJson(db, scope)) as ApiInvoice[];
  return invoice;
}

/**
 * A full invoice row → the contract's Invoice in JavaScript: the reference the SQL shape (`invoiceJsonLateral`) is
 * tested against (tests/server/invoices-list.test.ts), for callers that already hold a row.
 */
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
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId);
}

/** Active requests of a type for the contact at the location, newest first ($1 contact, $2 vendor, $3 location, $4 type). */
export const REQUEST_CANDIDATES_SQL = `select id, invoice_ids from requests
 where contact_id = $1 and vendor_id = $2 and location_id = $3 and type = $4 and status = 'active'
 order by created_at desc, id`;

/**
 * The invoice ids of the request of `type` at the location: the token's request when it is an active request of
 * that type there, else the contact's newest active one. Only ids of invoices of the location.
 */
export async function requestInvoiceIds(
  db: Db,
  input: InvoiceScope & { contactId: string; type?: string; tokenRequestId?: string | null },
): Promise<string[]> {
  if (!input.type) return [];
  const { rows: candidates } = await db.executeQuery<{ id: string; invoiceIds: unknown }>(
    CompiledQuery.raw(REQUEST_CANDIDATES_SQL, [input.contactId, input.vendorId, input.locationId, input.type]),
  );
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
  const rows = await locationInvoices(db, scope).select('extra').execute();
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
