/** Tag `announcements`: global banners and a vendor's banners. */
import type { Handlers } from '../http/api.js';
import { listAnnouncements } from '../repos/announcements.js';
import type { RouteDeps } from './deps.js';

export function announcementHandlers({ db }: RouteDeps): Handlers {
  return {
    async listAnnouncements() {
      return { announcements: await listAnnouncements(db, null) };
    },

    async listVendorAnnouncements(request) {
      const { vendorId } = request.params as { vendorId: string };
      return { announcements: await listAnnouncements(db, vendorId) };
    },
  };
}
