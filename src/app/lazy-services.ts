/**
 * The app-wide actors (navigation history, persisted store, unauthorised handler, app-level announcements) live in
 * `app-services.tsx`, which brings XState. The public pages (landing, vendor landing, not-found) need none of them, so
 * that module loads only with the first page that does — in parallel with that page's own chunk (the route loaders
 * call `loadAppServices()`), or, for a page rendered another way, by the root layout itself (nothing enters
 * the landing page's JavaScript that its first interaction does not need).
 */
import { useSyncExternalStore } from 'react';

export type AppServicesModule = typeof import('./app-services');

let loaded: AppServicesModule | null = null;
let loading: Promise<AppServicesModule> | null = null;
const listeners = new Set<() => void>();

/** Loads the app-services module once; a failed load may be retried. */
export function loadAppServices(): Promise<AppServicesModule> {
  loading ??= import('./app-services').then(
    (module) => {
      loaded = module;
      for (const listener of [...listeners]) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const current = () => loaded;

/** The app-services module once it is loaded, else null (re-renders when it arrives). */
export function useAppServicesModule(): AppServicesModule | null {
  return useSyncExternalStore(subscribe, current, current);
}

/** Paths of the pages that run without the app-wide actors (the prerendered landing pages and the not-found page). */
const PUBLIC_PATHS = new Set(['/', '/performancefoodservice', '/404']);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.replace(/(.)\/+$/, '$1'));
}
