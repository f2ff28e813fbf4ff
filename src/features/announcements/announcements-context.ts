import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { announcementsMachine } from '../../../machines/announcements/announcements.machine';

export type AnnouncementsRef = ActorRefFrom<typeof announcementsMachine>;

/**
 * The app-level announcements actor (provided by the app services). In a module of its own, with types only from
 * XState: the landing layout asks whether there is one without loading the chart.
 */
export const AnnouncementsContext = createContext<AnnouncementsRef | null>(null);
