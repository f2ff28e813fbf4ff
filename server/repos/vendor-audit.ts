/** `vendor_audit_events` (migration 0032): the append-only record of every change made through the vendor API. */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { VendorAuditEventsTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type AuditEventRow = Selectable<VendorAuditEventsTable>;

export async function insertAuditEvent(db: Db, event: Insertable<VendorAuditEventsTable>): Promise<void> {
  await db.insertInto('vendorAuditEvents').values(event).execute();
}

export interface AuditFilter {
  actorId?: string;
  action?: string[];
  since?: Date;
  until?: Date;
}

/** The vendor's events, newest first, older than `before` (a sequence number) — `read` rows. */
export async function auditEvents(db: Db, vendorId: string, filter: AuditFilter, before: string | undefined, read: number): Promise<AuditEventRow[]> {
  let query = db.selectFrom('vendorAuditEvents').selectAll().where('vendorId', '=', vendorId);
  if (filter.actorId !== undefined) query = query.where('actorId', '=', filter.actorId);
  if (filter.action !== undefined && filter.action.length > 0) query = query.where('action', 'in', filter.action);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('at', '<', filter.until);
  if (before !== undefined) query = query.where('seq', '<', sql<string>`${before}::bigint`);
  return query.orderBy('seq', 'desc').limit(read).execute();
}
