import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { navigationMachine, type NavigationContext } from '../../machines/navigation/navigation.machine';
import { isEmptyPersisted, parsePersisted, persistedMachine, PERSISTED_STORE_KEY, type PersistedState } from '../../machines/persisted/persisted.machine';
import { unauthorizedMachine } from '../../machines/unauthorized/unauthorized.machine';
import type { AnnouncementsInput } from '../../machines/announcements/announcements.actors';
import { AnnouncementsContext } from '../features/announcements/announcements-context';
import { useAnnouncementsActor } from '../features/announcements/use-announcements';

/** Session storage key of the navigation history. */
export const NAVIGATION_HISTORY_KEY = 'navigation.history';

export interface AppServices {
  navigation: ActorRefFrom<typeof navigationMachine>;
  persisted: ActorRefFrom<typeof persistedMachine>;
  /** Told when a 401/403 clears the session (the token area's replay actor clears its saved actions, `replay-scope.tsx`). */
  sessionCleared: SessionCleared;
}

export interface SessionCleared {
  subscribe(listener: () => void): () => void;
  notify(): void;
}

function createSessionCleared(): SessionCleared {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices outside the root layout');
  return services;
}


function readJson<T>(storage: () => Storage, key: string): T | null {
  try {
    const raw = storage().getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function isHistory(value: unknown): value is NavigationContext {
  return !!value && typeof value === 'object' && Array.isArray((value as NavigationContext).visited);
}

/**
 * The app-wide actors: navigation history (session storage), persisted store (local storage,
 * version 1) and the unauthorised handler listening to the API client.
 */
export function useAppServicesActors(): AppServices {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const navigationLogic = useMemo(
    () =>
      navigationMachine.provide({
        actions: {
          save: (_, history: NavigationContext) => {
            try {
              sessionStorage.setItem(NAVIGATION_HISTORY_KEY, JSON.stringify(history));
            } catch {
              /* storage unavailable */
            }
          },
        },
      }),
    [],
  );
  const restored = readJson<unknown>(() => sessionStorage, NAVIGATION_HISTORY_KEY);
  const navigation = useActorRef(navigationLogic, { input: { restored: isHistory(restored) ? restored : null } });

  const persistedLogic = useMemo(
    () =>
      persistedMachine.provide({
        actions: {
          save: (_, state: PersistedState) => {
            try {
              if (isEmptyPersisted(state)) localStorage.removeItem(PERSISTED_STORE_KEY);
              else localStorage.setItem(PERSISTED_STORE_KEY, JSON.stringify(state));
            } catch {
              /* storage unavailable */
            }
          },
        },
      }),
    [],
  );
  let storedPersisted: string | null = null;
  try {
    storedPersisted = localStorage.getItem(PERSISTED_STORE_KEY);
  } catch {
    /* storage unavailable */
  }
  const persisted = useActorRef(persistedLogic, { input: parsePersisted(storedPersisted) });

  const [sessionCleared] = useState(createSessionCleared);

  const unauthorizedLogic = useMemo(
    () =>
      unauthorizedMachine.provide({
        actions: {
          clearSession: () => {
            try {
              sessionStorage.clear();
              localStorage.removeItem(PERSISTED_STORE_KEY);
            } catch {
              /* storage unavailable */
            }
            persisted.send({ type: 'persisted.clear' });
            sessionCleared.notify();
          },
          goToErrorPage: (_, params: { to: string }) => {
            if (window.location.pathname !== params.to) navigateRef.current(params.to, { replace: true });
          },
        },
      }),
    [persisted, sessionCleared],
  );
  const unauthorized = useActorRef(unauthorizedLogic);
  useEffect(() => {
    // The API client is imported, not bundled into the entry: the landing page makes no authenticated call, and
    // every page that does loads the client (its actors) before its first call, so no 401 is missed.
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void import('../../core/api/client').then(({ onUnauthorized }) => {
      if (active) unsubscribe = onUnauthorized((notice) => unauthorized.send({ type: 'unauthorized.received', token: notice.token, errorCode: notice.errorCode }));
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [unauthorized]);

  return useMemo(() => ({ navigation, persisted, sessionCleared }), [navigation, persisted, sessionCleared]);
}

export interface AppServicesProviderProps {
  /** Whose announcements the app shows (the path's token and vendor). */
  source: AnnouncementsInput;
  /** Paths visited before this provider mounted (public pages run without it); recorded first, then emptied. */
  earlierVisits: MutableRefObject<string[]>;
  children: ReactNode;
}

/**
 * Runs the app-wide actors for the pages below it and records every navigation in the history. Loaded and mounted
 * by the root layout with the first page that needs it (`lazy-services.ts`), and kept from then on.
 */
export function AppServicesProvider({ source, earlierVisits, children }: AppServicesProviderProps) {
  const services = useAppServicesActors();
  const announcements = useAnnouncementsActor(source);
  const { pathname } = useLocation();
  useEffect(() => {
    for (const path of earlierVisits.current.splice(0)) services.navigation.send({ type: 'navigation.visit', path });
    services.navigation.send({ type: 'navigation.visit', path: pathname });
  }, [pathname, services.navigation, earlierVisits]);
  return (
    <AppServicesContext.Provider value={services}>
      <AnnouncementsContext.Provider value={announcements}>{children}</AnnouncementsContext.Provider>
    </AppServicesContext.Provider>
  );
}
