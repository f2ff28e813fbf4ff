/**
 * Overload benchmark: `npx tsx scripts/bench/overload.ts` (part of `npm run bench`; alone:
 * `npm run bench -- overload`).
 *
 * Two portal processes (`server/main.ts`, as in production; jobs off) on one fresh PostgreSQL database
 * (`overload_bench_<pid>` on TEST_PG_URL's server, dropped at the end), and 500 connections spread over them as a load
 * balancer would (250 each), every connection one virtual user sending its next request as soon as it has its answer:
 * 80 % reads (the invoice list, the vendors, the payment methods, the payment report), 20 % payment submits (each a
 * new Idempotency-Key for an invoice of its own, at 100 locations in turn: many customers pay at once, and payments at
 * one location queue behind each other in PostgreSQL, on its list data version). A user answered 503 waits its
 * `Retry-After` with jitter (up to +50 %), as a well-behaved client does, and for a payment retries with the same key.
 *
 * The same run twice on fresh processes: with load shedding as shipped (the defaults: the adaptive concurrency limit,
 * no event-loop bound; SHED_* variables set for the bench pass through) and without (`LOAD_SHEDDING=off`, the
 * baseline). Each portal's concurrency limit is read from its metrics (METRICS_PORT) every 500 ms. For each it prints admitted requests (answered other than 503) p50/p99/max, shed requests (503) p99/max,
 * 5xx other than 503, transport errors, and checks every acknowledged payment is in the database exactly once.
 * Targets (this 2-core machine): admitted p99 ≤ 500 ms, shed answered ≤ 50 ms, 0 × 5xx other than 503, every
 * acknowledged payment once. A benchmark, not a test: prints, marks misses `MISSED`, exits 0.
 * Webhooks: a receiver in this process (answering 200 at once) is registered for payment_group.scheduled through the
 * vendor API; both portals deliver (the same WEBHOOK_SECRETS_KEY). For every payment event of a run: its first
 * delivery attempt's time − the event's time (written with the payment, in its transaction), p50/p99/max, beside the
 * same figure for 20 payments one after another with no other load (the baseline). Target: p99 ≤ 2 s under the load.
 * Env: BENCH_OVERLOAD_DURATION (seconds per run, default 20), BENCH_OVERLOAD_CONNECTIONS (default 500),
 * BENCH_PORT (default 18110; this uses +20 and +21 for the portals, +25 and +26 for their metrics).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { sql } from 'kysely';
import { createDb } from '../../server/db/connect.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { DEMO_EPA } from '../../server/seed/demo.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const DURATION = Number(process.env.BENCH_OVERLOAD_DURATION || 20);
const CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS || 500);
const BASE_PORT = Number(process.env.BENCH_PORT || 18110) + 20;
const SERVER_URL = process.env.TEST_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const INVOICES = 40_000;
const LOCATIONS = 100;
const WARMUP_S = Number(process.env.BENCH_OVERLOAD_WARMUP || 2);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const children = new Set<ChildProcess>();
/** every portal seals and opens webhook secrets with the same key */
const WEBHOOK_SECRETS_KEY = randomBytes(32).toString('hex');

/** The receiver of the webhooks: answers 200 at once and counts. */
async function startReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received: () => received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Commit-to-first-attempt of the payment events since `since` (after waiting up to 60 s for the last ones). */
async function webhookLatency(databaseUrl: string, since: Date) {
  const handle = await createDb({ databaseUrl, poolSize: 2 });
  try {
    for (let i = 0; i < 600; i += 1) {
      const pending = await sql<{ n: string }>`select count(*) as n from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
        where ev.created_at >= ${since} and d.attempts = 0`.execute(handle.db);
      if (Number(pending.rows[0]!.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rows = await sql<{ ms: number | null }>`select extract(epoch from (min(a.attempted_at) - ev.created_at)) * 1000 as ms
        from webhook_events ev join webhook_deliveries d on d.event_id = ev.id left join webhook_attempts a on a.delivery_id = d.id
       where ev.created_at >= ${since} and ev.type = 'payment_group.scheduled' group by ev.id, ev.created_at`.execute(handle.db);
    const never = rows.rows.filter((r) => r.ms === null).length;
    const sorted = rows.rows.filter((r) => r.ms !== null).map((r) => Number(r.ms)).sort((x, y) => x - y);
    return { n: rows.rows.length, never, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
  } finally {
    await handle.close();
  }
}
type Latency = Awaited<ReturnType<typeof webhookLatency>>;

async function startPortal(port: number, databaseUrl: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; token: string; metricsUrl: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pp-overload-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), PAYMENTS_PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'error', JOBS: 'off', WEBHOOK_SECRETS_KEY, METRICS_PORT: String(port + 5), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => {
    children.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });
  let out = '';
  const token = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const match = /Open the demo: \S+\/token\/([A-Za-z0-9_-]+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the portal on ${port} exited (${code}) before it was ready:\n${out}`)));
  });
  return { child, token, metricsUrl: `http://127.0.0.1:${port + 5}/metrics` };
}

/** A portal's concurrency limit now (its metrics), or undefined (no bound registered: shedding off). */
async function concurrencyLimit(metricsUrl: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(metricsUrl)).text();
    const match = /^pp_http_concurrency_limit (\S+)$/m.exec(text);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

interface Payment {
  path: string;
  methodId: string;
  invoiceId: string;
}

interface Setup {
  readPaths: string[];
  paymentDate: string;
  payments: Payment[];
  /** the webhook latency of 20 payments one after another with no other load */
  idleWebhooks: Latency;
}

interface RunFigures {
  label: string;
  requests: number;
  reqPerSec: number;
  admitted: { n: number; p50: number; p99: number; max: number };
  shed: { n: number; p50: number; p99: number; max: number };
  other5xx: number;
  transportErrors: number;
  paymentsAcked: number;
  paymentsInDbOnce: boolean;
  paymentsDetail: string;
  warm: { n: number; p99: number; max: number };
  byKind: string;
  generatorLag: { p50: number; p99: number; max: number };
  webhooks: Latency;
  /** each portal's concurrency limit, read every 500 ms during the run */
  limits: string;
}

async function run(label: string, env: NodeJS.ProcessEnv, databaseUrl: string, setup: Setup): Promise<RunFigures> {
  const portals = [await startPortal(BASE_PORT, databaseUrl, env), await startPortal(BASE_PORT + 1, databaseUrl, env)];
  const pools = portals.map((_, i) => new Pool(`http://127.0.0.1:${BASE_PORT + i}`, { connections: Math.ceil(CONNECTIONS / 2), pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 }));
  const admitted: number[] = [];
  const shed: number[] = [];
  const warm: number[] = [];
  const byKind: Record<string, number[]> = {};
  let other5xx = 0;
  let transportErrors = 0;
  const acked = new Map<string, string>(); // invoiceId → paymentGroupId
  const payAttempts: Array<{ invoiceId: string; statuses: number[] }> = [];
  let invoiceCursor = 0;
  const end = performance.now() + DURATION * 1000;
  const started = performance.now();
  const startedAt = new Date();
  // the load generator shares the machine's two cores with the two portals: its own event-loop delay is part of
  // every latency it measures, so it is measured too
  const lag = monitorEventLoopDelay({ resolution: 10 });
  setTimeout(() => lag.enable(), WARMUP_S * 1000).unref();

  const send = async (pool: Pool, token: string, method: 'GET' | 'POST', requestPath: string, body?: unknown, key?: string) => {
    const t = performance.now();
    const headers: Record<string, string> = { authorization: `ContactAccess ${token}`, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    try {
      const res = await pool.request({ path: requestPath, method, headers, body: body ? JSON.stringify(body) : undefined });
      const text = await res.body.text();
      const ms = performance.now() - t;
      // the first WARMUP_S seconds are not counted: 500 connections being accepted (one per turn of a server's event
      // loop, libuv#3696) and code not yet compiled; they are printed apart
      const bucket = t - started < WARMUP_S * 1000 ? warm : null;
      if (bucket) bucket.push(ms);
      else if (res.statusCode === 503) shed.push(ms);
      else {
        admitted.push(ms);
        const kind = method === 'POST' ? 'payment submit' : requestPath.replace(/\/api\/vendors\/[^/]+\/locations\/[^/]+/, '…').replace(/\?.*/, '');
        (byKind[kind] ??= []).push(ms);
      }
      if (res.statusCode >= 500 && res.statusCode !== 503) other5xx++;
      return { status: res.statusCode, text, retryAfter: Number(res.headers['retry-after'] ?? 1) };
    } catch {
      transportErrors++;
      return { status: 0, text: '', retryAfter: 1 };
    }
  };

  const user = async (index: number) => {
    const server = index % 2;
    const pool = pools[server]!;
    const token = portals[server]!.token;
    let turn = index;
    while (performance.now() < end) {
      turn += 1;
      if (turn % 5 === 0) {
        const payment = setup.payments[invoiceCursor++];
        if (!payment) throw new Error('the bench ran out of open invoices');
        const invoiceId = payment.invoiceId;
        const key = randomUUID();
        const attempt = { invoiceId, statuses: [] as number[] };
        payAttempts.push(attempt);
        const body = { paymentMethodId: payment.methodId, paymentDate: setup.paymentDate, partialPayments: [], invoices: [invoiceId], epaVersion: DEMO_EPA['plastiq-cc'].version };
        // a payment is retried with its key after each 503 until it is answered (also past the run's end)
        for (let i = 0; i < 50; i += 1) {
          const answer = await send(pool, token, 'POST', payment.path, body, key);
          attempt.statuses.push(answer.status);
          if (answer.status === 201) {
            acked.set(invoiceId, JSON.parse(answer.text).paymentGroupId);
            break;
          }
          if (answer.status !== 503 && answer.status !== 0) break;
          await new Promise((resolve) => setTimeout(resolve, retryDelay(answer.retryAfter)));
        }
      } else {
        const answer = await send(pool, token, 'GET', setup.readPaths[turn % setup.readPaths.length]!);
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, retryDelay(answer.retryAfter)));
      }
    }
  };
  const limitSamples = portals.map(() => [] as number[]);
  const sampler = setInterval(() => {
    portals.forEach((portal, i) => void concurrencyLimit(portal.metricsUrl).then((limit) => limit !== undefined && limitSamples[i]!.push(limit)));
  }, 500);
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => user(i)));
  clearInterval(sampler);
  const limits = limitSamples.every((l) => l.length === 0)
    ? 'no bound (shedding off)'
    : limitSamples.map((l, i) => {
      const sorted = [...l].sort((x, y) => x - y);
      return `portal ${i + 1}: median ${percentile(sorted, 50)}, min ${sorted[0]}, max ${sorted.at(-1)} (every 500 ms: ${l.join(' ')})`;
    }).join('; ');
  const seconds = (performance.now() - started) / 1000;
  lag.disable();
  const generatorLag = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
  await Promise.all(pools.map((p) => p.close()));
  // the portals keep delivering until every event of the run had its first attempt
  const webhooks = await webhookLatency(databaseUrl, startedAt);
  for (const portal of portals) await stop(portal.child);

  // every acknowledged payment exactly once, in the group its 201 named; nothing for a payment never acknowledged
  const handle = await createDb({ databaseUrl, poolSize: 2 });
  const ids = payAttempts.map((a) => a.invoiceId);
  const rows: Array<{ invoiceId: string; paymentGroupId: string }> = [];
  for (let i = 0; i < ids.length; i += 5_000) {
    rows.push(...(await handle.db.selectFrom('payments').select(['invoiceId', 'paymentGroupId']).where('invoiceId', 'in', ids.slice(i, i + 5_000)).execute()));
  }
  await handle.close();
  const perInvoice = new Map<string, string[]>();
  for (const row of rows) perInvoice.set(row.invoiceId, [...(perInvoice.get(row.invoiceId) ?? []), row.paymentGroupId]);
  let wrong = 0;
  for (const attempt of payAttempts) {
    const inDb = perInvoice.get(attempt.invoiceId) ?? [];
    const ack = acked.get(attempt.invoiceId);
    if (ack ? !(inDb.length === 1 && inDb[0] === ack) : inDb.length !== 0) wrong += 1;
  }
  const unanswered = payAttempts.filter((a) => !acked.has(a.invoiceId)).length;

  const w = [...warm].sort((x, y) => x - y);
  const a = [...admitted].sort((x, y) => x - y);
  const s = [...shed].sort((x, y) => x - y);
  return {
    label,
    requests: admitted.length + shed.length,
    reqPerSec: (admitted.length + shed.length) / seconds,
    admitted: { n: a.length, p50: percentile(a, 50), p99: percentile(a, 99), max: a.at(-1) ?? 0 },
    shed: { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? 0 },
    other5xx,
    transportErrors,
    paymentsAcked: acked.size,
    paymentsInDbOnce: wrong === 0,
    generatorLag,
    byKind: Object.entries(byKind).map(([kind, list]) => {
      const sorted = list.sort((x, y) => x - y);
      return `${kind} ${sorted.length}: p50 ${Math.round(percentile(sorted, 50))} / p99 ${Math.round(percentile(sorted, 99))} ms`;
    }).join('; '),
    warm: { n: w.length, p99: percentile(w, 99), max: w.at(-1) ?? 0 },
    paymentsDetail: `${payAttempts.length} submitted, ${acked.size} acknowledged, ${unanswered} never acknowledged, ${wrong} wrong in the database`,
    webhooks,
    limits,
  };
}

async function prepare(databaseUrl: string, receiverUrl: string): Promise<Setup> {
  // the first start migrates and seeds; then our own open invoices for the payments
  const first = await startPortal(BASE_PORT, databaseUrl, {});
  const handle = await createDb({ databaseUrl, poolSize: 2 });
  const { db } = handle;
  const contact = await db.selectFrom('contacts').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
  const card = await db.selectFrom('paymentMethods').selectAll().where('contactId', '=', contact.id).where('name', '=', 'Visa Business').executeTakeFirstOrThrow();
  const location = `/api/vendors/${card.vendorId}/locations/${card.locationId}`;
  const template = await db.selectFrom('invoices').selectAll().where('locationId', '=', card.locationId).where('payable', '=', true)
    .where('deletedAt', 'is', null).where('openAmountCents', '>', 0).orderBy('displayInvNum').executeTakeFirstOrThrow();
  // LOCATIONS locations of the contact's, each with the card and its own open invoices: 500 customers paying at once
  // pay at many locations (a payment at one location writes its list data version: those at one location queue)
  const place = await db.selectFrom('locations').selectAll().where('id', '=', card.locationId).executeTakeFirstOrThrow();
  const targets: Array<{ path: string; methodId: string; invoices: string[] }> = [];
  for (let n = 0; n < LOCATIONS; n += 1) {
    const { id: _l, createdAt: _lc, ...placeCopy } = place;
    const loc = await db.insertInto('locations').values({ ...placeCopy, displayName: `${place.displayName} ${n + 1}`, externalId: place.externalId ? `${place.externalId}-LOAD-${n + 1}` : null, address: JSON.stringify(place.address) as never, paymentConfigs: JSON.stringify(place.paymentConfigs) as never }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contactLocations').values({ contactId: contact.id, vendorId: card.vendorId, locationId: loc.id }).execute();
    const { id: _m, createdAt: _mc, updatedAt: _mu, ...cardCopy } = card as typeof card & { updatedAt?: unknown };
    const method = await db.insertInto('paymentMethods').values({ ...cardCopy, locationId: loc.id } as never).returning('id').executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
    const rows = Array.from({ length: INVOICES / LOCATIONS }, (_, j) => ({ ...copy, locationId: loc.id, externalId: `LOAD-${n}-${j}`, displayInvNum: `LOAD${n}-${String(j).padStart(5, '0')}`, extra: JSON.stringify(copy.extra) as never, payable: true }));
    const invoices = (await db.insertInto('invoices').values(rows).returning('id').execute()).map((r) => r.id);
    targets.push({ path: `/api/vendors/${card.vendorId}/locations/${loc.id}/paymentgroups`, methodId: method.id, invoices });
  }
  // the reads: a location of the contact's other than the payments' one (whose invoice list the load makes long)
  const other = await db.selectFrom('contactLocations').select(['vendorId', 'locationId']).where('contactId', '=', contact.id)
    .where('locationId', '!=', card.locationId).executeTakeFirstOrThrow();
  await handle.close();
  const readLocation = `/api/vendors/${other.vendorId}/locations/${other.locationId}`;
  const readPaths = [`${readLocation}/invoices?type=click2pay`, '/api/vendors', `${readLocation}/paymentmethods`, `${readLocation}/paymentgroups?onlyPending=false`];
  // the first card payment date the server accepts (its clock and calendar)
  const pool = new Pool(`http://127.0.0.1:${BASE_PORT}`, { connections: 1 });
  let paymentDate = '';
  for (let day = 0; day < 30 && !paymentDate; day += 1) {
    const candidate = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const res = await pool.request({
      path: targets[0]!.path,
      method: 'POST',
      headers: { authorization: `ContactAccess ${first.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ paymentMethodId: targets[0]!.methodId, paymentDate: candidate, partialPayments: [], invoices: [targets[0]!.invoices.pop()!], epaVersion: DEMO_EPA['plastiq-cc'].version }),
    });
    await res.body.text();
    if (res.statusCode === 201) paymentDate = candidate;
  }
  if (!paymentDate) throw new Error('no payment date was accepted');
  // the receiver's endpoint, through the vendor API with a key of the card's vendor
  const keyHandle = await createDb({ databaseUrl, poolSize: 1 });
  const key = await createApiKey(keyHandle.db, card.vendorId, 'overload bench');
  await keyHandle.close();
  if (!key.ok) throw new Error('no vendor key');
  const registered = await pool.request({
    path: '/vendor-api/webhook-endpoints',
    method: 'POST',
    headers: { authorization: `Bearer ${key.value.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiverUrl, eventTypes: ['payment_group.scheduled'] }),
  });
  if (registered.statusCode !== 201) throw new Error(`the webhook endpoint was refused: ${await registered.body.text()}`);
  await registered.body.text();
  // the baseline: 20 payments one after another, nothing else running
  const idleSince = new Date();
  for (let i = 0; i < 20; i += 1) {
    const target = targets[(i % (targets.length - 1)) + 1]!;
    const res = await pool.request({
      path: target.path,
      method: 'POST',
      headers: { authorization: `ContactAccess ${first.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ paymentMethodId: target.methodId, paymentDate, partialPayments: [], invoices: [target.invoices.pop()!], epaVersion: DEMO_EPA['plastiq-cc'].version }),
    });
    await res.body.text();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const idleWebhooks = await webhookLatency(databaseUrl, idleSince);
  await pool.close();
  await stop(first.child);
  // one queue of payments taking the locations in turn
  const payments: Payment[] = [];
  for (let j = 0; j < INVOICES / LOCATIONS; j += 1) for (const t of targets) if (t.invoices[j]) payments.push({ path: t.path, methodId: t.methodId, invoiceId: t.invoices[j]! });
  void location;
  return { readPaths, paymentDate, payments, idleWebhooks };
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** A client answered 503 waits its Retry-After and up to half as long again at random (jitter: 500 users shed in the
 *  same instant do not all come back in the same instant). */
function retryDelay(retryAfterSeconds: number): number {
  return retryAfterSeconds * 1000 * (1 + Math.random() * 0.5);
}

async function main() {
  const name = `overload_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(SERVER_URL, name);
  try {
    const receiver = await startReceiver();
    const setup = await prepare(databaseUrl, receiver.url);
    // half the invoices for each run
    const half = Math.floor(setup.payments.length / 2);
    const set = Object.entries(process.env).filter(([k]) => k.startsWith('SHED_')).map(([k, v]) => `${k}=${v}`).join(', ');
    const withShedding = await run(`with load shedding (${set || 'the defaults'})`, {}, databaseUrl, { ...setup, payments: setup.payments.slice(0, half) });
    const without = await run('without (LOAD_SHEDDING=off)', { LOAD_SHEDDING: 'off' }, databaseUrl, { ...setup, payments: setup.payments.slice(half) });
    console.log(`\n${CONNECTIONS} connections on two processes, PostgreSQL, ${DURATION} s each (the first ${WARMUP_S} s apart), 80 % reads + 20 % payment submits; a 503 waits its Retry-After (+ up to 50 % jitter)\n`);
    console.log('| run | req/s | admitted | admitted p50 / p99 / max | shed (503) | shed p50 / p99 / max | 5xx not 503 | transport errors | payments |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of [withShedding, without]) {
      console.log(
        `| ${r.label} | ${Math.round(r.reqPerSec)} | ${r.admitted.n} | ${ms(r.admitted.p50)} / ${ms(r.admitted.p99)} / ${ms(r.admitted.max)} | ${r.shed.n} | ${ms(r.shed.p50)} / ${ms(r.shed.p99)} / ${ms(r.shed.max)} | ${r.other5xx} | ${r.transportErrors} | ${r.paymentsDetail} |`,
      );
    }
    const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
    for (const r of [withShedding, without]) console.log(`the load generator's own event-loop delay (${r.label}): p50 ${ms(r.generatorLag.p50)}, p99 ${ms(r.generatorLag.p99)}, max ${ms(r.generatorLag.max)} (in every figure above)`);
    for (const r of [withShedding, without]) console.log(`admitted by kind (${r.label}): ${r.byKind}`);
    console.log(`concurrency limit (${withShedding.label}): ${withShedding.limits}`);
    for (const r of [withShedding, without]) console.log(`first ${WARMUP_S} s (${r.label}): ${r.warm.n} answers, p99 ${ms(r.warm.p99)}, max ${ms(r.warm.max)}`);
    console.log(`\ntargets (with shedding):`);
    console.log(`  admitted p99 ≤ 500 ms: ${ms(withShedding.admitted.p99)} (without: ${ms(without.admitted.p99)}, ratio ${(withShedding.admitted.p99 / Math.max(1, without.admitted.p99)).toFixed(2)}×) — ${mark(withShedding.admitted.p99 <= 500)}`);
    console.log(`  shed answered ≤ 50 ms (p99): ${ms(withShedding.shed.p99)} — ${mark(withShedding.shed.n === 0 || withShedding.shed.p99 <= 50)}`);
    console.log(`  0 × 5xx other than 503: ${withShedding.other5xx} — ${mark(withShedding.other5xx === 0)}`);
    console.log(`  every acknowledged payment once: ${mark(withShedding.paymentsInDbOnce && without.paymentsInDbOnce)}`);
    const hook = (l: Latency) => `${l.n} events, p50 ${ms(l.p50)} / p99 ${ms(l.p99)} / max ${ms(l.max)}${l.never ? `, ${l.never} never attempted` : ''}`;
    console.log(`\nwebhooks, a payment's event to its first delivery attempt (receiver in this process, answering 200):`);
    console.log(`  baseline, 20 payments one after another with no other load: ${hook(setup.idleWebhooks)}`);
    for (const r of [withShedding, without]) console.log(`  under the load, ${r.label}: ${hook(r.webhooks)} (p99 ${(r.webhooks.p99 / Math.max(1, setup.idleWebhooks.p99)).toFixed(1)}× the baseline's)`);
    console.log(`  target p99 ≤ 2 s under the load (with shedding): ${ms(withShedding.webhooks.p99)} — ${mark(withShedding.webhooks.p99 <= 2_000 && withShedding.webhooks.never === 0)}`);
    console.log(`  received: ${receiver.received()} deliveries`);
    await receiver.close();
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
