/** A vendor's own row, as the vendor API reads it. */
import type { Db } from '../db/connect.js';

export async function vendorSettings(db: Db, vendorId: string) {
  return db.selectFrom('vendors').select(['id', 'name', 'displayName', 'eodCutoff']).where('id', '=', vendorId).executeTakeFirst();
}
