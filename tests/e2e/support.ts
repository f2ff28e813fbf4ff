import pg from 'pg';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_DATABASE_URL } from '../../playwright.config';

/** A direct line to the e2e database: the tests read the outbox as a mail client would, and issue links as the CLI does. */
export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function newestOutboxLink(recipient: string, after: Date): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const row = await withDb(async (c) =>
      (await c.query('select body from outbox where recipient = $1 and created_at >= $2 order by created_at desc limit 1', [recipient, after])).rows[0]);
    const link = row?.body.match(/https?:\/\/\S+\/token\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no outbox message for ${recipient}`);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  // Check the page as it settles, not a frame of an entrance: finite animations (rows fading in, a banner sliding
  // down) end first — mid-fade text would be judged at its momentary opacity. Endless ones (skeletons) are left.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
