import { useMemo } from 'react';
import { AnnouncementBanners, type AnnouncementsPlacement } from './announcement-banners';
import { useAnnouncementsActor, useAnnouncementsView, useAppAnnouncements, type AnnouncementsRef } from './use-announcements';

function AnnouncementList({ actorRef, placement }: { actorRef: AnnouncementsRef; placement: AnnouncementsPlacement }) {
  const { items, dismiss } = useAnnouncementsView(actorRef);
  return <AnnouncementBanners items={items} placement={placement} onDismiss={dismiss} />;
}

/** Outside the app (a page rendered on its own): a private actor on the public file and, with a token, the API. */
function StandaloneAnnouncements() {
  const source = useMemo(() => ({ authenticated: false, vendorId: null }), []);
  const actorRef = useAnnouncementsActor(source);
  // The page around it is already painted (the landing page's HTML is there before any script): never push it.
  return <AnnouncementList actorRef={actorRef} placement="overlay" />;
}

/**
 * Announcement banners (spec §1, §4): error ones red and not dismissible, others blue with a
 * dismiss button. Renders the app-level announcements (root layout); render once per page frame. An overlay unless the
 * caller holds its page until they are known (the shell frame passes `flow`); outside the app (no app actor) always an
 * overlay: no layout shift on pages painted before they load (the prerendered landing pages).
 */
export function Announcements({ placement = 'overlay' }: { placement?: AnnouncementsPlacement } = {}) {
  const appActor = useAppAnnouncements();
  return appActor ? <AnnouncementList actorRef={appActor} placement={placement} /> : <StandaloneAnnouncements />;
}

export default Announcements;
