/** Invoice journeys (`invoice_journeys`): the history of an invoice, newest first on the API. */
import type { Db } from '../db/connect.js';
import { toIsoString } from '../domain/dates.js';

export interface NewJourneyEntry {
  invoiceId: string;
  contactId: string | null;
  action: string;
  detail: string;
  at?: Date;
}

/** Appends journey entries (inside the caller's transaction when `db` is one). */
export async function addJourneyEntries(db: Db, entries: NewJourneyEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('invoiceJourneys')
    .values(
      entries.map((e) => ({
        invoiceId: e.invoiceId,
        contactId: e.contactId,
        action: e.action,
        detail: e.detail,
        ...(e.at ? { updatedAt: e.at } : {}),
      })),
    )
    .execute();
}

/**
 * The journey of one invoice as `contactId` sees it (the caller has checked the invoice's scope), newest first:
 * the contact's own entries and the vendor's (`contact_id` null) — never another contact's at a shared location.
 */
export async function listJourney(db: Db, invoiceId: string, contactId: string) {
  const rows = await db
    .selectFrom('invoiceJourneys')
    .select(['id', 'updatedAt', 'action', 'detail'])
    .where('invoiceId', '=', invoiceId)
    .where((eb) => eb.or([eb('contactId', '=', contactId), eb('contactId', 'is', null)]))
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, updatedAt: toIsoString(r.updatedAt), action: r.action, detail: r.detail ?? '' }));
}

/**
 * The whole journey of one invoice as its vendor sees it (the caller has checked the invoice is the vendor's), newest
 * first: every contact's entries with who they were, and the vendor's own. At most `limit` of them, and whether more are
 * older.
 */
export async function vendorJourney(db: Db, invoiceId: string, limit: number) {
  const rows = await db
    .selectFrom('invoiceJourneys as j')
    .leftJoin('contacts as c', 'c.id', 'j.contactId')
    .select(['j.id', 'j.updatedAt', 'j.action', 'j.detail', 'j.contactId', 'c.firstName', 'c.lastName'])
    .where('j.invoiceId', '=', invoiceId)
    .orderBy('j.updatedAt', 'desc')
    .orderBy('j.id')
    .limit(limit + 1)
    .execute();
  return {
    entries: rows.slice(0, limit).map((r) => ({
      id: r.id,
      at: toIsoString(r.updatedAt),
      action: r.action,
      detail: r.detail ?? '',
      contact: r.contactId ? { id: r.contactId, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() } : null,
    })),
    truncated: rows.length > limit,
  };
}
