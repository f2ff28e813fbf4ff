import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectUnreadBadge } from '../../../machines/messages/messages.selectors';
import { unreadMessagesMachine } from '../../../machines/messages/unread-messages.machine';

/**
 * The MESSAGES tile's badge: once the location (and its `hasUnreadMessages`) is known, the machine counts
 * the unread messages — only when there are some. `undefined` while the location loads.
 */
export function useUnreadMessages(vendorId: string, locationId: string, hasUnreadMessages: boolean | undefined): number | 'new' | null {
  const actor = useActorRef(unreadMessagesMachine, { input: { vendorId, locationId } });
  useEffect(() => {
    if (hasUnreadMessages !== undefined) actor.send({ type: 'unread.location', hasUnreadMessages });
  }, [actor, hasUnreadMessages]);
  return useSelector(actor, selectUnreadBadge);
}
