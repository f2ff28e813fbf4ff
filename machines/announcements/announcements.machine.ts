import { assign, setup } from 'xstate';
import { loadAnnouncements, type Announcement, type AnnouncementsInput } from './announcements.actors';
import { canDismissAnnouncement } from './announcements.guards';

export interface AnnouncementsContext {
  source: AnnouncementsInput;
  announcements: Announcement[];
  /** Ids dismissed in this browser session (restored from session storage via input). */
  dismissed: string[];
}

export type AnnouncementsEvent =
  | { type: 'announcement.dismiss'; id: string }
  | { type: 'announcements.refresh'; source: AnnouncementsInput };

export interface AnnouncementsMachineInput {
  source: AnnouncementsInput;
  dismissed?: string[];
}

/**
 * Announcement banners: loading (three sources, failures ignored) → ready. In ready a
 * dismissible announcement can be dismissed; the dismissed ids are saved for the browser session
 * by the provided `saveDismissed` action. A change of token or vendor refreshes the list.
 */
export const announcementsMachine = setup({
  types: {} as { context: AnnouncementsContext; events: AnnouncementsEvent; input: AnnouncementsMachineInput },
  actors: { loadAnnouncements },
  guards: {
    canDismiss: ({ context, event }) => event.type === 'announcement.dismiss' && canDismissAnnouncement(context, event.id),
  },
  actions: {
    dismiss: assign({ dismissed: ({ context, event }) => (event.type === 'announcement.dismiss' ? [...context.dismissed, event.id] : context.dismissed) }),
    /** Provided: writes the dismissed ids to session storage. */
    saveDismissed: (_, _params: { dismissed: string[] }) => {},
  },
}).createMachine({
  id: 'announcements',
  context: ({ input }) => ({ source: input.source, announcements: [], dismissed: input.dismissed ?? [] }),
  initial: 'loading',
  on: {
    'announcements.refresh': { target: '.loading', actions: assign({ source: ({ event }) => event.source }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadAnnouncements',
        src: 'loadAnnouncements',
        input: ({ context }) => context.source,
        onDone: { target: 'ready', actions: assign({ announcements: ({ event }) => event.output }) },
        // The actor already swallows source failures; an unexpected one still just shows nothing.
        onError: { target: 'ready', actions: assign({ announcements: [] }) },
      },
    },
    ready: {
      on: {
        'announcement.dismiss': {
          guard: 'canDismiss',
          actions: ['dismiss', { type: 'saveDismissed', params: ({ context }) => ({ dismissed: context.dismissed }) }],
        },
      },
    },
  },
});
