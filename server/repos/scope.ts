/**
 * The contact's scope: the vendors and locations listed for it in `contact_locations`, narrowed to ONE vendor when
 * the token was issued by or for a vendor (`tokens.vendor_id`: a vendor's login link, a request, a reminder, a
 * statement or receipt e-mail). A vendor never holds a bearer token that reaches another vendor's part of a person
 * who is a customer of both (docs/vendor-integration.md, "Tenancy"). Only a link the person asked for with their own address (the landing
 * page, `npm run link`) reaches every vendor of theirs.
 *
 * The request path checks the same rule in SQL, in the token's own statement (`AUTH_SQL`, server/db/tokens.ts).
 */
import type { Db } from '../db/connect.js';

/** Who a token lets in: its contact, and the one vendor it is bound to, or null for all of the contact's vendors. */
export interface Reach {
  contactId: string;
  vendorId: string | null;
}

/** True when the token's reach includes this vendor. */
export function reachIncludesVendor(reach: Reach, vendorId: string): boolean {
  return reach.vendorId === null || reach.vendorId === vendorId;
}

export async function contactHasVendor(db: Db, reach: Reach, vendorId: string): Promise<boolean> {
  if (!reachIncludesVendor(reach, vendorId)) return false;
  const row = await db
    .selectFrom('contactLocations')
    .select('locationId')
    .where('contactId', '=', reach.contactId)
    .where('vendorId', '=', vendorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The location belongs to the contact AND to that vendor when one is given (checked against `locations`, not only the link row). */
export async function contactHasLocation(db: Db, reach: Reach, vendorId: string | null, locationId: string): Promise<boolean> {
  if (vendorId !== null && !reachIncludesVendor(reach, vendorId)) return false;
  let query = db
    .selectFrom('contactLocations as cl')
    .innerJoin('locations as l', 'l.id', 'cl.locationId')
    .select('cl.locationId')
    .where('cl.contactId', '=', reach.contactId)
    .where('cl.locationId', '=', locationId);
  if (vendorId !== null) query = query.where('cl.vendorId', '=', vendorId).where('l.vendorId', '=', vendorId);
  if (reach.vendorId !== null) query = query.where('cl.vendorId', '=', reach.vendorId).where('l.vendorId', '=', reach.vendorId);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}
