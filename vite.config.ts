/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/build/precompress.ts';
import { prerenderLanding } from './scripts/build/prerender.ts';
import { chunkMap } from './scripts/build/chunk-map.ts';
import { scriptInventory } from './scripts/build/script-inventory.ts';
import { devInspect } from './scripts/atlas/vite-dev-inspect.ts';
import { clientActors } from './scripts/build/client-actors.ts';

/** The year written into the prerendered footer; the footer hydrates from it (src/ui/footer.tsx). */
const buildYear = String(new Date().getFullYear());

export default defineConfig({
  plugins: [
    react(),
    // Writes dist/.vite/script-inventory.json and the integrity of every script into the HTML, before the prerender
    // reads index.html; checks the finished output before the precompression (docs/payments.md: "Script inventory and SRI").
    scriptInventory({
      origin: 'portal',
      entryPurposes: {
        'index.html': "Application entry of the customer's portal (index.html and every page it serves): starts the app and its router.",
        'console.html': "Application entry of the vendor's console (console.html, every page under /console): starts the console and its router.",
      },
      namedChunks: {
        framework: 'Vendor library (react, react-dom, scheduler, react-router): the UI framework every page runs.',
        xstate: 'Vendor library (xstate, @xstate/react): the state machines behind every flow.',
        'token-shell': 'The frame every token page renders first: token guard, session, header, dashboard and their machines.',
        api: 'The API client (openapi-fetch) and the first-screen data reader: every call a page makes to /api.',
        landing: 'The landing page and its contact form (the page a customer arrives on).',
        'console-logic': "The vendor console's charts (machines, actors, guards): the workflows of every console page.",
      },
      publicScripts: {
        'static/after-first-paint.js': 'First-paint loader: on a token page whose HTML carries its first screen, starts the entry script and its module preloads (with their integrity) after the first paint.',
      },
    }),
    prerenderLanding({ buildYear }),
    clientActors(),
    chunkMap(),
    precompress(),
    devInspect(),
  ],
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(buildYear) },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the portal supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // two pages: the customer's portal, and the vendor's console (its own entry: none of its code in the portal's pages)
      input: { index: 'index.html', console: 'console.html' },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router): one chunk compresses better than four.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
            // XState and its React binding: every page behind a token runs it; the landing page loads it with the first
            // interaction. Not xstate/graph (path generation, only the workflow atlas uses it).
            { name: 'xstate', test: /node_modules[\\/](xstate(?=[\\/](?!dist[\\/]xstate-graph))|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]|src[\\/]app[\\/]xstate-react-client\.ts$/, priority: 20 },
            // The machines, actors, selectors and rules of the token pages' frame (below): a chunk of their own, so that
            // the frame's evaluation is two tasks, not one (public/static/after-first-paint.js evaluates each preloaded
            // chunk in a task of its own; creating the machines is half of it). Nothing here imports the frame's views. With
            // them the frame's three connect modules (selectors only): alone, each would be a small chunk of its own that
            // every token page loads, and the dashboard's and the unread messages' would import token-shell back.
            { name: 'token-logic', test: /machines[\\/](navigation|persisted|unauthorized)[\\/][^\\/]+\.machine\.ts$|machines[\\/](load|selection|invoice-selection|payment-methods|replay|dashboard|messages)[\\/][^\\/]+\.(machine|actors|selectors|guards)\.ts$|machines[\\/](dashboard[\\/]dashboard|messages[\\/]unread-messages|load[\\/]location-context)\.connect\.ts$|core[\\/]rules[\\/](rich-content-format|fees|providers|messages|reports|invoices|paths)\.ts$|machines[\\/]load[\\/]loaders\.ts$|machines[\\/]reports[\\/]report\.machine\.ts$/, priority: 6, includeDependenciesRecursively: false },
            // The frame every token page renders first (token guard, session, replay, header, announcements frame, location
            // frame, dashboard; the machines they start are `token-logic`, above): one request instead of about fifteen small ones — on HTTP/1.1
            // a phone opens six connections per host, so a chain of small chunks queues behind itself (dashboard).
            // Nothing here is on the landing page (its entry and chunks match none of it: the bundle budget test checks).
            { name: 'token-shell', test: /src[\\/]app[\\/](token-guard|replay-scope|app-services|session|shell-frame|app-header|location-frame|location-page)\.tsx$|src[\\/]app[\\/]use-location-context\.ts$|src[\\/]features[\\/](dashboard|shell)[\\/]|src[\\/]ui[\\/](page|reserved|brand|change-location-bar)\.tsx$|src[\\/]ui[\\/]texts\.ts$|src[\\/]features[\\/]messages[\\/]texts\.ts$|src[\\/]features[\\/]reports[\\/]texts\.ts$/, priority: 5, includeDependenciesRecursively: false },
            // The announcement banners and the icons they draw: every token page shows them, and so does the landing page
            // (from its public file, without the token pages' chunk or XState — the bundle budget test checks).
            { name: 'banners', test: /src[\\/]ui[\\/]icons\.tsx$|src[\\/]features[\\/]announcements[\\/](announcement-banners|announcements-context|dismissed-storage|texts)\.tsx?$|machines[\\/]announcements[\\/](announcements\.(selectors|guards)|announcements-sources\.actors)\.ts$|core[\\/]rules[\\/]temporal-on-demand\.ts$/, priority: 5, includeDependenciesRecursively: false },
            // The API client and the first-screen data reader: the token pages' calls, and the landing form's submit.
            { name: 'api', test: /core[\\/]api[\\/](client|bootstrap)\.ts$|node_modules[\\/]openapi-fetch[\\/]/, priority: 5, includeDependenciesRecursively: false },
            // The vendor console's charts (machines/console-*: machines, actors, guards): one chunk, not one per page. The
            // console's pages load their views lazily, one chunk each (src/console/routes.tsx), and share this one: about
            // 17 KB gzip for every chart, where sixteen small chunks cost half as much again (a compression window each)
            // on the workflow atlas, which shows them all. Not the session's chart: the entry's frame runs it alone.
            { name: 'console-logic', test: /machines[\\/]console-(?!session[\\/])[^\\/]+[\\/][^\\/]+\.(machine|actors|guards|selectors)\.ts$/, priority: 6, includeDependenciesRecursively: false },
            // The landing page and its form: one request, one compression window. (Not the form's machine: it loads with
            // the first interaction; nor its model/registry entry: only the workflow atlas imports those.)
            { name: 'landing', test: /src[\\/]features[\\/]access[\\/](landing-page|landing-content|contact-form|use-contact-form|texts)|src[\\/]app[\\/]access-layout\.tsx$|machines[\\/]contact-form[\\/]contact-form\.guards\.ts$|src[\\/]ui[\\/](button|native-text-field|field-recipe)/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/vendor-images': 'http://127.0.0.1:8080' } },
  test: {
    globals: false,
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: true,
    pool: 'forks',
    // Two test files at once on a 2-core machine (the default leaves one core free, i.e. one file at a time): most of
    // a file's time is starting its database or DOM and waiting on it, so two halve the suite's wall time.
    maxWorkers: 2,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's content, NODE_ENV,
    // the plugins' names and the config files' text — not plugin options or `define`: every plugin that transforms
    // here is build-only today): the PostgreSQL stage and the adaptive-limit step of `npm test` reuse what the first
    // stage transformed.
    experimental: { fsModuleCache: true },
    // The server-side build the tests' servers render first screens with (`<dist>/.ssr/*.mjs`, server/http/first-screen.ts)
    // is plain JavaScript that Node imports as it does in production. Through Vite's pipeline each of its ~200 chunks
    // would be transformed again in every vitest process that starts a server (37 s of transforms for two server files,
    // against 4 s left to Node).
    server: { deps: { external: [/[\\/]\.ssr[\\/]/] } },
    // Two kinds of test file. The views' files (tests/features) each get a fresh module graph: they mount the app's
    // modules with their module-level state (72 failed without it). Every other file — machines, rules, contract,
    // architecture, server — shares its worker's module graph with the worker's earlier files (each file still makes its
    // own actors, databases and apps): importing the same modules again per file was half of their time (the machines,
    // rules, contract and architecture files: 43 s isolated, 23 s shared, the same 1,185 tests passing).
    projects: [
      // (a project's include and exclude are added to the root's: the root has no include of its own)
      // (with them the model walks under tests/machines: they render real pages and mock modules with vi.mock, which a
      // shared module graph would carry into the worker's later files)
      { extends: true, test: { name: 'views', include: ['tests/features/**/*.test.{ts,tsx}', 'tests/machines/**/*.model.test.tsx'] } },
      { extends: true, test: { name: 'logic', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['tests/features/**', 'tests/machines/**/*.model.test.tsx'], isolate: false } },
    ],
  },
});
