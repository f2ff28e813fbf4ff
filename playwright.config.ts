import { defineConfig, devices } from '@playwright/test';
import { execSync } from 'node:child_process';

/** Browser journeys in Debian's Chromium against the built SPA and the real server on a fresh PostgreSQL database. */
const chromiumPath =
  process.env.CHROMIUM_PATH || execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/bash' }).toString().trim();
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The payments service's own origin: the hosted card and bank fields the portal embeds. */
export const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? E2E_PORT + 1);
export const E2E_PAYMENTS_URL = `http://127.0.0.1:${E2E_PAYMENTS_PORT}`;
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? `${(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/e2e_portal`;

const launchOptions = {
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: { baseURL: `http://127.0.0.1:${E2E_PORT}`, trace: 'off', launchOptions },
  projects: [
    { name: 'phone-375', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, hasTouch: true, launchOptions } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 }, launchOptions } },
  ],
  webServer: {
    command: 'bash scripts/e2e-server.sh',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATABASE_URL: E2E_DATABASE_URL, PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      PAYMENTS_PORT: String(E2E_PAYMENTS_PORT), PAYMENTS_PUBLIC_URL: E2E_PAYMENTS_URL },
  },
});
