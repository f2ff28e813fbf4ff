/**
 * 100,000 invoices imported over HTTP (`POST /vendor-api/imports`) vs a plain `COPY` of the same rows:
 * `npm run bench -- vendor-http-import` (or `npx tsx scripts/bench/vendor-http-import.ts`). PostgreSQL only (the COPY
 * baseline is psql's `\copy`), BENCH_POSTGRES_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   HTTP: a fresh database (demo data, the vendor's ten locations); the portal in a process of its own
 *         (scripts/bench/api-server.ts); the CSV streamed from disk as the request body over a real connection; timed
 *         from the request until `GET /imports/{id}` says succeeded (upload, storage in chunks, the check pass, the one
 *         write transaction — the whole import), every invoice then counted in the table.
 *   COPY: a fresh database; the same rows as the table stores them, `\copy invoices (…) from <file> csv`.
 *
 * Memory: the server process's live heap (after a collection, sampled every 100 ms through the import; node
 * --expose-gc) importing 10,000 and importing 100,000 rows, a fresh process each: flat when the second is not more
 * than 1.25× the first. Its peak resident memory is printed too, for information (the collector lets the heap grow
 * with the garbage made, so it grows with the work even when nothing is held). BENCH_ROUNDS (default 1) rounds of
 * each after a warm-up; medians. A benchmark, not a test: misses are marked, the exit code is 0.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Temporal } from 'temporal-polyfill';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { upsertLocations } from '../../server/use-cases/vendor-batches.js';
import { vendorTimeZone, vendorToday } from '../../core/rules/payment-dates.js';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 18130);
const TARGET = 3;
const FLAT = 1.25;
const LOCATIONS = Array.from({ length: 10 }, (_, i) => `L-${i + 1}`);
const COLUMNS = ['externalId', 'locationExternalId', 'displayInvNum', 'originalAmount', 'openAmount', 'dueDate', 'invoiceDate', 'externalInvoiceDate', 'poRefId', 'shipToId', 'shipToName', 'status'];

const day = (offset: number) => Temporal.PlainDate.from('2026-10-01').add({ days: offset }).toString();
const item = (i: number) => {
  const cents = 1_000 + ((i * 7_919) % 500_000);
  return {
    externalId: `ERP-${String(i).padStart(6, '0')}`,
    locationExternalId: LOCATIONS[i % LOCATIONS.length]!,
    displayInvNum: `INV${String(100_000 + i)}`,
    originalCents: cents,
    openCents: i % 4 === 0 ? Math.floor(cents / 2) : cents,
    dueDate: day(i % 90),
    externalInvoiceDate: day((i % 90) - 30),
    poRefId: i % 5 === 0 ? `PO-${i}` : '',
    shipTo: i % 3 === 0 ? { id: String(i % 40), name: `Dock ${i % 40}` } : null,
  };
};

/** The vendor's file: what an ERP exports. */
function vendorCsv(n: number): string {
  const lines = [COLUMNS.join(',')];
  for (let i = 0; i < n; i++) {
    const it = item(i);
    lines.push([it.externalId, it.locationExternalId, it.displayInvNum, it.originalCents / 100, it.openCents / 100, it.dueDate, '', it.externalInvoiceDate, it.poRefId, it.shipTo?.id ?? '', it.shipTo?.name ?? '', 'open'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The same rows as the invoices table stores them (COPY's input). */
function tableCsv(n: number, vendorId: string, locationIds: Map<string, string>): string {
  const today = vendorToday(Temporal.Now.instant(), vendorTimeZone(undefined)).toString();
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const it = item(i);
    const extra = JSON.stringify(it.shipTo ? { eodPassthrough: { stId: it.shipTo.id, stName: it.shipTo.name } } : {}).replace(/"/g, '""');
    lines.push([vendorId, locationIds.get(it.locationExternalId)!, it.externalId, it.displayInvNum, it.openCents, it.originalCents, it.dueDate, today, it.externalInvoiceDate, it.poRefId, `"${extra}"`, 'true', 'open', 'API'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function fresh(): Promise<{ t: TestDb; vendorId: string; locationIds: Map<string, string> }> {
  const t = await createTestDb({ seed: true, databaseUrl: POSTGRES_URL });
  const vendorId = t.demo!.vendors.pfg;
  const written = await upsertLocations(t.db, vendorId, LOCATIONS.map((externalId) => ({ externalId, displayName: `Store ${externalId}` })));
  if (!written.ok) throw new Error(written.refusal.message);
  return { t, vendorId, locationIds: new Map(written.value.map((r) => [r.externalId, r.id])) };
}

const serverPids = new WeakMap<ChildProcess, number>();

function startServer(databaseUrl: string, heapSample = false): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'scripts/bench/api-server.ts', 'portal', String(PORT)], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        JOBS: 'off',
        BENCH_LOG_LEVEL: 'error',
        ...(heapSample ? { BENCH_HEAP_SAMPLE_MS: '100', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      // its own process group: npx, tsx and the server stop together
      detached: true,
    });
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const pid = /PID (\d+)/.exec(out);
      if (out.includes('READY') && pid) {
        serverPids.set(child, Number(pid[1]));
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

/** The server's peak resident memory so far, in MiB (its node process: the child of npx / tsx that listens). */
function peakRssMiB(child: ChildProcess): number {
  const pids = [child.pid!, ...execFileSync('pgrep', ['-P', String(child.pid)]).toString().trim().split('\n').filter(Boolean).map(Number)];
  const descendants = (pid: number): number[] => {
    let kids: number[] = [];
    try {
      kids = execFileSync('pgrep', ['-P', String(pid)]).toString().trim().split('\n').filter(Boolean).map(Number);
    } catch {
      kids = [];
    }
    return [pid, ...kids.flatMap(descendants)];
  };
  const all = [...new Set(pids.flatMap(descendants))];
  return Math.max(
    ...all.map((pid) => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Number(m[1]) / 1024 : 0;
      } catch {
        return 0;
      }
    }),
  );
}

/** The server's live-heap peak (BENCH_HEAP_SAMPLE_MS), in MiB. */
function heapPeakMiB(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk;
      const m = /HEAP_PEAK (\d+)/.exec(out);
      if (m) {
        server.stdout!.off('data', onData);
        resolve(Number(m[1]) / 1024 / 1024);
      }
    };
    server.stdout!.on('data', onData);
    // to the server's own process (its pid printed when it started), not npx and tsx around it
    process.kill(serverPids.get(server)!, 'SIGUSR2');
  });
}

async function viaHttp(n: number, file: string, heapSample = false): Promise<{ ms: number; peakMiB: number; heapMiB: number }> {
  const f = await fresh();
  const key = await createApiKey(f.t.db, f.vendorId, 'bench');
  if (!key.ok) throw new Error(key.refusal.message);
  const server = await startServer(f.t.databaseUrl!, heapSample);
  try {
    const base = `http://127.0.0.1:${PORT}/vendor-api`;
    const headers = { authorization: `Bearer ${key.value.secret}` };
    const start = process.hrtime.bigint();
    const res = await fetch(`${base}/imports`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv', 'content-length': String(statSync(file).size) },
      body: Readable.toWeb(createReadStream(file)) as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    for (;;) {
      const state = (await (await fetch(`${base}/imports/${id}`, { headers })).json()) as { status: string; summary: { created: number } | null; problems: unknown[] };
      if (state.status === 'succeeded') {
        if (state.summary?.created !== n) throw new Error(`created ${state.summary?.created}, expected ${n}`);
        break;
      }
      if (state.status === 'failed') throw new Error(`import failed: ${JSON.stringify(state.problems.slice(0, 3))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const peakMiB = peakRssMiB(server);
    const heapMiB = heapSample ? await heapPeakMiB(server) : 0;
    const counted = await f.t.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).where('vendorId', '=', f.vendorId).where('externalId', 'like', 'ERP-%').executeTakeFirstOrThrow();
    if (Number(counted.n) !== n) throw new Error(`${counted.n} invoices in the table, expected ${n}`);
    return { ms, peakMiB, heapMiB };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
    // until the port is free (the server's own process may outlive npx by a moment)
    for (let i = 0; i < 100; i++) {
      const free = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(() => false, () => true);
      if (free) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await f.t.drop();
  }
}

async function viaCopy(n: number, dir: string): Promise<number> {
  const f = await fresh();
  try {
    const file = path.join(dir, `table-${n}.csv`);
    writeFileSync(file, tableCsv(n, f.vendorId, f.locationIds));
    const start = process.hrtime.bigint();
    execFileSync('psql', [f.t.databaseUrl!, '-q', '-v', 'ON_ERROR_STOP=1', '-c',
      `\\copy invoices (vendor_id, location_id, external_id, display_inv_num, open_amount_cents, original_amount_cents, due_date, invoice_date, external_invoice_date, po_ref_id, extra, payable, status, create_type) from '${file}' with (format csv)`]);
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
    await f.t.drop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US').padStart(7)} ms`;

const dir = mkdtempSync(path.join(tmpdir(), 'pp-bench-http-import-'));
try {
  const files = new Map<number, string>();
  for (const n of [10_000, 100_000]) {
    const file = path.join(dir, `vendor-${n}.csv`);
    writeFileSync(file, vendorCsv(n));
    files.set(n, file);
  }
  console.log(`vendor HTTP import bench: node ${process.version}, PostgreSQL at ${new URL(POSTGRES_URL).host}, CSV of 100,000 rows = ${(statSync(files.get(100_000)!).size / 1024 / 1024).toFixed(1)} MB`);
  const http: Record<number, Array<{ ms: number; peakMiB: number }>> = { 10_000: [], 100_000: [] };
  const copy: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const small = await viaHttp(10_000, files.get(10_000)!);
    const large = await viaHttp(100_000, files.get(100_000)!);
    const copied = await viaCopy(100_000, dir);
    console.log(`  round ${round === 0 ? 'warm-up' : round}: HTTP 10,000 ${Math.round(small.ms)} ms (peak ${Math.round(small.peakMiB)} MiB), HTTP 100,000 ${Math.round(large.ms)} ms (peak ${Math.round(large.peakMiB)} MiB), COPY 100,000 ${Math.round(copied)} ms`);
    if (round === 0) continue;
    http[10_000]!.push(small);
    http[100_000]!.push(large);
    copy.push(copied);
  }
  const baseline = median(copy);
  const large = median(http[100_000]!.map((r) => r.ms));
  const ratio = large / baseline;
  console.log(`  ${'baseline: COPY of the 100,000 rows'.padEnd(52)} ${fmt(baseline)}`);
  console.log(`  ${'HTTP import of 100,000 (upload → succeeded)'.padEnd(52)} ${fmt(large)}   ÷ COPY ${ratio.toFixed(2)}× (target ≤ ${TARGET}×)${ratio > TARGET ? '  MISSED' : ''}`);
  const peakSmall = median(http[10_000]!.map((r) => r.peakMiB));
  const peakLarge = median(http[100_000]!.map((r) => r.peakMiB));
  console.log(`  ${'server peak resident memory, 100,000 vs 10,000'.padEnd(52)} ${Math.round(peakLarge)} MiB vs ${Math.round(peakSmall)} MiB = ${(peakLarge / peakSmall).toFixed(2)}× (for information: the collector grows the heap with the garbage made)`);
  // what the process holds: its live heap, sampled after a collection every 100 ms through each import
  const heldSmall = (await viaHttp(10_000, files.get(10_000)!, true)).heapMiB;
  const heldLarge = (await viaHttp(100_000, files.get(100_000)!, true)).heapMiB;
  const growth = heldLarge / heldSmall;
  console.log(`  ${'server live heap peak, 100,000 vs 10,000 rows'.padEnd(52)} ${Math.round(heldLarge)} MiB vs ${Math.round(heldSmall)} MiB = ${growth.toFixed(2)}× (flat: ≤ ${FLAT}×)${growth > FLAT ? '  MISSED' : ''}`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
