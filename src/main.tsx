import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { whenInitialized } from './app/router-ready';
import { firstScreenPath, releaseFirstScreenLater, releaseFirstScreenWhenSettled } from './ui/first-screen';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Development only, opt-in (?inspect): live inspection of the actors with @statelyai/inspect (src/dev/inspect.ts).
if (import.meta.env.DEV) void import('./dev/inspect').then((m) => m.startDevInspection());

// A page the server rendered through the app whose HTML carries what its actors reached (SNAPSHOTS_ELEMENT_ID of
// core/api/hydration.ts, spelled here: that module brings its codec) is hydrated (./app/hydrate-page.tsx): the app's
// first render is the server's, on the painted nodes — no second render beneath them, no swap. Only the browser build
// restores actors from their snapshots (src/app/xstate-react-client.ts); the dev server renders beneath as before.
const hydratePage = import.meta.env.PROD && document.getElementById('pp-snapshots') !== null && firstScreenPath() !== null;

// A first screen painted from the HTML gives way to the app at the latest after FIRST_SCREEN_MAX_MS.
releaseFirstScreenLater();

// A painted page (prerendered, or a first screen from the server) is already on the screen: the router is created a
// task after the modules were evaluated, not in the same one (with the route's lazy load it starts, that task was a
// long one on a slow phone, and a tap waited behind it). A page with nothing painted starts at once.
const prerendered = container.dataset.prerendered;
const hydrate = Boolean(prerendered && prerendered === (window.location.pathname.replace(/(.)\/$/, '$1') || '/'));
const painted = hydrate || firstScreenPath() !== null;
if (painted) setTimeout(start, 0);
else start();

function start(): void {
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (hydrate) {
    // A page prerendered at build time (the landing pages, scripts/build/prerender.ts) is hydrated once the route's
    // module is loaded (its chunk is preloaded by the page), so the first render matches the markup. Hydrating inside a
    // transition makes it interruptible: React yields to the browser every few milliseconds instead of one long task.
    void whenInitialized(router).then(() => startTransition(() => void hydrateRoot(container!, app)));
  } else if (hydratePage) {
    // (the page's HTML preloads that chunk; should it fail, or the snapshots not fit this page, as below)
    void import('./app/hydrate-page').then(
      (module) => module.hydratePage(router).then((hydrated) => hydrated || renderBeneath(app)),
      () => renderBeneath(app),
    );
  } else if (painted) {
    renderBeneath(app);
  } else {
    createRoot(container!).render(app);
  }
}

/**
 * The server painted this page's first screen (src/ui/first-screen.ts): the app renders beneath it, unseen, until its
 * own screen is settled. Nothing waits on that render, so it is a transition: React yields to the browser every few
 * milliseconds (a tap on the painted page is handled at once) instead of one long task.
 */
function renderBeneath(app: ReactNode): void {
  releaseFirstScreenWhenSettled(container!);
  const root = createRoot(container!);
  startTransition(() => root.render(app));
}
