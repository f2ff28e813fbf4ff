/** The contact's scope: the vendors and locations listed for it in `contact_locations`. */
import type { Db } from '../db/connect.js';

export async function contactHasVendor(db: Db, contactId: string, vendorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contactLocations')
    .select('locationId')
    .where('contactId', '=', contactId)
    .where('vendorId', '=', vendorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The location belongs to the contact AND to that vendor when one is given (checked against `locations`, not only the link row). */
export async function contactHasLocation(
  db: Db,
  contactId: string,
  vendorId: string | null,
  locationId: string,
): Promise<boolean> {
  let query = db
    .selectFrom('contactLocations as cl')
    .innerJoin('locations as l', 'l.id', 'cl.locationId')
    .select('cl.locationId')
    .where('cl.contactId', '=', contactId)
    .where('cl.locationId', '=', locationId);
  if (vendorId !== null) query = query.where('cl.vendorId', '=', vendorId).where('l.vendorId', '=', vendorId);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}
