import { defineMachine } from '../registry-entry';
import { consoleAnnouncementsMachine } from './console-announcements.machine';
import { announcementsModelInput, consoleAnnouncementsModelEvents } from './console-announcements.model';

export const consoleAnnouncementsEntry = defineMachine({
  machine: consoleAnnouncementsMachine,
  events: consoleAnnouncementsModelEvents,
  input: announcementsModelInput,
  purpose: 'Console Content — announcements: the banners on the customer’s pages, listed; add one (blue or red, expiring on a day or not), change one, remove one after a confirmation',
  feature: 'Vendor console',
});
