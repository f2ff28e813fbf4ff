import { defineMachine } from '../registry-entry';
import { modelVendorId } from '../dashboard/dashboard.model';
import { announcementsMachine } from './announcements.machine';
import { announcementsModelEvents } from './announcements.model';

export const announcementsEntry = defineMachine({
  machine: announcementsMachine,
  input: { source: { authenticated: true, vendorId: modelVendorId }, dismissed: [] },
  events: announcementsModelEvents,
  purpose: 'Announcement banners and their dismissal',
  feature: 'Dashboard',
});
