import { defineConfig, devices } from '@playwright/test';
import { execSync } from 'node:child_process';

/**
 * Browser journeys in Debian's Chromium against the built SPA and the real server on a fresh PostgreSQL database.
 *
 * The journeys run in Chromium's headless shell (Debian's `chromium-headless-shell`, the same engine and version as
 * `chromium`, without the browser's own window and UI) — what Playwright itself runs headless tests in. The full
 * browser in its new headless mode also drew its toolbar's web UI in renderers of its own: the same console and atlas
 * journeys took 336 s in it and 260 s in the shell on this 2-core machine, which the journeys keep busy. E2E_CHROMIUM_PATH
 * names another browser; without the shell installed, CHROMIUM_PATH or `chromium` is used. The benches (Lighthouse)
 * keep the full browser (CHROMIUM_PATH).
 */
const which = (command: string) => execSync(command, { shell: '/bin/bash' }).toString().split('\n')[0]!.trim();
/** the full browser: CHROMIUM_PATH, else Debian's chromium */
const browserPath = process.env.CHROMIUM_PATH || which('command -v chromium || command -v chromium-browser');
const chromiumPath = process.env.E2E_CHROMIUM_PATH || which('command -v chromium-headless-shell || true') || browserPath;
/**
 * Each project has its own server and database, so the two run side by side (one worker each, in the order of their
 * files) and neither sees the other's payments, AutoPay or clock: `phone-375` on E2E_PORT (its payments origin on
 * E2E_PORT + 1) with the database `<E2E_DATABASE_URL>_phone_375`, `desktop` on E2E_PORT + 2 / + 3 with `…_desktop`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const E2E_DATABASE_BASE =
  process.env.E2E_DATABASE_URL ?? `${(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/e2e_portal`;
export const E2E_PROJECTS = ['phone-375', 'desktop'] as const;

export interface E2eTarget { url: string; port: number; paymentsPort: number; paymentsUrl: string; databaseUrl: string }

/** The server, payments origin and database of a project. */
export function e2eTarget(project: string): E2eTarget {
  const index = (E2E_PROJECTS as readonly string[]).indexOf(project);
  if (index < 0) throw new Error(`no e2e target for the project ${project}`);
  const port = E2E_PORT + 2 * index;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    paymentsPort: port + 1,
    paymentsUrl: `http://127.0.0.1:${port + 1}`,
    databaseUrl: `${E2E_DATABASE_BASE}_${project.replace(/[^a-z0-9]/gi, '_')}`,
  };
}

const launchOptions = {
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * The full browser, for a journey file that needs what only it has (`test.use({ launchOptions: fullBrowserLaunchOptions })`
 * at the top of the file — Playwright refuses it in a describe block — gives the file a worker of its own): its PDF
 * viewer shows the invoice copy in the tab, where the headless shell downloads it.
 */
export const fullBrowserLaunchOptions = { ...launchOptions, executablePath: browserPath };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // one worker per project (each its own server and database): the two projects run at once, each file after file
  workers: E2E_PROJECTS.length,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  // an action that cannot happen (a disabled button, a hidden box) fails on its own line with what it waited for,
  // not as the test's timeout (the last CI failure said only "Test timeout of 60000ms exceeded")
  use: { trace: 'off', launchOptions, actionTimeout: 20_000, navigationTimeout: 30_000 },
  projects: [
    { name: 'phone-375', workers: 1, use: { ...devices['Desktop Chrome'], baseURL: e2eTarget('phone-375').url, viewport: { width: 375, height: 740 }, hasTouch: true, launchOptions } },
    { name: 'desktop', workers: 1, use: { ...devices['Desktop Chrome'], baseURL: e2eTarget('desktop').url, viewport: { width: 1280, height: 860 }, launchOptions } },
  ],
  // one command starts every project's server at once, after the one build they share (scripts/e2e-servers.sh); it
  // prints its line once all of them answer
  webServer: {
    command: 'bash scripts/e2e-servers.sh',
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      HOST: '127.0.0.1',
      E2E_SERVERS: E2E_PROJECTS.map((project) => {
        const target = e2eTarget(project);
        return [target.port, target.paymentsPort, target.url, target.paymentsUrl, target.databaseUrl].join(' ');
      }).join('\n'),
      // the journeys check what the first screen shows, not how fast it is made (that is the benches' job): on a loaded
      // machine a render past the production budgets (0.8 s data, 1 s render) would send the page without it
      FIRST_SCREEN_WAIT_MS: '20000', FIRST_SCREEN_RENDER_MS: '20000',
    },
  },
});
