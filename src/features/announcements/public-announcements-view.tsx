import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadedTemporal } from '../../../core/rules/temporal-on-demand';
import { selectVisibleAnnouncements } from '../../../machines/announcements/announcements.selectors';
import { createPublicAnnouncements } from '../../../machines/announcements/public-announcements.store';
import { AnnouncementBanners } from './announcement-banners';
import { readDismissed, saveDismissed } from './dismissed-storage';

/** Now in the viewer's zone; Temporal is loaded by the sources with the first dated announcement. */
const viewerNow = () => loadedTemporal()?.Now.zonedDateTimeISO();

/**
 * The banners of a page without the app's announcements (the landing pages): the public file, read without XState or
 * the API client (machines/announcements/public-announcements.store.ts). Always an overlay: the page around it is painted
 * from its HTML before any script, and a late banner must push nothing.
 */
export function PublicAnnouncements() {
  const [store] = useState(() => createPublicAnnouncements({ dismissed: readDismissed(), saveDismissed }));
  useEffect(() => store.start(), [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // Selected on every render, as the app's view does: an announcement whose expiration day ends goes with the next one.
  const items = selectVisibleAnnouncements(snapshot, viewerNow);
  return <AnnouncementBanners items={items} placement="overlay" onDismiss={store.dismiss} />;
}

export default PublicAnnouncements;
