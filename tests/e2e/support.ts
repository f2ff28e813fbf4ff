import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { e2eTarget, type E2eTarget } from '../../playwright.config';

/** The running test's project's server, payments origin and database (playwright.config.ts). */
export const e2e = (): E2eTarget => e2eTarget(test.info().project.name);

/**
 * A page the server rendered shows its first screen until the app's own identical screen takes its place
 * (src/ui/first-screen.ts), or until the app has hydrated it (src/main.tsx); until then the page is not the app's. A journey is about the app: every
 * `goto` and `reload` here waits for that moment (tests/e2e/first-screen.spec.ts and layout-shift.spec.ts are about the
 * painted screen itself).
 */
export async function appTakenOver(page: Page): Promise<void> {
  // (a page the app hydrates has no first screen from the moment it is taken over, and is the app's once hydrated)
  await page.waitForFunction(() => !document.getElementById('pp-first-screen') && !document.documentElement.hasAttribute('data-pp-hydrating'), undefined, { timeout: 15_000 });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      // `waitUntil: 'commit'`: the test looks at the page before the app runs
      if (args[1]?.waitUntil !== 'commit') await appTakenOver(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await appTakenOver(page);
      return response;
    };
    await use(page);
  },
});

/**
 * Ticks "I agree to the" as a user does: after the agreement's link shows. The terms box is remounted, unchecked,
 * when the chosen method's terms arrive (core §4; the pay page chooses a method itself once the methods load), so a
 * tick before that is undone — and "Confirm and Pay" stays disabled.
 */
export async function agreeToTerms(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: 'Electronic Payment Agreement' })).toBeVisible();
  const terms = page.getByRole('checkbox', { name: 'I agree to the' });
  await terms.check({ force: true });
  await expect(terms).toBeChecked();
}

/** A direct line to the e2e database: the tests read the outbox as a mail client would, and issue links as the CLI does. */
export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2e().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function newestOutboxLink(recipient: string, after: Date): Promise<string> {
  // the message is written after the answer (server/http/after-reply.ts): polled until it is there, for up to 30 s — on
  // a loaded machine the first journeys run beside both servers' start-up work
  for (let i = 0; i < 150; i++) {
    const row = await withDb(async (c) =>
      (await c.query('select body from outbox where recipient = $1 and created_at >= $2 order by created_at desc limit 1', [recipient, after])).rows[0]);
    const link = row?.body.match(/https?:\/\/\S+\/token\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no outbox message for ${recipient}`);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** axe-core's serious and critical violations on the page as it settles: rule, help, where. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Check the page as it settles, not a frame of an entrance: finite animations (rows fading in, a banner sliding
  // down) end first — mid-fade text would be judged at its momentary opacity. Endless ones (skeletons) are left.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // A page without frames is checked in the page itself (axe.run: AxeBuilder's "legacy mode"). Its default runs axe in
  // every frame and then opens a blank page of its own to merge the frames' results (axe.finishRun), loading axe-core
  // into it again: that page cost most of each check (0.86 s a check on the console's pages, 0.48 s without it). With
  // no frame there is nothing to merge: the same rules on the same document. A page with frames (the hosted card
  // fields are another origin, which legacy mode cannot enter) keeps the default; so does one that gained a frame
  // while it was checked. (tests/e2e/a11y-check.spec.ts: both ways find what they must.)
  // Only violations are read: axe still runs every rule on every node, but lists one node (not all) of each rule that
  // passed, did not apply or was incomplete — the rest of its answer, serialized out of the page for every check, was
  // half of a check's time (440 ms → 234 ms a check on the invoice report).
  const withoutFrames = () => page.frames().length === 1;
  const builder = () => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  let results = withoutFrames() ? await builder().setLegacyMode(true).analyze() : undefined;
  if (!results || !withoutFrames()) results = await builder().analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A link issued to the demo contact for one of its locations: the raw token and the location's base path. */
export interface DemoLink { token: string; base: string; vendorId: string; locationId: string; contactId: string }

/**
 * Issues a link of the demo contact for a location (by display name), as the CLI does: `type` is the token type,
 * `requestId` ties it to a request. Blue Heron Grill is served by two vendors; `lastVendorByName` picks the one whose
 * name sorts last (Performance Foodservice) instead of whichever row comes first.
 */
export async function issueDemoLink(
  locationName: string,
  { type = 'click2pay', requestId = null, lastVendorByName = false }: { type?: string; requestId?: string | null; lastVendorByName?: boolean } = {},
): Promise<DemoLink> {
  const raw = randomBytes(32).toString('base64url');
  const place = await withDb(async (c) => {
    const { rows } = await c.query(
      `select cl.contact_id, cl.vendor_id, cl.location_id from contact_locations cl
         join contacts c on c.id = cl.contact_id join locations l on l.id = cl.location_id
         join vendors v on v.id = cl.vendor_id
        where c.email = 'demo@example.com' and l.display_name = $1 ${lastVendorByName ? 'order by v.name desc' : ''} limit 1`, [locationName]);
    const r = rows[0];
    await c.query(
      `insert into tokens (token_hash, contact_id, vendor_id, location_id, type, status, request_id, expires_at)
       values ($1, $2, $3, $4, $5, 'active', $6, now() + interval '7 days')`,
      [createHash('sha256').update(raw).digest('hex'), r.contact_id, r.vendor_id, r.location_id, type, requestId]);
    return { vendorId: r.vendor_id as string, locationId: r.location_id as string, contactId: r.contact_id as string };
  });
  return { token: raw, base: `/token/${raw}/vendors/${place.vendorId}/locations/${place.locationId}`, ...place };
}

/** Issues a link of the demo contact for a location (by display name) and returns the location base path. */
export async function locationBase(locationName: string): Promise<string> {
  return (await issueDemoLink(locationName, { lastVendorByName: true })).base;
}

/** Opens the pay page's "Payment Method" accordion when it is closed (on a phone it starts closed). */
export async function expandPicker(page: Page): Promise<void> {
  const radios = page.getByRole('radiogroup');
  if (!(await radios.isVisible().catch(() => false))) {
    const trigger = page.getByRole('button', { name: /Payment Method/ }).first();
    await trigger.waitFor();
    if ((await trigger.getAttribute('aria-expanded')) === 'false') await trigger.click();
  }
  await expect(page.getByRole('radiogroup')).toBeVisible();
}

const execFileAsync = promisify(execFile);
const packageScripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * `npm run <script> -- <args>` (a CLI the README names: `vendor`, `jobs`), run as npm would run it but without npm in
 * between: its package.json line `tsx <file>` as `node --import tsx <file>`, which spares each call npm's own start
 * (0.4 s of the 1.2 s a call took). By default against the running project's database and address; `env` replaces
 * that (another server's). The output is the CLI's stdout.
 */
export async function runCli(script: 'vendor' | 'jobs', args: string[], env: Record<string, string | undefined> = { DATABASE_URL: e2e().databaseUrl, PUBLIC_URL: e2e().url }): Promise<string> {
  const line = /^tsx (\S+\.ts)$/.exec(packageScripts[script] ?? '');
  if (!line) throw new Error(`package.json's "${script}" is not "tsx <file>": ${packageScripts[script]}`);
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', line[1]!, ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
  return stdout;
}
