/** Loads the three announcement sources (spec §7, announcements-sources.actors.ts) as the chart's actor. */
import { fromPromise } from 'xstate';
import { fetchAnnouncements, type Announcement, type AnnouncementsInput } from './announcements-sources.actors';

export type { Announcement, AnnouncementsInput } from './announcements-sources.actors';
export { announcementsOf, fetchAnnouncements, mergeAnnouncements, PUBLIC_ANNOUNCEMENTS_PATH } from './announcements-sources.actors';

export const loadAnnouncements = fromPromise<Announcement[], AnnouncementsInput>(({ input, signal }) => fetchAnnouncements(input, signal));
