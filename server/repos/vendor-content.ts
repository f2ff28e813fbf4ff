/**
 * The vendor's content as the vendor API reads and writes it: its announcements, its statement-page ads, its template
 * messages (each matched by the vendor's own id, `external_id`, unique per vendor) and the images the portal serves
 * for it (`vendor_images`: its logo and its ads). Every function takes the vendor's id and filters by it. Rows in,
 * rows out: which write is a create, an update or no change is decided here only as the database answers it
 * (`xmax = 0` for an insert); the rules are the use cases' (server/use-cases/vendor-content.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { json } from '../db/json.js';
import type { AnnouncementType, Person, VendorImageType } from '../db/schema.js';

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

/** A record named by the vendor's own id, or by the portal's (one written before the vendor API has no externalId). */
export type RecordKey = { externalId: string } | { id: string };

// ───────────────────────────── announcements ─────────────────────────────

const announcementColumns = ['id', 'externalId', 'type', 'message', 'expirationDate', 'createdAt'] as const;

export interface AnnouncementRow {
  id: string;
  externalId: string | null;
  type: AnnouncementType;
  message: string;
  expirationDate: string | null;
  createdAt: Date;
}

/** The vendor's own announcements (not the global ones), oldest first — the portal's order. */
export async function vendorAnnouncements(db: Db, vendorId: string): Promise<AnnouncementRow[]> {
  return db.selectFrom('announcements').select(announcementColumns).where('vendorId', '=', vendorId).orderBy('createdAt').orderBy('id').execute();
}

export async function countAnnouncements(db: Db, vendorId: string): Promise<number> {
  const row = await db.selectFrom('announcements').select((eb) => eb.fn.countAll<string>().as('n')).where('vendorId', '=', vendorId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function announcementByExternalId(db: Db, vendorId: string, externalId: string): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').select(announcementColumns).where('vendorId', '=', vendorId).where('externalId', '=', externalId).executeTakeFirst();
}

/** Inserts the announcement, or updates it when it differs; answers what happened and the row as it is now. */
export async function upsertAnnouncementRow(
  trx: Db,
  vendorId: string,
  externalId: string,
  values: { type: AnnouncementType; message: string; expirationDate: string | null },
): Promise<{ outcome: WriteOutcome; row: AnnouncementRow }> {
  const written = await trx
    .insertInto('announcements')
    .values({ vendorId, externalId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['vendorId', 'externalId'])
        .where('externalId', 'is not', null)
        .doUpdateSet((eb) => ({ type: eb.ref('excluded.type'), message: eb.ref('excluded.message'), expirationDate: eb.ref('excluded.expirationDate') }))
        .where(sql<boolean>`(announcements.type, announcements.message, announcements.expiration_date) is distinct from (excluded.type, excluded.message, excluded.expiration_date)`),
    )
    .returning([...announcementColumns, sql<boolean>`xmax = 0`.as('inserted')])
    .executeTakeFirst();
  if (written) {
    const { inserted, ...row } = written;
    return { outcome: inserted ? 'created' : 'updated', row };
  }
  return { outcome: 'unchanged', row: (await announcementByExternalId(trx, vendorId, externalId))! };
}

/** Deletes the vendor's announcement; false when it has none by that id. */
export async function deleteAnnouncementRow(trx: Db, vendorId: string, key: RecordKey): Promise<boolean> {
  const query = trx.deleteFrom('announcements').where('vendorId', '=', vendorId);
  const deleted = await ('id' in key ? query.where('id', '=', key.id) : query.where('externalId', '=', key.externalId)).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

// ───────────────────────────── ads ─────────────────────────────

const adColumns = ['fileId', 'externalId', 'fileUrl', 'clickUrl', 'sortOrder', 'duration'] as const;

export interface AdRow {
  fileId: string;
  externalId: string | null;
  fileUrl: string;
  clickUrl: string | null;
  sortOrder: number;
  duration: number;
}

/** The vendor's ads in the portal's order (order, then id). */
export async function vendorAds(db: Db, vendorId: string): Promise<AdRow[]> {
  return db.selectFrom('ads').select(adColumns).where('vendorId', '=', vendorId).orderBy('sortOrder').orderBy('fileId').execute();
}

export async function adByExternalId(db: Db, vendorId: string, externalId: string): Promise<AdRow | undefined> {
  return db.selectFrom('ads').select(adColumns).where('vendorId', '=', vendorId).where('externalId', '=', externalId).executeTakeFirst();
}

export async function countAds(db: Db, vendorId: string): Promise<number> {
  const row = await db.selectFrom('ads').select((eb) => eb.fn.countAll<string>().as('n')).where('vendorId', '=', vendorId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function upsertAdRow(
  trx: Db,
  vendorId: string,
  externalId: string,
  values: { fileUrl: string; clickUrl: string | null; sortOrder: number; duration: number },
): Promise<{ outcome: WriteOutcome; row: AdRow }> {
  const written = await trx
    .insertInto('ads')
    .values({ vendorId, externalId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['vendorId', 'externalId'])
        .where('externalId', 'is not', null)
        .doUpdateSet((eb) => ({
          fileUrl: eb.ref('excluded.fileUrl'),
          clickUrl: eb.ref('excluded.clickUrl'),
          sortOrder: eb.ref('excluded.sortOrder'),
          duration: eb.ref('excluded.duration'),
        }))
        .where(sql<boolean>`(ads.file_url, ads.click_url, ads.sort_order, ads.duration) is distinct from (excluded.file_url, excluded.click_url, excluded.sort_order, excluded.duration)`),
    )
    .returning([...adColumns, sql<boolean>`xmax = 0`.as('inserted')])
    .executeTakeFirst();
  if (written) {
    const { inserted, ...row } = written;
    return { outcome: inserted ? 'created' : 'updated', row };
  }
  return { outcome: 'unchanged', row: (await adByExternalId(trx, vendorId, externalId))! };
}

export async function deleteAdRow(trx: Db, vendorId: string, key: RecordKey): Promise<boolean> {
  const query = trx.deleteFrom('ads').where('vendorId', '=', vendorId);
  const deleted = await ('id' in key ? query.where('fileId', '=', key.id) : query.where('externalId', '=', key.externalId)).returning('fileId').executeTakeFirst();
  return deleted !== undefined;
}

// ───────────────────────────── images ─────────────────────────────

/** Keeps the image (the same bytes uploaded again are the row already there). */
export async function insertVendorImage(
  trx: Db,
  image: { vendorId: string; sha256: string; contentType: VendorImageType; content: Uint8Array; path: string },
): Promise<void> {
  await trx.insertInto('vendorImages').values(image).onConflict((oc) => oc.columns(['vendorId', 'sha256']).doNothing()).execute();
}

/** Deletes the vendor's images that neither its logo nor any of its ads shows any more. */
export async function deleteUnusedVendorImages(trx: Db, vendorId: string): Promise<void> {
  await trx
    .deleteFrom('vendorImages as vi')
    .where('vi.vendorId', '=', vendorId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ads as a').select('a.fileId').where('a.vendorId', '=', vendorId).whereRef('a.fileUrl', '=', 'vi.path'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('vendors as v').select('v.id').where('v.id', '=', vendorId).where(sql<boolean>`v.config->>'logoUrl' = vi.path`))),
    )
    .execute();
}

/** An image to serve: the vendor's, by its hash. */
export async function vendorImage(db: Db, vendorId: string, sha256: string) {
  return db.selectFrom('vendorImages').select(['contentType', 'content', 'path']).where('vendorId', '=', vendorId).where('sha256', '=', sha256).executeTakeFirst();
}

// ───────────────────────────── template messages ─────────────────────────────

const messageColumns = ['id', 'externalId', 'contactId', 'locationId', 'subject', 'richContent', 'fromPerson', 'invoiceIds', 'createdAt'] as const;

export interface TemplateMessageRow {
  id: string;
  externalId: string | null;
  contactId: string;
  locationId: string;
  subject: string;
  richContent: unknown;
  fromPerson: Person | null;
  invoiceIds: string[];
  createdAt: Date;
}

export interface TemplateMessageValues {
  externalId: string;
  contactId: string;
  locationId: string;
  subject: string;
  richContent: unknown;
  fromPerson: Person;
  toPerson: Person;
  invoiceIds: string[];
}

/** Inserts the message unless the vendor already has one by that externalId; answers the new row, or undefined. */
export async function insertTemplateMessage(trx: Db, vendorId: string, values: TemplateMessageValues): Promise<TemplateMessageRow | undefined> {
  return trx
    .insertInto('templateMessages')
    .values({
      vendorId,
      externalId: values.externalId,
      contactId: values.contactId,
      locationId: values.locationId,
      subject: values.subject,
      richContent: json(values.richContent),
      fromPerson: json(values.fromPerson),
      toPerson: json(values.toPerson),
      invoiceIds: json(values.invoiceIds),
    })
    .onConflict((oc) => oc.columns(['vendorId', 'externalId']).where('externalId', 'is not', null).doNothing())
    .returning(messageColumns)
    .executeTakeFirst();
}

export async function templateMessageByExternalId(db: Db, vendorId: string, externalId: string): Promise<TemplateMessageRow | undefined> {
  return db.selectFrom('templateMessages').select(messageColumns).where('vendorId', '=', vendorId).where('externalId', '=', externalId).executeTakeFirst();
}

export async function templateMessagePage(db: Db, vendorId: string, page: { after?: string; limit: number; contactId?: string }): Promise<TemplateMessageRow[]> {
  let query = db.selectFrom('templateMessages').select(messageColumns).where('vendorId', '=', vendorId);
  if (page.contactId) query = query.where('contactId', '=', page.contactId);
  if (page.after) query = query.where('id', '>', page.after);
  return query.orderBy('id').limit(page.limit).execute();
}

export async function deleteTemplateMessageRow(trx: Db, vendorId: string, key: RecordKey): Promise<boolean> {
  const query = trx.deleteFrom('templateMessages').where('vendorId', '=', vendorId);
  const deleted = await ('id' in key ? query.where('id', '=', key.id) : query.where('externalId', '=', key.externalId)).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

/** The external ids of the vendor's invoices by id (those that still exist). */
export async function invoiceExternalIds(db: Db, vendorId: string, invoiceIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(invoiceIds)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('invoices').select(['id', 'externalId']).where('vendorId', '=', vendorId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.externalId]));
}
