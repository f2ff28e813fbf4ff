import type { SnapshotFrom } from 'xstate';
import { selectUnreadBadge } from './messages.selectors';
import type { UnreadMessagesEvent, unreadMessagesMachine } from './unread-messages.machine';

/**
 * The MESSAGES tile's unread count (zag's `connect(state, send)`): the badge (a count, `'new'` when only the
 * location's flag is known, null when nothing is unread) and the one intent, telling the chart what the location says
 * once it is known. Pure, no React.
 */
export function connectUnreadMessages(
  snapshot: Pick<SnapshotFrom<typeof unreadMessagesMachine>, 'context' | 'matches'>,
  send: (event: UnreadMessagesEvent) => void,
) {
  return {
    badge: selectUnreadBadge(snapshot),
    locationKnown: (hasUnreadMessages: boolean) => send({ type: 'unread.location', hasUnreadMessages }),
  };
}

export type UnreadMessagesApi = ReturnType<typeof connectUnreadMessages>;
