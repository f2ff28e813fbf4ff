/** Actors of the console's announcements: the vendor's banners listed, written (by the vendor's own id) and removed. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type VendorAnnouncement = components['schemas']['VendorAnnouncement'];
export type AnnouncementInput = components['schemas']['AnnouncementInput'];

export const loadAnnouncements = fromPromise<VendorAnnouncement[]>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/announcements')).announcements;
  } catch (error) {
    throw networkError(error);
  }
});

export const saveAnnouncement = fromPromise<VendorAnnouncement, { announcement: AnnouncementInput; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.POST('/announcements', { headers: { 'Idempotency-Key': input.idempotencyKey }, body: input.announcement })).announcement;
  } catch (error) {
    throw networkError(error);
  }
});

/** Removes one by its portal id (one written before the vendor API has no externalId). */
export const removeAnnouncement = fromPromise<void, { id: string }>(async ({ input }) => {
  try {
    const result = await vendorApi.DELETE('/announcements', { params: { query: { id: input.id } } });
    if (!result.response.ok) unwrapConsole(result);
  } catch (error) {
    throw networkError(error);
  }
});
