/**
 * What the Prometheus metrics cost: `npm run bench -- metrics` (`npx tsx scripts/bench/metrics.ts`).
 *
 * The API bench's load (autocannon, BENCH_CONNECTIONS connections, `GET /api/vendors/{v}/locations/{l}/invoices` of a
 * 50-invoice location on PostgreSQL, load shedding off) on two portal processes side by side on one fresh database:
 * one without metrics, one with METRICS_PORT, whose /metrics is scraped every BENCH_SCRAPE_MS (default 1,000 ms, 15×
 * Prometheus' usual interval) while it is loaded. By default both are loaded AT ONCE, half the connections each, for
 * BENCH_ROUNDS rounds: on a machine whose other work comes and goes (this one is shared) one-after-the-other runs
 * differed by ±30 % between runs of the same server, while load that falls on both alike cancels out of their ratio.
 * BENCH_MODE=alternate loads one at a time instead (off-on, on-off, …). Prints each run, the ratio per round and its
 * median, then throughput with metrics on ÷ off over all rounds (target ≥ 0.95). A benchmark, not a test: exits 0.
 *
 * Env: BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (64), BENCH_ROUNDS (3), BENCH_SCRAPE_MS (1000),
 * BENCH_PORT (first of three ports, default 18130), BENCH_POSTGRES_URL / DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb, migrateToLatest } from '../../server/db/connect.js';
import { seedScaleLocation } from '../../server/seed/scale.js';

interface ScaleLocation {
  vendorId: string;
  locationId: string;
  token: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SCRAPE_MS = Number(process.env.BENCH_SCRAPE_MS || 1000);
const MODE = process.env.BENCH_MODE === 'alternate' ? 'alternate' : 'concurrent';
const BASE_PORT = Number(process.env.BENCH_PORT || 18130);
const SERVER_URL = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const children = new Set<ChildProcess>();

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A portal process of the API bench (scripts/bench/api-server.ts); resolves with its scale locations once it listens. */
function startPortal(port: number, seed: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; seeded: Record<string, ScaleLocation> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'api-server.ts'), 'portal', String(port), seed], {
    cwd: root,
    env: { ...process.env, LOAD_SHEDDING: 'off', METRICS_PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, seeded: JSON.parse(line.slice(6)) });
    });
    child.on('exit', (code) => reject(new Error(`portal on ${port} exited (${code}) before it was ready`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** CPU seconds (user + system) the process has used so far (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(port: number, loc: ScaleLocation, duration: number, connections: number) {
  const url = `http://127.0.0.1:${port}/api/vendors/${loc.vendorId}/locations/${loc.locationId}/invoices?type=click2pay`;
  const r = await autocannon({ url, headers: { authorization: `ContactAccess ${loc.token}`, accept: 'application/json' }, connections, duration });
  return { requests: r.requests.total as number, reqPerSec: r.requests.total / duration, p99: r.latency.p99 as number, problems: (r.errors + r.timeouts + r.non2xx) as number };
}

/** Scrapes `url` every SCRAPE_MS until stopped; answers how many scrapes there were and the slowest one. */
function scraper(url: string) {
  let count = 0;
  let slowest = 0;
  let failed = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(url);
        await res.text();
        if (res.status !== 200) failed += 1;
      } catch {
        failed += 1;
      }
      count += 1;
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, SCRAPE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { count, slowest, failed };
    },
  };
}

async function main() {
  const database = `metrics_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = withDatabase(SERVER_URL, database);
  const started: ChildProcess[] = [];
  try {
    console.log(`PostgreSQL: database ${database}; two portals, metrics off (:${BASE_PORT}) and on (:${BASE_PORT + 1}, /metrics on :${BASE_PORT + 2})`);
    // seeded here, so the two portals start alike (neither has done the seeding's work)
    const handle = await createDb({ databaseUrl: url });
    await migrateToLatest(handle.db);
    const loc = await seedScaleLocation(handle.db, { invoices: 50, label: 'bench-50' });
    await handle.close();
    const [off, on] = await Promise.all([
      startPortal(BASE_PORT, '', { DATABASE_URL: url }),
      startPortal(BASE_PORT + 1, '', { DATABASE_URL: url, METRICS_PORT: String(BASE_PORT + 2) }),
    ]);
    started.push(off.child, on.child);
    const metricsUrl = `http://127.0.0.1:${BASE_PORT + 2}/metrics`;
    // warm-up of both: JIT, pools, the list cache
    for (const port of [BASE_PORT, BASE_PORT + 1]) await load(port, loc, 2, Math.min(8, CONNECTIONS));
    console.log(
      MODE === 'concurrent'
        ? `autocannon: both portals loaded at once, ${CONNECTIONS / 2} connections each, ${DURATION} s per round, ${ROUNDS} rounds; /metrics scraped every ${SCRAPE_MS} ms`
        : `autocannon: one portal at a time, alternating, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds; /metrics scraped every ${SCRAPE_MS} ms during the runs with metrics`,
    );
    const totals = { off: 0, on: 0 };
    const ratios: number[] = [];
    // CPU of each portal process per answered request: what the metrics cost, nearly untouched by what else runs
    const cpu = { off: { seconds: 0, requests: 0 }, on: { seconds: 0, requests: 0 } };
    const pids = { off: off.child.pid!, on: on.child.pid! };
    for (let round = 0; round < ROUNDS; round += 1) {
      const result: Record<string, number> = {};
      const run = async (which: 'off' | 'on', connections: number) => {
        const scrapes = which === 'on' ? scraper(metricsUrl) : undefined;
        const cpuBefore = cpuSeconds(pids[which]);
        const r = await load(which === 'on' ? BASE_PORT + 1 : BASE_PORT, loc, DURATION, connections);
        const s = await scrapes?.stop();
        const cpuUsed = cpuSeconds(pids[which]) - cpuBefore;
        cpu[which].seconds += cpuUsed;
        cpu[which].requests += r.requests;
        result[which] = r.reqPerSec;
        totals[which] += r.reqPerSec;
        const scraped = s ? `  ${s.count} scrapes, slowest ${s.slowest.toFixed(0)} ms${s.failed ? `, ${s.failed} failed` : ''}` : '';
        return `  round ${round + 1} metrics ${which.padEnd(3)} ${Math.round(r.reqPerSec).toString().padStart(6)} req/s  p99 ${r.p99} ms  CPU ${((cpuUsed / r.requests) * 1e6).toFixed(0)} µs/request${r.problems ? `  (errors/non-2xx ${r.problems})` : ''}${scraped}`;
      };
      if (MODE === 'concurrent') {
        // both at once, half the connections each: whatever else the machine does falls on both alike, and with the
        // CPU shared between them each one's throughput goes as 1 ÷ its cost per request
        // (which one's load starts first alternates)
        const lines = round % 2 === 0
          ? await Promise.all([run('off', CONNECTIONS / 2), run('on', CONNECTIONS / 2)])
          : (await Promise.all([run('on', CONNECTIONS / 2), run('off', CONNECTIONS / 2)])).reverse();
        for (const line of lines) console.log(line);
      } else {
        const order: Array<'off' | 'on'> = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
        for (const which of order) console.log(await run(which, CONNECTIONS));
      }
      ratios.push(result.on! / result.off!);
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    const ratio = totals.on / totals.off;
    const sample = await (await fetch(metricsUrl)).text();
    // labels in prom-client's order: origin, method, route, status
    const counted = /^pp_http_requests_total\{[^}]*method="GET",route="\/api\/vendors\/:vendorId\/locations\/:locationId\/invoices",status="200"\} (\d+)$/m.exec(sample)?.[1];
    console.log(`\n  requests the portal with metrics counted on that route: ${counted ?? '(none: metrics not on?)'}`);
    console.log(`  per round on ÷ off: ${ratios.map((r) => r.toFixed(3)).join(', ')}; median ${median.toFixed(3)}`);
    const perRequest = { off: cpu.off.seconds / cpu.off.requests, on: cpu.on.seconds / cpu.on.requests };
    const cpuRatio = perRequest.off / perRequest.on;
    console.log(`  CPU per request: ${(perRequest.on * 1e6).toFixed(0)} µs with metrics, ${(perRequest.off * 1e6).toFixed(0)} µs without`);
    console.log(`\nthroughput a core gives with metrics on ÷ off (CPU per request, off ÷ on): ${cpuRatio.toFixed(3)}  target ≥ 0.95  ${cpuRatio >= 0.95 ? 'ok' : 'MISSED'}`);
    console.log(`throughput with metrics on ÷ off: ${ratio.toFixed(3)} (${Math.round(totals.on / ROUNDS)} vs ${Math.round(totals.off / ROUNDS)} req/s)  target ≥ 0.95  ${ratio >= 0.95 ? 'ok' : 'MISSED'}`);
  } finally {
    for (const child of started) await stop(child);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

process.on('SIGINT', () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(130);
});

main()
  .catch((error) => console.error(error))
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
    process.exitCode = 0;
  });
