import { assign, setup } from 'xstate';
import { loadUnreadCount, type LocationInput } from './messages.actors';

export interface UnreadMessagesContext {
  input: LocationInput;
  count: number;
}

/** The location became known: its `hasUnreadMessages` (from the locations list). */
export type UnreadMessagesEvent = { type: 'unread.location'; hasUnreadMessages: boolean };

/**
 * The MESSAGES tile's unread count. Once the location is known, and only when it says it
 * `hasUnreadMessages`, the unread messages are counted (`contactNotRead=true`): waiting → none | loading → loaded |
 * failed. Without unread messages no call is made. A failed count falls back to the flag alone (the tile says "New"
 * without a number); it never blocks the dashboard.
 */
export const unreadMessagesMachine = setup({
  types: {} as { context: UnreadMessagesContext; events: UnreadMessagesEvent; input: LocationInput },
  actors: { loadUnreadCount },
}).createMachine({
  id: 'unreadMessages',
  context: ({ input }) => ({ input, count: 0 }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'unread.location': [{ guard: ({ event }) => event.hasUnreadMessages, target: 'loading' }, { target: 'none' }],
      },
    },
    none: { type: 'final' },
    loading: {
      invoke: {
        id: 'loadUnreadCount',
        src: 'loadUnreadCount',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: assign({ count: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: { type: 'final' },
    failed: { type: 'final' },
  },
});
