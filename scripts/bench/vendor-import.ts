/**
 * A vendor's 10,000 invoices into an empty invoices table: `npm run bench -- vendor-import` (or
 * `npx tsx scripts/bench/vendor-import.ts`). Three ways, each on a fresh database (demo data plus the vendor's ten
 * locations L-1…L-10), in the same run:
 *
 *   (a) the vendor API: 10 × `POST /vendor-api/invoices/batch` of 1,000, one after another, through `app.inject` (the
 *       key, the contract's validation, the use case, the answer of 1,000 results);
 *   (b) the file import: `npm run vendor -- import invoices <file>`'s `run` on a 10,000-row CSV written beforehand
 *       (reading, papaparse, the contract's `InvoiceInput` per row, the lookups, one transaction);
 *   baseline: the same rows, as the use case stores them, by a plain multi-row INSERT (10 × 1,000 rows through Kysely,
 *       no conflict handling, no checks, no answer) — what writing the rows costs at the least.
 *
 * Each is timed from the first request / the command until the last answer; preparing the payloads, the file, the app
 * and the database is not. Median of BENCH_ROUNDS rounds (default 3) after one warm-up round, the three taking turns.
 * Prints the ms, (a) and (b) ÷ baseline (target ≤ 3×) and, for information, the same import sent again (all
 * unchanged). PGlite (in memory) always; PostgreSQL too when one answers at BENCH_POSTGRES_URL / DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a temporary database per candidate, dropped). BENCH_SKIP_PGLITE=1,
 * BENCH_SKIP_POSTGRES=1. A benchmark, not a test: misses are marked, the exit code is 0.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../../server/app.js';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { testConfig } from '../../server/config.js';
import { json } from '../../server/db/json.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { upsertLocations } from '../../server/use-cases/vendor-batches.js';
import { vendorTimeZone, vendorToday } from '../../core/rules/payment-dates.js';

const N = 10_000;
const BATCH = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 3;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCATIONS = Array.from({ length: 10 }, (_, i) => `L-${i + 1}`);
const COLUMNS = ['externalId', 'locationExternalId', 'displayInvNum', 'originalAmount', 'openAmount', 'dueDate', 'invoiceDate', 'externalInvoiceDate', 'poRefId', 'shipToId', 'shipToName', 'status'];

interface Item {
  externalId: string;
  locationExternalId: string;
  displayInvNum: string;
  originalAmount: number;
  openAmount: number;
  dueDate: string;
  externalInvoiceDate: string;
  poRefId: string | null;
  shipTo: { id: string; name: string } | null;
  status: 'open';
}

/** 10,000 invoices of the shapes vendors send: dates, a PO now and then, a ship-to on a third, cents everywhere. */
const items: Item[] = Array.from({ length: N }, (_, i) => {
  const cents = 1_000 + ((i * 7_919) % 500_000);
  const day = (offset: number) => Temporal.PlainDate.from('2026-10-01').add({ days: offset }).toString();
  return {
    externalId: `ERP-${String(i).padStart(6, '0')}`,
    locationExternalId: LOCATIONS[i % LOCATIONS.length]!,
    displayInvNum: `INV${String(100_000 + i)}`,
    originalAmount: cents / 100,
    openAmount: (i % 4 === 0 ? Math.floor(cents / 2) : cents) / 100,
    dueDate: day(i % 90),
    externalInvoiceDate: day((i % 90) - 30),
    poRefId: i % 5 === 0 ? `PO-${i}` : null,
    shipTo: i % 3 === 0 ? { id: String(i % 40), name: `Dock ${i % 40}` } : null,
    status: 'open',
  };
});

const csvCell = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const csvText = [
  COLUMNS.join(','),
  ...items.map((it) =>
    [it.externalId, it.locationExternalId, it.displayInvNum, it.originalAmount, it.openAmount, it.dueDate, '', it.externalInvoiceDate, it.poRefId, it.shipTo?.id, it.shipTo?.name, it.status]
      .map(csvCell)
      .join(','),
  ),
].join('\n');

interface Fresh {
  testDb: TestDb;
  vendorId: string;
  locationIds: Map<string, string>;
}

/** A fresh database with the demo data and the vendor's ten locations. */
async function fresh(databaseUrl: string): Promise<Fresh> {
  const testDb = await createTestDb({ seed: true, databaseUrl });
  const vendorId = testDb.demo!.vendors.pfg;
  const written = await upsertLocations(testDb.db, vendorId, LOCATIONS.map((externalId) => ({ externalId, displayName: `Store ${externalId}` })));
  if (!written.ok) throw new Error(written.refusal.message);
  return { testDb, vendorId, locationIds: new Map(written.value.map((r) => [r.externalId, r.id])) };
}

const seconds = async (work: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

interface Timing {
  first: number;
  again?: number;
}

/** (a) the API: 10 batches of 1,000, then the same 10 again (all unchanged). */
async function viaApi(databaseUrl: string): Promise<Timing> {
  const f = await fresh(databaseUrl);
  const app = await buildApp({ db: f.testDb.db, database: f.testDb.handle, config: testConfig(), logger: false });
  try {
    await app.ready();
    const key = await createApiKey(f.testDb.db, f.vendorId, 'bench');
    if (!key.ok) throw new Error(key.refusal.message);
    const payloads = Array.from({ length: N / BATCH }, (_, b) => JSON.stringify({ invoices: items.slice(b * BATCH, (b + 1) * BATCH) }));
    const send = async (expected: string) => {
      for (const payload of payloads) {
        const res = await app.inject({ method: 'POST', url: '/vendor-api/invoices/batch', headers: { authorization: `Bearer ${key.value.secret}`, 'content-type': 'application/json' }, payload });
        if (res.statusCode !== 200) throw new Error(`API batch: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const outcomes = (res.json() as { results: Array<{ outcome: string }> }).results;
        if (outcomes.length !== BATCH || outcomes.some((r) => r.outcome !== expected)) throw new Error(`API batch: expected ${BATCH} ${expected}`);
      }
    };
    const first = await seconds(() => send('created'));
    const again = await seconds(() => send('unchanged'));
    return { first, again };
  } finally {
    await app.close();
    await f.testDb.drop();
  }
}

/** (b) the file import of the 10,000-row CSV, then the same file again (all unchanged). */
async function viaFile(databaseUrl: string, file: string): Promise<Timing> {
  const f = await fresh(databaseUrl);
  try {
    const importFile = async (expected: string) => {
      const printed: string[] = [];
      await vendorCli(f.testDb.db, ['import', 'invoices', file, '--vendor', f.vendorId], (line) => printed.push(line));
      if (!printed.join('\n').includes(expected)) throw new Error(`file import: expected "${expected}", printed ${printed.join('\n')}`);
    };
    const first = await seconds(() => importFile(`${N} created, 0 updated, 0 unchanged`));
    const again = await seconds(() => importFile(`0 created, 0 updated, ${N} unchanged`));
    return { first, again };
  } finally {
    await f.testDb.drop();
  }
}

/** Baseline: the rows as the use case stores them, by 10 plain INSERTs of 1,000 rows. */
async function viaInsert(databaseUrl: string): Promise<Timing> {
  const f = await fresh(databaseUrl);
  try {
    const now = new Date();
    const today = vendorToday(Temporal.Now.instant(), vendorTimeZone(undefined)).toString();
    const rows = items.map((it) => ({
      vendorId: f.vendorId,
      locationId: f.locationIds.get(it.locationExternalId)!,
      externalId: it.externalId,
      displayInvNum: it.displayInvNum,
      originalAmountCents: Math.round(it.originalAmount * 100),
      openAmountCents: Math.round(it.openAmount * 100),
      dueDate: it.dueDate,
      invoiceDate: today,
      externalInvoiceDate: it.externalInvoiceDate,
      poRefId: it.poRefId,
      extra: json(it.shipTo ? { eodPassthrough: { stId: it.shipTo.id, stName: it.shipTo.name } } : {}),
      payable: true,
      deletedAt: null,
      status: 'open',
      createType: 'API',
      createdAt: now,
      updatedAt: now,
    }));
    const first = await seconds(async () => {
      for (let start = 0; start < rows.length; start += BATCH) await f.testDb.db.insertInto('invoices').values(rows.slice(start, start + BATCH)).execute();
    });
    return { first };
  } finally {
    await f.testDb.drop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US').padStart(7)} ms`;

async function bench(label: string, databaseUrl: string, file: string) {
  console.log(`\n${label}: ${N.toLocaleString('en-US')} invoices, median of ${ROUNDS} rounds after a warm-up`);
  const runs = { api: [] as Timing[], file: [] as Timing[], insert: [] as Timing[] };
  for (let round = 0; round <= ROUNDS; round++) {
    const api = await viaApi(databaseUrl);
    const imported = await viaFile(databaseUrl, file);
    const insert = await viaInsert(databaseUrl);
    const note = `round ${round === 0 ? 'warm-up' : round}: API ${Math.round(api.first)} ms, file ${Math.round(imported.first)} ms, INSERT ${Math.round(insert.first)} ms`;
    console.log(`  ${note}`);
    if (round === 0) continue;
    runs.api.push(api);
    runs.file.push(imported);
    runs.insert.push(insert);
  }
  const baseline = median(runs.insert.map((r) => r.first));
  const row = (name: string, timings: Timing[]) => {
    const first = median(timings.map((t) => t.first));
    const ratio = first / baseline;
    const again = median(timings.map((t) => t.again ?? 0));
    console.log(`  ${name.padEnd(44)} ${ms(first)}   ÷ INSERT ${ratio.toFixed(2)}× (target ≤ ${TARGET}×)${ratio > TARGET ? '  MISSED' : ''}   sent again, all unchanged: ${ms(again)}`);
  };
  console.log(`  ${'baseline: plain INSERT, 10 × 1,000 rows'.padEnd(44)} ${ms(baseline)}`);
  row('(a) API, 10 batches of 1,000 (app.inject)', runs.api);
  row('(b) file import, one CSV of 10,000 rows', runs.file);
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'pp-bench-vendor-import-'));
try {
  const file = path.join(dir, 'invoices.csv');
  writeFileSync(file, csvText);
  console.log(`vendor import bench: node ${process.version}, CSV of ${(csvText.length / 1024 / 1024).toFixed(1)} MB`);
  if (process.env.BENCH_SKIP_PGLITE !== '1') await bench('PGlite (in memory)', '', file);
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    if (await postgresAnswers(POSTGRES_URL)) await bench(`PostgreSQL (${new URL(POSTGRES_URL).host})`, POSTGRES_URL, file);
    else console.log(`\nPostgreSQL: nothing answers at ${new URL(POSTGRES_URL).host}; skipped (BENCH_POSTGRES_URL)`);
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
