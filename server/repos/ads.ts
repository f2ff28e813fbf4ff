/**
 * Vendor advertisements on the statement page (portal-recurring.md §3 Ad, §4 rotation and impressions, §7): the
 * vendor's ads keyed by fileId, and impressions and clicks recorded per ad, contact and location (`ad_events`).
 * Images are files the portal serves itself (`public/static/ads/`, same origin: the CSP allows `img-src 'self'`).
 * URLs pass the one URL rule (`core/rules/safe-url.ts`: http(s) or site-relative): an ad whose image URL fails it
 * is not served (there is nothing to show), a click URL that fails it is answered as null (the image shows, not
 * clickable, no impressions recorded).
 */
import { safeUrl } from '../../core/rules/safe-url.js';
import type { Db } from '../db/connect.js';

export async function listAdvertisements(db: Db, vendorId: string) {
  const rows = await db
    .selectFrom('ads')
    .select(['fileId', 'fileUrl', 'clickUrl', 'sortOrder', 'duration'])
    .where('vendorId', '=', vendorId)
    .orderBy('sortOrder')
    .orderBy('fileId')
    .execute();
  const advertisements: Record<string, { fileId: string; fileUrl: string; clickUrl: string | null; order: number; duration: number }> = {};
  for (const row of rows) {
    const fileUrl = safeUrl(row.fileUrl);
    if (fileUrl === null) continue;
    advertisements[row.fileId] = { fileId: row.fileId, fileUrl, clickUrl: safeUrl(row.clickUrl), order: row.sortOrder, duration: row.duration };
  }
  return { advertisements };
}

/**
 * Records an impression or a click. 'not_found' when the ad is not the vendor's or the location is not one of the
 * contact's locations of that vendor (nothing written).
 */
export async function recordAdEvent(
  db: Db,
  input: { kind: 'impression' | 'click'; vendorId: string; fileId: string; contactId: string; locationId: string; displayPage: string; userTimezone: string },
): Promise<'recorded' | 'not_found'> {
  const inserted = await db
    .insertInto('adEvents')
    .columns(['fileId', 'kind', 'contactId', 'locationId', 'displayPage', 'userTimezone'])
    .expression((eb) =>
      eb
        .selectFrom('ads as a')
        .innerJoin('contactLocations as cl', (join) => join.onRef('cl.vendorId', '=', 'a.vendorId'))
        .select([
          'a.fileId',
          eb.val(input.kind).as('kind'),
          'cl.contactId',
          'cl.locationId',
          eb.val(input.displayPage).as('displayPage'),
          eb.val(input.userTimezone).as('userTimezone'),
        ])
        .where('a.fileId', '=', input.fileId)
        .where('a.vendorId', '=', input.vendorId)
        .where('cl.contactId', '=', input.contactId)
        .where('cl.locationId', '=', input.locationId),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 'recorded' : 'not_found';
}
