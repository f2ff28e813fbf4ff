import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './support';
import { landingScripts, projectRoot } from '../../scripts/bench/bundle-size';

/**
 * What the landing page loads until the network is idle, with no interaction, is exactly what the bundle budget counts
 * (tests/architecture/bundle-budget.test.ts: the entry, the landing route, LANDING_START_MODULES and their static
 * imports, from the served build's chunk map) — so a script added after the first paint cannot escape the budget.
 */
test('the landing page loads exactly the scripts its budget counts, and its announcements still show', async ({ page }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) loaded.add(url.pathname.replace(/^\//, ''));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // The public file's banner is there: the announcements ran (their chunks are part of what loaded).
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...loaded].sort()).toEqual(landingScripts(path.join(projectRoot, 'dist')));
});
