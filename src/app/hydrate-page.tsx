/**
 * A token page the server rendered through the app, hydrated (docs/token-page-hydration.md). Its HTML carries the
 * snapshots the server's actors reached (server/http/bootstrap.ts, SNAPSHOTS_ELEMENT_ID): read, checked to be this
 * page's, decoded (with Temporal's classes when they hold Temporal values); the painted variant of this window's width
 * becomes the app's root (src/ui/first-screen.ts `takeOverFirstScreen`), the actors start from the snapshots
 * (./hydration-state.ts) and React hydrates the painted nodes.
 *
 * A chunk of its own, loaded only by a page that carries snapshots (the landing pages never load it; the server
 * preloads it with such a page).
 */
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { decodeSnapshots, SNAPSHOTS_ELEMENT_ID, type TemporalClasses } from '../../core/api/hydration';
import { loadTemporal } from '../../core/rules/temporal-on-demand';
import { finishTakeOver, takeOverFirstScreen, type TypedText } from '../ui/first-screen';
import { renderViewportOf, ServerViewportContext } from '../ui/server-viewport';
import { whenInitialized } from './router-ready';
import type { createAppRouter } from './router';
import { beginHydration, endHydration, HYDRATED_ATTRIBUTE, HYDRATION_ERROR_ATTRIBUTE, type Hydration } from './hydration-state';

/** A tag of core/api/hydration.ts's Temporal reducers, as devalue writes it. */
const TEMPORAL_TAG = /"T(?:Instant|PlainDate|PlainDateTime|ZonedDateTime|PlainTime)"/;

function currentPage(): { token: string; page: string } | null {
  const match = /^\/token\/([^/]+)(\/.*)?$/.exec(window.location.pathname);
  if (!match) return null;
  try {
    return { token: decodeURIComponent(match[1]), page: (match[2] ?? '').replace(/\/$/, '') };
  } catch {
    return null;
  }
}

/** What the page carries for its hydration, or null (the element is gone either way). */
export async function readPageHydration(): Promise<Hydration | null> {
  const element = document.getElementById(SNAPSHOTS_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const here = currentPage();
  let carried: unknown;
  try {
    carried = JSON.parse(element.textContent ?? '');
  } catch {
    return null;
  }
  const { page, actors, session } = (carried ?? {}) as { page?: unknown; actors?: unknown; session?: unknown };
  if (!here || page !== here.page || typeof actors !== 'string' || typeof session !== 'string') return null;
  // The app's own Temporal (the polyfill's classes, which its values are checked against), only when a value needs it.
  const temporal: TemporalClasses | null = TEMPORAL_TAG.test(actors) || TEMPORAL_TAG.test(session) ? (await import('temporal-polyfill')).Temporal : null;
  const decodedActors = decodeSnapshots(actors, temporal);
  const decodedSession = decodeSnapshots(session, temporal);
  if (!decodedActors || !decodedSession) return null;
  // What the page shows by today's date (a dated announcement's banner) is decided with Temporal at hand, as on the
  // server: loaded first (the browser's own where it has one, so mostly nothing to load).
  await loadTemporal();
  return { actors: decodedActors, session: decodedSession, token: here.token };
}

type AppRouter = ReturnType<typeof createAppRouter>;

/** Ends the hydration once its render has committed (its layout effects run after every one below it). */
function Hydrated({ children, onCommit }: { children: ReactNode; onCommit: () => void }) {
  useLayoutEffect(onCommit, []); // eslint-disable-line react-hooks/exhaustive-deps
  return children;
}

/**
 * Hydrates the page with `router` (its first location's modules loaded first, as the markup holds them): true once
 * under way; false, with nothing changed, when the page carries nothing to hydrate from that fits it — the caller then
 * renders the app beneath the painted screen as before.
 */
export async function hydratePage(router: AppRouter): Promise<boolean> {
  const [, hydration] = await Promise.all([whenInitialized(router), readPageHydration()]);
  const viewport = renderViewportOf(window.innerWidth);
  const taken = hydration && takeOverFirstScreen(viewport.name);
  if (!hydration || !taken) return false;
  beginHydration(hydration);
  hydrateTakenOver(taken.root, taken.typed, viewport.width, router);
  return true;
}

/**
 * Hydrates the painted variant: under the width it was rendered for (the hooks that read the window's width answer with
 * it while hydrating), in a transition (React yields to the browser between slices). A mismatch React recovers from
 * (it renders that part anew) is reported, and marked on `<html>` for the tests.
 */
function hydrateTakenOver(root: HTMLElement, typed: TypedText[], width: number, router: AppRouter): void {
  const onCommit = () => {
    endHydration();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    finishTakeOver(typed);
  };
  const app = (
    <StrictMode>
      <ServerViewportContext.Provider value={width}>
        <Hydrated onCommit={onCommit}>
          <RouterProvider router={router} />
        </Hydrated>
      </ServerViewportContext.Provider>
    </StrictMode>
  );
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError(error) {
        document.documentElement.setAttribute(HYDRATION_ERROR_ATTRIBUTE, '');
        console.warn('hydration: rendered anew', error);
      },
    });
  });
}
