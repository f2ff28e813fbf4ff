/** Announcement banners: global (`vendor_id` null) and per vendor. Expired ones are answered too (the SPA hides them). */
import type { Db } from '../db/connect.js';
import type { Announcement } from '../db/schema.js';
import { toDateString } from '../domain/dates.js';

export function toApiAnnouncement(row: Announcement) {
  return { id: row.id, type: row.type, message: row.message, expirationDate: toDateString(row.expirationDate) };
}

export async function listAnnouncements(db: Db, vendorId: string | null) {
  const query = db.selectFrom('announcements').selectAll();
  const rows = await (vendorId === null ? query.where('vendorId', 'is', null) : query.where('vendorId', '=', vendorId))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toApiAnnouncement);
}
