/**
 * Finding an invoice by the vendor's own id among many: `npm run bench -- vendor-lookups` (or
 * `npx tsx scripts/bench/vendor-lookups.ts`). For a vendor with 1,000 invoices (the baseline) and with 100,000, on a
 * fresh database each (demo data plus the vendor's invoices, written by one INSERT … SELECT), in the same run:
 *
 *   (a) `GET /vendor-api/invoices/by-external-id/{externalId}`, one invoice;
 *   (b) `GET /vendor-api/invoices?externalId=…` with 10 externalIds;
 *   (c) `GET /vendor-api/invoices?updatedSince=…` naming the 10 invoices changed last.
 *
 * Each through `app.inject` (the key, the contract's validation, the query, the answer), LOOKUPS random ids after a
 * warm-up, the median per call. Prints each ms and 100,000 ÷ 1,000 (target ≤ 2×: the lookup is an index probe, not a
 * scan). PGlite (in memory) always; PostgreSQL too when one answers at BENCH_POSTGRES_URL / DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres). BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1. A benchmark, not a test:
 * misses are marked, the exit code is 0.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createTestDb } from '../../server/db/testing.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';

const SIZES = [1_000, 100_000] as const;
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 200);
const TARGET = 2;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(size: number, databaseUrl: string | undefined) {
  const t = await createTestDb({ seed: true, databaseUrl });
  // the key's requests are still counted (a write per call, as in production), under a quota the bench never reaches
  const unlimited = { read: 1_000_000_000, write: 1_000_000_000, outbound: 1_000_000_000 };
  const app = await buildApp({ db: t.db, database: t.handle, config: testConfig({ vendorRateLimits: unlimited }), logger: false });
  await app.ready();
  try {
    const vendorId = t.demo!.vendors.pfg;
    const locationId = t.demo!.locations.blueHeron;
    await sql`insert into invoices (vendor_id, location_id, external_id, display_inv_num, open_amount_cents, original_amount_cents, due_date, updated_at)
      select ${vendorId}, ${locationId}, 'BX-' || g, 'BX-' || g, 1000 + g % 5000, 1000 + g % 5000, date '2099-01-01' + (g % 365), now() - interval '1 day'
      from generate_series(1, ${size}) g`.execute(t.db);
    await sql`analyze invoices`.execute(t.db);
    const since = new Date().toISOString();
    await sql`update invoices set updated_at = now() where vendor_id = ${vendorId} and external_id in (${sql.join(Array.from({ length: 10 }, (_, i) => `BX-${i + 1}`))})`.execute(t.db);
    const created = await createApiKey(t.db, vendorId, 'bench');
    if (!created.ok) throw new Error('no key');
    const headers = { authorization: `Bearer ${created.value.secret}` };
    const pick = () => `BX-${1 + Math.floor(Math.random() * size)}`;
    const calls: Record<string, () => string> = {
      'one by externalId': () => `/vendor-api/invoices/by-external-id/${pick()}`,
      '10 by externalId': () => `/vendor-api/invoices?${Array.from({ length: 10 }, () => `externalId=${pick()}`).join('&')}`,
      'changed since': () => `/vendor-api/invoices?updatedSince=${encodeURIComponent(since)}`,
    };
    const result: Record<string, number> = {};
    for (const [name, url] of Object.entries(calls)) {
      for (let i = 0; i < 20; i++) await app.inject({ url: url(), headers });
      const times: number[] = [];
      for (let i = 0; i < LOOKUPS; i++) {
        const started = performance.now();
        const res = await app.inject({ url: url(), headers });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      }
      result[name] = median(times);
    }
    return result;
  } finally {
    await app.close();
    await t.drop();
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const targets: Array<[string, string | undefined]> = [];
if (process.env.BENCH_SKIP_PGLITE !== '1') targets.push(['PGlite', undefined]);
if (process.env.BENCH_SKIP_POSTGRES !== '1' && (await postgresAnswers())) targets.push(['PostgreSQL', POSTGRES_URL]);
for (const [label, url] of targets) {
  const [small, large] = [await measure(SIZES[0], url), await measure(SIZES[1], url)];
  console.log(`\n${label}: median per call over ${LOOKUPS} calls (through the app: key, validation, query, answer)`);
  for (const name of Object.keys(small)) {
    const ratio = large[name] / small[name];
    console.log(
      `  ${name.padEnd(18)} 1,000: ${small[name].toFixed(2)} ms   100,000: ${large[name].toFixed(2)} ms   = ${ratio.toFixed(2)}× (target ≤ ${TARGET}×)${ratio > TARGET ? '  MISSED' : ''}`,
    );
  }
}
process.exit(0);
