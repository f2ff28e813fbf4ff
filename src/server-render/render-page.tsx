/**
 * A token page's first screen, rendered on the server by the app itself: the real route tree, the real page component
 * under the shared page wrapper (`LocationPage` → `LocationFrame` → `ShellFrame`), its real machines — started here
 * and fed by the server's own API for the page's token (./answers.ts) — rendered with `renderToString` in passes until
 * no pass starts a new actor (./actors.ts). What it shows is what the app shows once the same answers are in, and the
 * answers it used go into the page's HTML (server/http/bootstrap.ts), so the app in the browser reaches that same
 * screen without asking the network again, and replaces the painted one without moving a box (src/ui/first-screen.ts).
 *
 * The app lays some parts out by the window's width (the phone row of tables below 550 px, method labels below
 * 420 px): the page is rendered once per width class, each shown by its media query (src/index.css).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from '../app/router';
import { whenInitialized } from '../app/router-ready';
import { loadAppServices } from '../app/lazy-services';
import { createSession, ServerSessionContext } from '../app/session';
import { decidesAlike, RENDER_VIEWPORTS as VIEWPORTS, ServerViewportContext, ServerViewportReadsContext, type ServerViewportReads, type RenderViewport } from '../ui/server-viewport';
import { ServerEffectsContext } from '../ui/settling-effect';
import { ServerActors, ServerActorsContext } from './actors';
import { renderAnswers, type RenderAnswers } from './answers';
import { SETTLING_MARKS } from '../ui/first-screen';
import { Temporal } from 'temporal-polyfill';
import type { ApiAnswer, PageRender, PageRenderInput } from '../../core/api/bootstrap';
import { encodeSnapshots } from '../../core/api/hydration';

/** At most this many render passes (each may start the actors of what the last one's answers revealed). */
const MAX_PASSES = 6;

const tick = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until no answer is pending for a few ticks in a row (promise chains after an answer run in between). */
async function settle(render: RenderAnswers, deadline: number): Promise<boolean> {
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline) return false;
    await tick(quiet === 0 ? 0 : 2);
    quiet = render.pending === 0 ? quiet + 1 : 0;
  }
  return true;
}

/** The markup's page is shown and nothing in it is loading or busy: the browser's test (SETTLING_MARKS) on the HTML. */
function isSettledMarkup(markup: string): boolean {
  return markup.includes(`${SETTLING_MARKS.shown}=""`) && !SETTLING_MARKS.loading.some(([name, value]) => markup.includes(`${name}="${value}"`));
}

/** React's own `<title>`/`<meta>`/`<link>` of the page belong to the document's head, not to the painted screen. */
function withoutHeadElements(markup: string): string {
  return markup.replace(/<title>[\s\S]*?<\/title>/g, '').replace(/<(?:meta|link)\b[^>]*>/g, '');
}

/**
 * Loads the app-wide actors and every route's page modules, so that the first page a server process renders does not
 * pay for loading them inside its budget (PAGE_FIRST_SCREEN_TIMEOUT_MS: the first render of a process took 1.2 s
 * against 0.3 s for the next ones, and a render over budget sends the page without its first screen). The server calls
 * it once at start (server/http/first-screen.ts `warmFirstScreens`). Answers how many route modules loaded and failed.
 */
export async function warmPageRenderer(): Promise<{ loaded: number; failed: number }> {
  const lazies: Array<() => unknown> = [];
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      if (typeof route.lazy === 'function') lazies.push(route.lazy as () => unknown);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  const [, ...results] = await Promise.allSettled([loadAppServices(), ...lazies.map((lazy) => Promise.resolve().then(lazy))]);
  const failed = results.filter((r) => r.status === 'rejected').length;
  return { loaded: results.length - failed, failed };
}

export async function renderPageFirstScreen(input: PageRenderInput): Promise<PageRender> {
  const used: Record<string, unknown> = {};
  const asked = new Map<string, Promise<ApiAnswer>>();
  const render: RenderAnswers = {
    known: { ...input.api },
    files: input.files,
    pending: 0,
    asked: 0,
    closed: false,
    get(key) {
      let answer = asked.get(key);
      if (!answer) {
        answer = input.get(key).then((a) => {
          if (a.status === 200) used[key] = a.body;
          return a;
        });
        asked.set(key, answer);
      }
      return answer;
    },
  };
  for (const [key, body] of Object.entries(input.api)) asked.set(key, Promise.resolve({ status: 200, body }));
  const deadline = Date.now() + input.timeoutMs;
  return renderAnswers.run(render, async () => {
    const router = createMemoryRouter(routes, { initialEntries: [input.path] });
    const session = createSession(input.token, undefined, input.restore?.session);
    // One set of actors for every width: the widest is rendered until it settles, each other width then once more
    // (again, should it start an actor of its own).
    const store = new ServerActors(input.restore?.actors);
    try {
      await Promise.race([Promise.all([whenInitialized(router), loadAppServices()]), tick(input.timeoutMs)]);
      if (!router.state.initialized) return { markup: null, api: used };
      // A path no page of the token's has (the app's catch-all): the browser shows its not-found page itself. The
      // catch-all is outside the token's frame, and its painted markup was hydrated beside a second copy of itself.
      if (router.state.matches.at(-1)?.route.path === '*') return { markup: null, api: used };
      const markup: Record<string, string> = {};
      let widthsRendered = 0;
      const rendered: Array<{ viewport: RenderViewport; depends: ServerViewportReads['depends'] }> = [];
      for (const viewport of [...VIEWPORTS].reverse()) {
        // A class at which every read of the width decides as at one already rendered has that one's markup: most pages
        // read none (rendered once, for the widest class); a table's phone row is the same at 375 and 480 px.
        const alike = rendered.find((r) => decidesAlike(r.depends, r.viewport.width, viewport.width));
        if (alike) {
          markup[viewport.name] = markup[alike.viewport.name]!;
          continue;
        }
        widthsRendered += 1;
        let html = '';
        let done = false;
        const widthReads: ServerViewportReads = { depends: [] };
        for (let pass = 0; pass < MAX_PASSES && !done; pass++) {
          const askedBefore = render.asked;
          widthReads.depends = [];
          html = renderToString(
            <StrictMode>
              <ServerViewportContext.Provider value={viewport.width}>
                <ServerViewportReadsContext.Provider value={widthReads}>
                  <ServerActorsContext.Provider value={store}>
                    <ServerEffectsContext.Provider value={store}>
                      <ServerSessionContext.Provider value={session}>
                        <RouterProvider router={router} />
                      </ServerSessionContext.Provider>
                    </ServerEffectsContext.Provider>
                  </ServerActorsContext.Provider>
                </ServerViewportReadsContext.Provider>
              </ServerViewportContext.Provider>
            </StrictMode>,
          );
          // Done when the pass started no actor and asked nothing (an actor a slice starts outside a hook — the
          // session's saved methods — asks all the same): else its answers are awaited and the page rendered again.
          const started = store.takeStarted();
          if (!(await settle(render, deadline))) return { markup: null, api: used };
          // The page sends the reader on by its answers alone (a chooser's only option): that is the answer.
          if (store.forwardedTo !== null && store.redirectedTo === null) return { markup: null, api: used, forward: store.forwardedTo };
          done = started === 0 && render.asked === askedBefore;
        }
        // Only a page that is there: its frame shown and nothing still loading (the test the browser applies to the
        // app's screen before it takes this one's place, src/ui/first-screen.ts). A location outside the token's scope
        // (the app sends it to /404), a failed answer or a page still waiting on something gets no first screen.
        if (!done || store.redirectedTo !== null || router.state.location.pathname !== input.path || !isSettledMarkup(html)) return { markup: null, api: used };
        markup[viewport.name] = withoutHeadElements(html);
        rendered.push({ viewport, depends: widthReads.depends });
      }
      const snapshots = { actors: store.snapshots(), session: session.snapshots() };
      // As text for the page (the browser hydrates from it, src/main.tsx); none when an actor holds what cannot be carried.
      const actorsText = encodeSnapshots(snapshots.actors, Temporal);
      const sessionText = encodeSnapshots(snapshots.session, Temporal);
      // Nor for a page whose actors tried to write (refused here): the browser renders it, and makes the writes.
      const hydration = actorsText !== null && sessionText !== null && !render.writes ? { actors: actorsText, session: sessionText } : undefined;
      return { markup, api: used, snapshots, hydration, widthsRendered };
    } finally {
      render.closed = true;
      store.stop();
      session.stop();
      router.dispose();
    }
  });
}
