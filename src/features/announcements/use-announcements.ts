import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useMemo, useRef } from 'react';
import type { Temporal } from 'temporal-polyfill';
import { loadedTemporal } from '../../../core/rules/temporal-on-demand';
import { AnnouncementsContext, type AnnouncementsRef } from './announcements-context';
import type { AnnouncementsInput } from '../../../machines/announcements/announcements.actors';
import { announcementsMachine } from '../../../machines/announcements/announcements.machine';
import { connectAnnouncements, type AnnouncementsApi } from '../../../machines/announcements/announcements.connect';
import { selectAnnouncementsSettled } from '../../../machines/announcements/announcements.selectors';
import { readDismissed, saveDismissed } from './dismissed-storage';

export type { AnnouncementsRef };

/**
 * Runs the announcements machine for the given source; a change of source (token or vendor)
 * refreshes the list. Dismissals go to session storage.
 */
export function useAnnouncementsActor(source: AnnouncementsInput): AnnouncementsRef {
  const logic = useMemo(
    () =>
      announcementsMachine.provide({
        actions: {
          saveDismissed: (_, params: { dismissed: string[] }) => saveDismissed(params.dismissed),
        },
      }),
    [],
  );
  const actorRef = useActorRef(logic, { input: { source, dismissed: readDismissed() } });
  // An actor hydrated from the server's snapshot (src/app/hydration-state.ts) knows nothing of this browser's
  // dismissals: they are made again once it runs (the server painted those banners; they go as the page is taken over).
  useEffect(() => {
    const known = actorRef.getSnapshot().context.dismissed;
    for (const id of readDismissed()) if (!known.includes(id)) actorRef.send({ type: 'announcement.dismiss', id });
  }, [actorRef]);
  const last = useRef(source);
  useEffect(() => {
    if (last.current.authenticated === source.authenticated && last.current.vendorId === source.vendorId) return;
    last.current = source;
    actorRef.send({ type: 'announcements.refresh', source });
  }, [actorRef, source]);
  return actorRef;
}

/**
 * The visible banners of an announcements actor, and Dismiss (`connectAnnouncements`). Connected on every render, not
 * once per snapshot: an announcement whose expiration day ends while the page is open goes with the next render.
 */
export function useAnnouncementsView(actorRef: AnnouncementsRef, now: () => Temporal.ZonedDateTime | undefined = viewerNow): AnnouncementsApi {
  const snapshot = useSelector(actorRef, (s) => s);
  return connectAnnouncements(snapshot, actorRef.send, { now });
}

/** Now in the viewer's zone; Temporal is loaded by the announcements actor with the first dated announcement. */
function viewerNow(): Temporal.ZonedDateTime | undefined {
  return loadedTemporal()?.Now.zonedDateTimeISO();
}

export function useAppAnnouncements(): AnnouncementsRef | null {
  return useContext(AnnouncementsContext);
}

/**
 * True once the app-level announcements are known (loaded, or failed and ignored): the shell shows the page below them
 * only then (or after a short wait), so banners never push content the user has already seen. True without an app
 * actor (nothing to wait for).
 */
export function useAnnouncementsSettled(): boolean {
  const actor = useAppAnnouncements();
  // through `useSelector` like every other read of an actor, so the frame decides with the same snapshot its
  // announcements render (src/app/xstate-react-client.ts)
  return useSelector(actor ?? undefined, (snapshot) => (snapshot ? selectAnnouncementsSettled(snapshot) : true));
}
