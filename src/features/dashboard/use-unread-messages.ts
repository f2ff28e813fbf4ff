import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useSettlingEffect } from '../../ui/settling-effect';
import { connectUnreadMessages } from '../../../machines/messages/unread-messages.connect';
import { unreadMessagesMachine } from '../../../machines/messages/unread-messages.machine';

/**
 * The MESSAGES tile's badge (`connectUnreadMessages`): once the location (and its `hasUnreadMessages`) is known, the
 * machine counts the unread messages — only when there are some. `undefined` while the location loads.
 */
export function useUnreadMessages(vendorId: string, locationId: string, hasUnreadMessages: boolean | undefined): number | 'new' | null {
  const actor = useActorRef(unreadMessagesMachine, { input: { vendorId, locationId } });
  const snapshot = useSelector(actor, (s) => s);
  const view = useMemo(() => connectUnreadMessages(snapshot, actor.send), [snapshot, actor]);
  // The location is told once per flag it reports, not again with every count the machine reaches.
  const viewRef = useRef(view);
  viewRef.current = view;
  // A settling effect: the server's render of the dashboard's first screen runs it too, so the count it paints (and
  // carries in the page) is the one the browser's hydrated page shows, with no request after arrival.
  useSettlingEffect(() => {
    if (hasUnreadMessages !== undefined) viewRef.current.locationKnown(hasUnreadMessages);
  }, [actor, hasUnreadMessages]);
  return view.badge;
}
