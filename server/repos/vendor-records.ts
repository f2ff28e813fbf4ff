/**
 * The rows the vendor API reads and writes by the vendor's own ids: locations, contacts (through `vendor_contacts`)
 * and invoices. Every function takes the vendor's id and filters by it; a row of another vendor is never read,
 * written or named. Rows in, rows out: the decisions (what a closed invoice does to a scheduled payment, which item
 * is created, updated or unchanged) are the use cases' (server/use-cases/vendor-*.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Address, InvoiceExtra, PaymentConfig, RequestPlan } from '../db/schema.js';

// ───────────────────────────── locations ─────────────────────────────

const locationColumns = ['id', 'externalId', 'displayName', 'address', 'paymentConfigs', 'createdAt'] as const;

export interface LocationRow {
  id: string;
  externalId: string | null;
  displayName: string;
  address: Address | null;
  paymentConfigs: PaymentConfig[];
  createdAt: Date;
}

export interface LocationValues {
  externalId: string;
  displayName: string;
  address: Address | null;
  paymentConfigs: PaymentConfig[];
}

/**
 * Inserts the locations that are new and updates those that differ, in one statement; answers the external ids that
 * were inserted and those that were updated (the rest were the same).
 */
export async function upsertLocationRows(trx: Db, vendorId: string, rows: LocationValues[]) {
  const written = await trx
    .insertInto('locations')
    .values(
      rows.map((row) => ({
        vendorId,
        externalId: row.externalId,
        displayName: row.displayName,
        address: row.address === null ? null : JSON.stringify(row.address),
        paymentConfigs: JSON.stringify(row.paymentConfigs),
        createType: 'API',
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['vendorId', 'externalId'])
        .where('externalId', 'is not', null)
        .doUpdateSet((eb) => ({
          displayName: eb.ref('excluded.displayName'),
          address: eb.ref('excluded.address'),
          paymentConfigs: eb.ref('excluded.paymentConfigs'),
        }))
        .where(sql<boolean>`(locations.display_name, locations.address, locations.payment_configs) is distinct from (excluded.display_name, excluded.address, excluded.payment_configs)`),
    )
    .returning(['externalId', sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
  return written.map((w) => ({ externalId: w.externalId!, inserted: w.inserted }));
}

export async function locationsByExternalId(db: Db, vendorId: string, externalIds: readonly string[]): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'externalId'])
    .where('vendorId', '=', vendorId)
    .where('externalId', 'in', [...new Set(externalIds)])
    .execute();
  return new Map(rows.map((r) => [r.externalId!, r.id]));
}

export async function locationOfVendor(db: Db, vendorId: string, locationId: string): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').select(locationColumns).where('vendorId', '=', vendorId).where('id', '=', locationId).executeTakeFirst();
}

/** A LIKE pattern matching `text` literally (its own %, _ and \\ escaped). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function locationPage(db: Db, vendorId: string, page: { after?: string; limit: number; externalIds?: readonly string[]; name?: string }): Promise<LocationRow[]> {
  let query = db.selectFrom('locations').select(locationColumns).where('vendorId', '=', vendorId);
  if (page.externalIds) query = query.where('externalId', 'in', [...page.externalIds]);
  if (page.name) query = query.where('displayName', 'ilike', `%${literal(page.name)}%`);
  if (page.after) query = query.where('id', '>', page.after);
  return query.orderBy('id').limit(page.limit).execute();
}

/** The external ids of the vendor's locations by id (for answers that name a location both ways). */
export async function locationExternalIds(db: Db, vendorId: string, locationIds: readonly string[]): Promise<Map<string, string | null>> {
  const names = await locationNames(db, vendorId, locationIds);
  return new Map([...names].map(([id, l]) => [id, l.externalId]));
}

/** The vendor's locations by id: their own id and their name (what an invoice shows of its customer). */
export async function locationNames(db: Db, vendorId: string, locationIds: readonly string[]): Promise<Map<string, { externalId: string | null; displayName: string }>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db.selectFrom('locations').select(['id', 'externalId', 'displayName']).where('vendorId', '=', vendorId).where('id', 'in', [...new Set(locationIds)]).execute();
  return new Map(rows.map((r) => [r.id, { externalId: r.externalId, displayName: r.displayName }]));
}

// ───────────────────────────── contacts ─────────────────────────────

export interface ContactRow {
  id: string;
  /** the vendor's own id of the contact, null for a contact of its locations that it did not load */
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  locationIds: string[];
}

/**
 * Takes the vendor's row lock that contact batches of one vendor queue on (a contact is two rows — the contact and
 * its vendor id — that no single statement can upsert). `for no key update`: payments and other writes that only
 * reference the vendor are not held up.
 */
export async function lockVendorForContacts(trx: Db, vendorId: string): Promise<void> {
  await sql`select 1 from vendors where id = ${vendorId} for no key update`.execute(trx);
}

/**
 * THE rule of which contacts a vendor reaches, used by every vendor operation that names a contact (read, login link,
 * request, template message): the contacts it loaded itself (`vendor_contacts`, with its external id) and the contacts
 * of its locations (`contact_locations` at this vendor; external id null when another vendor or the seed loaded them).
 * A person who is a customer of two vendors is reached by each, and a link either mints reaches only that vendor's
 * part of them (tokens.vendor_id, server/repos/scope.ts).
 */
async function contactRows(
  db: Db,
  vendorId: string,
  where: { externalIds?: readonly string[]; contactId?: string; locationId?: string; after?: string; limit?: number },
): Promise<ContactRow[]> {
  let query = db
    .selectFrom('contacts as c')
    .leftJoin('vendorContacts as vc', (join) => join.onRef('vc.contactId', '=', 'c.id').on('vc.vendorId', '=', vendorId))
    .select(['c.id', 'vc.externalId', 'c.firstName', 'c.lastName', 'c.email', 'c.phone', 'c.createdAt'])
    .select((eb) =>
      eb
        .selectFrom('contactLocations as cl')
        .select(sql<string[]>`coalesce(array_agg(cl.location_id::text order by cl.location_id), '{}')`.as('ids'))
        .whereRef('cl.contactId', '=', 'c.id')
        .where('cl.vendorId', '=', vendorId)
        .as('locationIds'),
    )
    .where((eb) =>
      eb.or([
        eb('vc.vendorId', 'is not', null),
        eb.exists(eb.selectFrom('contactLocations as cl2').select('cl2.contactId').whereRef('cl2.contactId', '=', 'c.id').where('cl2.vendorId', '=', vendorId)),
      ]),
    );
  if (where.externalIds) query = query.where('vc.externalId', 'in', [...where.externalIds]);
  if (where.contactId) query = query.where('c.id', '=', where.contactId);
  if (where.locationId) {
    const locationId = where.locationId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('contactLocations as cl3').select('cl3.contactId').whereRef('cl3.contactId', '=', 'c.id').where('cl3.vendorId', '=', vendorId).where('cl3.locationId', '=', locationId)),
    );
  }
  if (where.after) query = query.where('c.id', '>', where.after);
  query = query.orderBy('c.id');
  if (where.limit) query = query.limit(where.limit);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, locationIds: (r.locationIds as string[] | null) ?? [] }));
}

export async function contactsByExternalId(db: Db, vendorId: string, externalIds: readonly string[]): Promise<Map<string, ContactRow>> {
  if (externalIds.length === 0) return new Map();
  // (the filter on vc.external_id leaves only the vendor's own contacts, each with its external id)
  return new Map((await contactRows(db, vendorId, { externalIds })).map((c) => [c.externalId!, c]));
}

export async function contactOfVendor(db: Db, vendorId: string, contactId: string): Promise<ContactRow | undefined> {
  return (await contactRows(db, vendorId, { contactId }))[0];
}

export async function contactPage(db: Db, vendorId: string, page: { after?: string; limit: number; externalIds?: readonly string[]; locationId?: string }): Promise<ContactRow[]> {
  return contactRows(db, vendorId, page);
}

export interface ContactValues {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export async function insertVendorContacts(trx: Db, vendorId: string, contacts: ContactValues[]): Promise<void> {
  if (contacts.length === 0) return;
  await trx
    .insertInto('contacts')
    .values(contacts.map(({ id, firstName, lastName, email, phone }) => ({ id, firstName, lastName, email, phone })))
    .execute();
  await trx.insertInto('vendorContacts').values(contacts.map((c) => ({ vendorId, externalId: c.externalId, contactId: c.id }))).execute();
}

export async function updateContact(trx: Db, contact: Omit<ContactValues, 'externalId'>): Promise<void> {
  const { id, ...values } = contact;
  await trx.updateTable('contacts').set(values).where('id', '=', id).execute();
}

/** Makes the contact's locations at this vendor exactly `locationIds` (each one of the vendor's). */
export async function setContactLocations(trx: Db, vendorId: string, contactId: string, locationIds: readonly string[]): Promise<void> {
  let remove = trx.deleteFrom('contactLocations').where('contactId', '=', contactId).where('vendorId', '=', vendorId);
  if (locationIds.length > 0) remove = remove.where('locationId', 'not in', [...locationIds]);
  await remove.execute();
  if (locationIds.length === 0) return;
  await trx
    .insertInto('contactLocations')
    .values(locationIds.map((locationId) => ({ contactId, vendorId, locationId })))
    .onConflict((oc) => oc.columns(['contactId', 'locationId']).doNothing())
    .execute();
}

// ───────────────────────────── invoices ─────────────────────────────

const invoiceColumns = [
  'id', 'externalId', 'locationId', 'displayInvNum', 'originalAmountCents', 'openAmountCents', 'dueDate', 'invoiceDate',
  'externalInvoiceDate', 'poRefId', 'extra', 'payable', 'deletedAt', 'status', 'createdAt', 'updatedAt',
] as const;

export interface InvoiceRow {
  id: string;
  externalId: string;
  locationId: string;
  displayInvNum: string;
  originalAmountCents: number;
  openAmountCents: number;
  dueDate: Date | string | null;
  invoiceDate: Date | string | null;
  externalInvoiceDate: Date | string | null;
  poRefId: string | null;
  extra: InvoiceExtra;
  payable: boolean;
  deletedAt: Date | null;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

/** `external_id = any($1)`: one array parameter for a batch's 1,000 ids, not 1,000 parameters. */
const anyExternalId = (externalIds: readonly string[]) => sql<boolean>`external_id = any(${[...externalIds]}::text[])`;

/** The vendor's invoices with these external ids, locked for update (in id order) until the batch commits. */
export async function lockInvoicesByExternalId(trx: Db, vendorId: string, externalIds: readonly string[]): Promise<Map<string, InvoiceRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('vendorId', '=', vendorId)
    .where(anyExternalId(externalIds))
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.externalId, r as InvoiceRow]));
}

/** Those of the vendor's invoices with these external ids that have a scheduled payment, with their location. */
export async function scheduledInvoicesByExternalId(db: Db, vendorId: string, externalIds: readonly string[]): Promise<Map<string, { locationId: string; displayInvNum: string }>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices')
    .select(['externalId', 'locationId', 'displayInvNum'])
    .where('vendorId', '=', vendorId)
    .where(anyExternalId(externalIds))
    .where('status', '=', 'scheduled')
    .execute();
  return new Map(rows.map((r) => [r.externalId, { locationId: r.locationId, displayInvNum: r.displayInvNum }]));
}

export interface InvoiceValues {
  externalId: string;
  locationId: string;
  displayInvNum: string;
  originalAmountCents: number;
  openAmountCents: number;
  dueDate: string | null;
  invoiceDate: string | null;
  externalInvoiceDate: string | null;
  poRefId: string | null;
  extra: InvoiceExtra;
  payable: boolean;
  deletedAt: Date | null;
  status: string;
}

/**
 * Inserts the new invoices and updates those that differ, in one statement; answers which external ids were written
 * how. The rows travel as one array per column (`unnest`): 14 parameters for any number of rows, where a multi-row
 * VALUES list would take 16 per row (a 1,000-row statement of 16,000 parameters to send, parse and plan each time).
 */
export async function upsertInvoiceRows(trx: Db, vendorId: string, rows: InvoiceValues[], now: Date) {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: InvoiceValues) => T) => rows.map(pick);
  const { rows: written } = await sql<{ id: string; externalId: string; inserted: boolean }>`
    insert into invoices (vendor_id, location_id, external_id, display_inv_num, original_amount_cents, open_amount_cents, due_date,
                          invoice_date, external_invoice_date, po_ref_id, extra, payable, deleted_at, status, create_type, created_at, updated_at)
    select ${vendorId}::uuid, r.location_id, r.external_id, r.display_inv_num, r.original_amount_cents, r.open_amount_cents, r.due_date,
           r.invoice_date, r.external_invoice_date, r.po_ref_id, r.extra, r.payable, r.deleted_at, r.status, 'API', ${now}::timestamptz, ${now}::timestamptz
      from unnest(${column((r) => r.locationId)}::uuid[], ${column((r) => r.externalId)}::text[], ${column((r) => r.displayInvNum)}::text[],
                  ${column((r) => r.originalAmountCents)}::bigint[], ${column((r) => r.openAmountCents)}::bigint[], ${column((r) => r.dueDate)}::date[],
                  ${column((r) => r.invoiceDate)}::date[], ${column((r) => r.externalInvoiceDate)}::date[], ${column((r) => r.poRefId)}::text[],
                  ${column((r) => JSON.stringify(r.extra))}::jsonb[], ${column((r) => r.payable)}::boolean[], ${column((r) => r.deletedAt)}::timestamptz[],
                  ${column((r) => r.status)}::text[])
        as r(location_id, external_id, display_inv_num, original_amount_cents, open_amount_cents, due_date, invoice_date,
             external_invoice_date, po_ref_id, extra, payable, deleted_at, status)
    on conflict (vendor_id, external_id) do update set
      location_id = excluded.location_id, display_inv_num = excluded.display_inv_num, original_amount_cents = excluded.original_amount_cents,
      open_amount_cents = excluded.open_amount_cents, due_date = excluded.due_date, invoice_date = excluded.invoice_date,
      external_invoice_date = excluded.external_invoice_date, po_ref_id = excluded.po_ref_id, extra = excluded.extra,
      payable = excluded.payable, deleted_at = excluded.deleted_at, status = excluded.status, updated_at = excluded.updated_at
    where (invoices.location_id, invoices.display_inv_num, invoices.original_amount_cents, invoices.open_amount_cents,
           invoices.due_date, invoices.invoice_date, invoices.external_invoice_date, invoices.po_ref_id, invoices.extra,
           invoices.payable, invoices.deleted_at, invoices.status)
          is distinct from
          (excluded.location_id, excluded.display_inv_num, excluded.original_amount_cents, excluded.open_amount_cents,
           excluded.due_date, excluded.invoice_date, excluded.external_invoice_date, excluded.po_ref_id, excluded.extra,
           excluded.payable, excluded.deleted_at, excluded.status)
    returning id, external_id as "externalId", xmax = 0 as inserted`.execute(trx);
  return written;
}

export async function invoiceIdsByExternalId(db: Db, vendorId: string, externalIds: readonly string[]): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db.selectFrom('invoices').select(['id', 'externalId']).where('vendorId', '=', vendorId).where(anyExternalId(externalIds)).execute();
  return new Map(rows.map((r) => [r.externalId, r.id]));
}

/** The vendor's invoice with this external id (the unique key invoices (vendor_id, external_id)). */
export async function invoiceOfVendorByExternalId(db: Db, vendorId: string, externalId: string): Promise<InvoiceRow | undefined> {
  return (await db.selectFrom('invoices').select(invoiceColumns).where('vendorId', '=', vendorId).where('externalId', '=', externalId).executeTakeFirst()) as
    | InvoiceRow
    | undefined;
}

export async function invoiceOfVendor(db: Db, vendorId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  return (await db.selectFrom('invoices').select(invoiceColumns).where('vendorId', '=', vendorId).where('id', '=', invoiceId).executeTakeFirst()) as
    | InvoiceRow
    | undefined;
}

/** What a vendor can filter its invoices by (the contract's `listInvoices`). */
export interface InvoiceFilter {
  locationId?: string;
  externalIds?: readonly string[];
  /** the vendor API's status: open (payable or scheduled), closed (paid outside or in the portal), void */
  status?: 'open' | 'closed' | 'void';
  updatedSince?: Date;
  /** the invoice number begins with this, whatever its case */
  number?: string;
  /** the location's (customer's) name contains this, whatever its case */
  customer?: string;
  /** due on or after / on or before (yyyy-MM-dd) */
  dueFrom?: string;
  dueTo?: string;
}


export async function invoicePage(db: Db, vendorId: string, page: { after?: string; limit: number } & InvoiceFilter): Promise<InvoiceRow[]> {
  let query = db.selectFrom('invoices').select(invoiceColumns).where('vendorId', '=', vendorId);
  if (page.locationId) query = query.where('locationId', '=', page.locationId);
  if (page.externalIds) query = query.where('externalId', 'in', [...page.externalIds]);
  if (page.updatedSince) query = query.where('updatedAt', '>=', page.updatedSince);
  if (page.number) query = query.where(sql<string>`lower(display_inv_num)`, 'like', `${literal(page.number.toLowerCase())}%`);
  if (page.dueFrom) query = query.where('dueDate', '>=', page.dueFrom);
  if (page.dueTo) query = query.where('dueDate', '<=', page.dueTo);
  if (page.customer) {
    const pattern = `%${literal(page.customer)}%`;
    query = query.where('locationId', 'in', (eb) => eb.selectFrom('locations').select('id').where('vendorId', '=', vendorId).where('displayName', 'ilike', pattern));
  }
  if (page.status === 'void') query = query.where('status', '=', 'void');
  else if (page.status === 'closed') query = query.where('deletedAt', 'is not', null).where('status', '<>', 'void');
  else if (page.status === 'open') query = query.where('deletedAt', 'is', null).where('status', '<>', 'void');
  if (page.after) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()) as InvoiceRow[];
}

/** The scheduled payment groups paying any of these invoices of the vendor, with whose they are. */
export async function scheduledGroupsPaying(trx: Db, vendorId: string, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  return trx
    .selectFrom('paymentGroups as g')
    .innerJoin('payments as p', 'p.paymentGroupId', 'g.id')
    .select(['g.id', 'g.contactId', 'g.locationId', 'g.confirmationNumber', 'p.invoiceId'])
    .where('g.vendorId', '=', vendorId)
    .where('g.status', '=', 'scheduled')
    .where('p.invoiceId', 'in', [...invoiceIds])
    .orderBy('g.id')
    .execute();
}

// ───────────────────────────── requests and links ─────────────────────────────

/** The contact when the vendor reaches it (`contactRows`) and it belongs to this location of the vendor. */
export async function contactAtLocation(db: Db, vendorId: string, locationId: string, contactId: string): Promise<ContactRow | undefined> {
  const contact = await contactOfVendor(db, vendorId, contactId);
  return contact && contact.locationIds.includes(locationId) ? contact : undefined;
}

/** The location's invoices with these external ids (id, open or not). */
export async function locationInvoicesByExternalId(db: Db, vendorId: string, locationId: string, externalIds: readonly string[]) {
  if (externalIds.length === 0) return new Map<string, { id: string; payable: boolean; deletedAt: Date | null }>();
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'externalId', 'payable', 'deletedAt'])
    .where('vendorId', '=', vendorId)
    .where('locationId', '=', locationId)
    .where('externalId', 'in', [...externalIds])
    .execute();
  return new Map(rows.map((r) => [r.externalId, { id: r.id, payable: r.payable, deletedAt: r.deletedAt }]));
}

export async function insertRequest(
  trx: Db,
  request: { vendorId: string; locationId: string; contactId: string; type: string; startDate: string | null; invoiceIds: string[]; excludedInvoiceIds: string[]; plan: RequestPlan | null; customerManage: boolean },
): Promise<string> {
  const row = await trx
    .insertInto('requests')
    .values({ ...request, invoiceIds: JSON.stringify(request.invoiceIds), excludedInvoiceIds: JSON.stringify(request.excludedInvoiceIds), plan: request.plan === null ? null : JSON.stringify(request.plan) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
