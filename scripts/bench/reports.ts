/**
 * Invoice Report at scale: 50 vs 5,000 invoices, in Chromium (`npm run bench:reports`). Same approach as
 * scripts/bench/paypage.ts:
 * 1. A fresh PostgreSQL database (BENCH_DB, default `bench_reports`, on BENCH_PG_URL's server), migrated, demo data,
 *    plus two locations of the demo contact with 50 and 5,000 invoices (a third closed, a third scheduled).
 * 2. Builds the SPA (skip with `--no-build`) and starts the portal (`server/main.ts`) on BENCH_PORT or a free port.
 * 3. For each location, in a fresh page each round:
 *    (a) navigation → first rows: from `page.goto` of `.../invoices` until the report table is there with the right
 *        `aria-rowcount` and its first row visible;
 *    (b) re-sort: from the click on the "Amount" header until the header says `aria-sort="ascending"` and the first row
 *        of the re-sorted table is painted.
 *    Median of BENCH_ROUNDS rounds (default 5) after one warm-up round.
 * 4. Prints the milliseconds and the 5,000 ÷ 50 ratios (target ≤ 3×); `--strict` exits non-zero on a miss.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { median, withPortalInBrowser } from './browser-bench.js';
import type { Db } from '../../server/db/connect.js';
import { json } from '../../server/db/json.js';
import { DEMO_EMAIL, VENDOR_PFG } from '../../server/seed/demo.js';

const DB_NAME = process.env.BENCH_DB ?? 'bench_reports';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SIZES = [50, 5000] as const;
const args = new Set(process.argv.slice(2));




/** A location of the demo contact with `invoices` invoices (open, scheduled and closed); returns the report path. */
async function seedScaleLocation(db: Db, { invoices, label }: { invoices: number; label: string }) {
  const vendor = await db.selectFrom('vendors').select('id').where('name', '=', VENDOR_PFG).executeTakeFirstOrThrow();
  const contact = await db.selectFrom('contacts').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const template = await db.selectFrom('locations').select(['paymentConfigs']).where('vendorId', '=', vendor.id).executeTakeFirstOrThrow();
  const location = await db
    .insertInto('locations')
    .values({
      vendorId: vendor.id, displayName: label, createType: 'manual',
      address: json({ addressLine1: '1 Scale Way', addressLine2: '', city: 'Charleston', state: 'SC', postalCode: '29401' }),
      paymentConfigs: json(template.paymentConfigs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('contactLocations').values({ contactId: contact.id, vendorId: vendor.id, locationId: location.id }).execute();
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const rows = [];
  for (let i = 0; i < invoices; i++) {
    const cents = 5_000 + ((i * 7_919) % 250_000);
    const closed = i % 3 === 1;
    const num = `RP${label.replace(/\W/g, '').slice(-6)}${String(i).padStart(6, '0')}`;
    rows.push({
      vendorId: vendor.id, locationId: location.id, externalId: `PFG-${num}`, displayInvNum: num,
      originalAmountCents: cents, openAmountCents: closed ? 0 : cents,
      dueDate: i % 17 === 0 ? null : day((i % 60) - 20), invoiceDate: day((i % 60) - 50), externalInvoiceDate: day((i % 60) - 51),
      poRefId: null, extra: json({}), payable: i % 3 === 0, deletedAt: closed ? new Date(today.getTime() - 86_400_000) : null,
      createType: 'ERP', externalUrl: null, status: closed ? 'paid' : 'open',
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('invoices').values(rows.slice(i, i + 500)).execute();
  const raw = randomBytes(32).toString('base64url');
  await db.insertInto('tokens').values({
    tokenHash: createHash('sha256').update(raw).digest('hex'), contactId: contact.id, vendorId: vendor.id, locationId: location.id,
    type: 'click2pay', status: 'active', expiresAt: new Date(Date.now() + 7 * 86_400_000),
  }).execute();
  return { path: `/token/${raw}/vendors/${vendor.id}/locations/${location.id}/invoices` };
}


async function measure(browser: Browser, baseUrl: string, target: { path: string; rows: number }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(baseUrl + target.path, { waitUntil: 'commit' });
  await page.waitForFunction((n) => {
    const first = document.querySelector('[data-testid="invoice-report-row"]');
    if (!first || first.getBoundingClientRect().height === 0) return false;
    return Number(first.closest('[aria-rowcount]')?.getAttribute('aria-rowcount')) === n + 1;
  }, target.rows, { polling: 'raf', timeout: 120_000 });
  const shown = Date.now() - t0;
  await page.waitForTimeout(300);
  // A string, not a function: tsx's keepNames would reference a `__name` helper that does not exist in the page.
  // The header's aria-sort and the rows' new order are rendered in one React commit, so the header flipping to
  // "ascending" means the re-sorted rows are in the DOM; the next frame is when they are painted. (Row identity is no
  // signal: keyed rows are moved, and the first invoice by due date may also be the smallest amount.) The check
  // rejects after 60 s instead of waiting forever.
  const resort = (await page.evaluate(`new Promise((resolve, reject) => {
    const amountHeader = () => [...document.querySelectorAll('[role=columnheader]')].find((h) => h.textContent.startsWith('Amount'));
    const start = performance.now();
    amountHeader().querySelector('button').click();
    const check = () => {
      const h = amountHeader();
      const first = document.querySelector('[data-testid="invoice-report-row"]');
      if (h && h.getAttribute('aria-sort') === 'ascending' && first && first.getBoundingClientRect().height > 0) {
        requestAnimationFrame(() => resolve(performance.now() - start));
      } else if (performance.now() - start > 60000) {
        reject(new Error('re-sort: the Amount header never said aria-sort="ascending" (now ' + (h && h.getAttribute('aria-sort')) + ')'));
      } else requestAnimationFrame(check);
    };
    check();
  })`)) as number;
  await context.close();
  return { shown, resort };
}

async function main() {
  await withPortalInBrowser({
    dbName: DB_NAME,
    noBuild: args.has('--no-build'),
    seed: async (db) => {
      const targets = [];
      for (const n of SIZES) targets.push({ rows: n, ...(await seedScaleLocation(db, { invoices: n, label: `Report ${n}` })) });
      return targets;
    },
    run: async (browser, baseUrl, targets) => {
      const results: Record<number, { shown: number; resort: number }> = {};
      for (const target of targets) {
        await measure(browser, baseUrl, target); // warm-up
        const runs = [];
        for (let r = 0; r < ROUNDS; r++) runs.push(await measure(browser, baseUrl, target));
        results[target.rows] = { shown: median(runs.map((x) => x.shown)), resort: median(runs.map((x) => x.resort)) };
        console.log(`${String(target.rows).padStart(5)} invoices: navigation → first rows ${runs.map((x) => x.shown).join(', ')} ms (median ${results[target.rows].shown}); re-sort ${runs.map((x) => Math.round(x.resort)).join(', ')} ms (median ${Math.round(results[target.rows].resort)})`);
      }
      const [small, large] = SIZES;
      const shownRatio = results[large].shown / results[small].shown;
      const resortRatio = results[large].resort / results[small].resort;
      console.log(`invoice report, navigation → first rows: ${large} ÷ ${small} = ${shownRatio.toFixed(2)}× (${results[large].shown} ms vs ${results[small].shown} ms; target ≤ 3×)`);
      console.log(`invoice report, re-sort:                ${large} ÷ ${small} = ${resortRatio.toFixed(2)}× (${Math.round(results[large].resort)} ms vs ${Math.round(results[small].resort)} ms; target ≤ 3×)`);
      if (args.has('--strict') && (shownRatio > 3 || resortRatio > 3)) process.exitCode = 1;
    },
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
