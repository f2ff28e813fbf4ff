/**
 * API benchmark: `npx tsx scripts/bench/api.ts`.
 *
 * 1. PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432): a fresh database
 *    `srvperf_bench_<pid>`, migrated and seeded with two scale locations (50 and 5,000 open invoices). The portal
 *    (buildApp, real contract, validation and auth) and a bare Fastify + pg server running the same SQL for the same
 *    call are started side by side, each in its own process; autocannon (in this process) loads
 *    `GET /api/vendors/{v}/locations/{l}/invoices?type=click2pay` on each in turn. The database is dropped at the end.
 * 2. PGlite: the portal on a fresh data directory in a temp folder, the same two locations.
 *
 * The portal keeps list answers per data version (server/http/list-cache.ts), so after the first request of a run it
 * answers from memory. `LIST_CACHE_MB=0` in the environment measures it without that cache; concurrent requests for
 * the same answer still share one read of the database (64 connections asking for one list: most of them). The
 * bare server reads the database for every request. autocannon asks without compression; the `5,000 (br)` run asks
 * as a browser does.
 *
 * The 5,000 ÷ 50 latency is measured with a load generator that reads each answer's bytes and drops them (`drain`,
 * undici's pool: 64 connections, one request in flight on each), beside the bare server measured the same way.
 * autocannon 8 appends every chunk of every answer to a string (`req.body += data`, lib/pipelinedRequestsQueue.js):
 * at 2.5 MB per answer its own process is at 100 % of a core while the portal's is at about 13 %, so its figure for
 * 5,000 is the load generator's. It is still printed beside.
 *
 * Prints each figure, its baseline, the ratio and the target; misses are marked `MISSED`. Always exits 0 (a
 * benchmark, not a test). Env: BENCH_DURATION (seconds per run, default 6), BENCH_CONNECTIONS (default 64),
 * BENCH_PORT (first of four ports, default 18110), BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import pg from 'pg';
import { Pool } from 'undici';

interface ScaleLocation {
  vendorId: string;
  locationId: string;
  contactId: string;
  token: string;
}

interface RunResult {
  label: string;
  reqPerSec: number;
  mean: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  bytesPerReq: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const DURATION = Number(process.env.BENCH_DURATION || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const BASE_PORT = Number(process.env.BENCH_PORT || 18110);
const SERVER_URL = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const children = new Set<ChildProcess>();

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Starts a server process and waits for its `READY {json}` line. */
function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; seeded: Record<string, ScaleLocation> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'api-server.ts'), ...args], {
    cwd: root,
    // the request path at 64 connections, as before shedding existed: a portal that sheds would answer most of them
    // 503 (scripts/bench/overload.ts measures shedding)
    env: { ...process.env, LOAD_SHEDDING: process.env.LOAD_SHEDDING ?? 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, seeded: JSON.parse(line.slice(6)) });
    });
    child.on('exit', (code) => reject(new Error(`server ${args.join(' ')} exited (${code}) before it was ready`)));
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function load(label: string, port: number, loc: ScaleLocation, duration = DURATION, extraHeaders: Record<string, string> = {}): Promise<RunResult> {
  const url = `http://127.0.0.1:${port}/api/vendors/${loc.vendorId}/locations/${loc.locationId}/invoices?type=click2pay`;
  const headers = { authorization: `ContactAccess ${loc.token}`, accept: 'application/json', ...extraHeaders };
  // warm-up: JIT, connection pools, PostgreSQL caches
  await autocannon({ url, headers, connections: Math.min(8, CONNECTIONS), duration: 1 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return {
    label,
    reqPerSec: r.requests.average,
    mean: r.latency.average,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerReq: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
  };
}

/**
 * `connections` requests in flight for `duration` seconds, each answer's bytes read and dropped (never decoded or
 * joined); latency from sending the request to the answer's last byte.
 */
async function drain(label: string, port: number, loc: ScaleLocation, duration = DURATION, extraHeaders: Record<string, string> = {}): Promise<RunResult> {
  const requestPath = `/api/vendors/${loc.vendorId}/locations/${loc.locationId}/invoices?type=click2pay`;
  const headers = { authorization: `ContactAccess ${loc.token}`, accept: 'application/json', ...extraHeaders };
  const run = async (seconds: number, connections: number) => {
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections, pipelining: 1 });
    const latencies: number[] = [];
    let bytes = 0;
    let errors = 0;
    let non2xx = 0;
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    const client = async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const { statusCode, body } = await pool.request({ path: requestPath, method: 'GET', headers });
          for await (const chunk of body) bytes += (chunk as Buffer).length;
          if (statusCode < 200 || statusCode > 299) non2xx++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, client));
    const elapsed = (performance.now() - started) / 1000;
    await pool.close();
    latencies.sort((a, b) => a - b);
    const n = latencies.length;
    return {
      label,
      reqPerSec: n / elapsed,
      mean: n ? latencies.reduce((a, b) => a + b, 0) / n : NaN,
      p99: n ? latencies[Math.min(n - 1, Math.floor(n * 0.99))] : NaN,
      max: n ? latencies[n - 1] : NaN,
      errors,
      non2xx,
      bytesPerReq: n ? bytes / n : 0,
    };
  };
  await run(1, Math.min(8, CONNECTIONS)); // warm-up, as for autocannon
  return run(duration, CONNECTIONS);
}

async function responseSize(port: number, loc: ScaleLocation) {
  const url = `http://127.0.0.1:${port}/api/vendors/${loc.vendorId}/locations/${loc.locationId}/invoices?type=click2pay`;
  const plain = await fetch(url, { headers: { authorization: `ContactAccess ${loc.token}`, 'accept-encoding': 'identity' } });
  const plainBytes = (await plain.arrayBuffer()).byteLength;
  // what a browser receives (it sends Accept-Encoding: gzip, deflate, br)
  const compressedBytes = await new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `ContactAccess ${loc.token}`, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
  return { plainBytes, compressedBytes };
}

const rows: string[][] = [];
function row(figure: string, value: string, baseline: string, ratio: string, target: string, met: boolean | null) {
  rows.push([figure, value, baseline, ratio, target, met === null ? '' : met ? 'ok' : 'MISSED']);
}
const ms = (v: number) => `${v.toFixed(1)} ms`;
const rps = (v: number) => `${Math.round(v)} req/s`;

function printTable() {
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', ''];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const r of rows) console.log(line(r));
}

function describe(r: RunResult) {
  const problems = r.errors + r.non2xx > 0 ? `  (errors ${r.errors}, non-2xx ${r.non2xx})` : '';
  console.log(
    `  ${r.label.padEnd(28)} ${rps(r.reqPerSec).padStart(12)}  mean ${ms(r.mean).padStart(9)}  p99 ${ms(r.p99).padStart(9)}  max ${ms(r.max).padStart(9)}  ${Math.round(r.bytesPerReq / 1024)} KiB/resp${problems}`,
  );
}

async function postgresRuns() {
  const database = `srvperf_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = withDatabase(SERVER_URL, database);
  const started: ChildProcess[] = [];
  try {
    console.log(`PostgreSQL: database ${database}, seeding 50 and 5,000 invoices…`);
    const portal = await startServer(['portal', String(BASE_PORT), '50,5000'], { DATABASE_URL: url });
    started.push(portal.child);
    const bare = await startServer(['bare', String(BASE_PORT + 1)], { DATABASE_URL: url });
    started.push(bare.child);
    const small = portal.seeded['50'];
    const large = portal.seeded['5000'];
    const size = await responseSize(BASE_PORT, large);
    console.log(`  5,000-invoice response: ${(size.plainBytes / 1e6).toFixed(2)} MB, ${(size.compressedBytes / 1e6).toFixed(2)} MB as a browser gets it`);

    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per run`);
    const bare50 = await load('bare Fastify+pg, 50', BASE_PORT + 1, small);
    describe(bare50);
    const portal50 = await load('portal, 50', BASE_PORT, small);
    describe(portal50);
    const portal5000 = await load('portal, 5,000', BASE_PORT, large);
    describe(portal5000);
    const bare5000 = await load('bare Fastify+pg, 5,000', BASE_PORT + 1, large);
    describe(bare5000);
    // what a browser asks: the same list, brotli-compressed (the portal keeps the compressed form with the answer)
    const portal5000br = await load('portal, 5,000, br', BASE_PORT, large, DURATION, { 'accept-encoding': 'gzip, deflate, br' });
    describe(portal5000br);

    console.log(`drain (undici, every answer read to its last byte and dropped): ${CONNECTIONS} connections, ${DURATION} s per run`);
    const drained50 = await drain('portal, 50', BASE_PORT, small);
    describe(drained50);
    const drained5000 = await drain('portal, 5,000', BASE_PORT, large);
    describe(drained5000);
    const drainedBare5000 = await drain('bare Fastify+pg, 5,000', BASE_PORT + 1, large);
    describe(drainedBare5000);
    const drainedBare50 = await drain('bare Fastify+pg, 50', BASE_PORT + 1, small);
    describe(drainedBare50);

    const ratio = portal50.reqPerSec / bare50.reqPerSec;
    row('PG 50: req/s', rps(portal50.reqPerSec), rps(bare50.reqPerSec), ratio.toFixed(2), '≥ 1.0', ratio >= 1);
    row('PG 50: p99', ms(portal50.p99), ms(bare50.p99), (portal50.p99 / bare50.p99).toFixed(2), '≤ 50 ms', portal50.p99 <= 50);
    const scale = drained5000.mean / drained50.mean;
    const bareScale = drainedBare5000.mean / drainedBare50.mean;
    row('PG mean latency 5,000 ÷ 50 (drain)', ms(drained5000.mean), ms(drained50.mean), scale.toFixed(1), '≤ 10×', scale <= 10);
    row('  same, bare Fastify + pg (drain)', ms(drainedBare5000.mean), ms(drainedBare50.mean), bareScale.toFixed(1), '(baseline)', null);
    const scaleAc = portal5000.mean / portal50.mean;
    row('  same, autocannon (its body join)', ms(portal5000.mean), ms(portal50.mean), scaleAc.toFixed(1), '(load generator bound)', null);
    const scaleBr = portal5000br.mean / portal50.mean;
    row('  same, br, autocannon', ms(portal5000br.mean), ms(portal50.mean), scaleBr.toFixed(1), '(as a browser asks)', null);
    row('PG 5,000: req/s', rps(portal5000.reqPerSec), rps(bare5000.reqPerSec), (portal5000.reqPerSec / bare5000.reqPerSec).toFixed(2), '', null);
    row('5,000-invoice response (browser)', `${(size.compressedBytes / 1e6).toFixed(2)} MB`, '2.70 MB', (size.compressedBytes / 2.7e6).toFixed(2), 'smaller', size.compressedBytes < 2.7e6);
    row('5,000-invoice response (identity)', `${(size.plainBytes / 1e6).toFixed(2)} MB`, '2.70 MB', (size.plainBytes / 2.7e6).toFixed(2), '', null);
  } finally {
    for (const child of started) await stopServer(child);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

async function pgliteRuns() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'srvperf-pglite-'));
  try {
    console.log(`\nPGlite: ${dir}, seeding 50 and 5,000 invoices…`);
    const portal = await startServer(['portal', String(BASE_PORT + 2), '50,5000'], { DATABASE_URL: '', DATA_DIR: dir });
    try {
      const small = await load('portal on PGlite, 50', BASE_PORT + 2, portal.seeded['50']);
      describe(small);
      const large = await load('portal on PGlite, 5,000', BASE_PORT + 2, portal.seeded['5000']);
      describe(large);
      row('PGlite 50: p99', ms(small.p99), '', '', '≤ 100 ms', small.p99 <= 100);
      row('PGlite 50: worst', ms(small.max), '', '', '≤ 500 ms', small.max <= 500);
      row('PGlite 50: req/s', rps(small.reqPerSec), '', '', '', null);
      const scale = large.mean / small.mean;
      row('PGlite mean latency 5,000 ÷ 50', ms(large.mean), ms(small.mean), scale.toFixed(1), '(≤ 10× on PG)', null);
    } finally {
      await stopServer(portal.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_POSTGRES) {
    try {
      await postgresRuns();
    } catch (error) {
      console.error(`PostgreSQL runs failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!process.env.BENCH_SKIP_PGLITE) {
    try {
      await pgliteRuns();
    } catch (error) {
      console.error(`PGlite runs failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  printTable();
  const missed = rows.filter((r) => r[5] === 'MISSED').length;
  console.log(missed > 0 ? `\n${missed} target(s) MISSED` : '\nall targets met');
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
