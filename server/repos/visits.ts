/** Dashboard visits. */
import type { Db } from '../db/connect.js';

export async function recordVisit(db: Db, contactId: string, vendorId: string, locationId: string): Promise<void> {
  await db.insertInto('visits').values({ contactId, vendorId, locationId }).execute();
}
