// @vitest-environment node
/**
 * Prometheus metrics as an operator's scraper meets them: the real app on the suite's database (PGlite, or PostgreSQL
 * with DATABASE_URL) listening on a port, its metrics on a listener of their own, scraped over HTTP. Each family moves
 * when its cause happens — a request (under its route template, never its URL: no token in the text), a shed request,
 * a request whose headers arrive too slowly, a statement past its timeout, the pool held, a job sent and running, a
 * webhook delivery failing against a real receiver answering 500 then delivered, a payment, an outbox message — and
 * the server process serves them only with METRICS_PORT, never on the portal's own port. Every wait is for a state.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { buildApp, connectionsCheckingInterval } from '../../server/app.js';
import { buildPaymentsApp } from '../../server/payments-service/origin.js';
import { loadConfig, testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { createMetrics, listenMetrics, type AppMetrics, type MetricsListener } from '../../server/http/metrics.js';
import { QUEUE_SCHEMA, startJobQueue, type JobQueue } from '../../server/jobs/queue.js';
import { deliverDueWebhooks } from '../../server/jobs/webhooks.js';
import { insertOutboxMessages } from '../../server/repos/outbox.js';
import { portalHandlers } from '../../server/routes/index.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';
import { startPortalProcess } from './helpers/portal-process.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const silent = { info() {}, warn() {}, error() {} };
const PROBE_JOB = 'metrics-probe';
const MAX_WAITING = 2;

/** One sample of the exposition text: its labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

let t: TestDb;
let app: FastifyInstance;
let metrics: AppMetrics;
let listener: MetricsListener;
let base: string;
let token: string;
let lastText = '';
let config: ReturnType<typeof testConfig>;

async function scrape(): Promise<Sample[]> {
  const res = await fetch(listener.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = await res.text();
  return parse(lastText);
}

/** Scrapes until `check` holds (a state, not a clock); fails with the last value after `ms`. */
async function until(check: (samples: Sample[]) => boolean, what: string, ms = 15_000): Promise<Sample[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const samples = await scrape();
    if (check(samples)) return samples;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: TODAY });
  metrics = createMetrics({
    dbLoad: t.handle.load,
    db: t.handle.longDb,
    jobs: { schema: QUEUE_SCHEMA, names: [PROBE_JOB] },
    // every scrape reads (the cache is for scrape storms); a scrape waits at most 1 s for the database
    dbCacheMs: 0,
    dbTimeoutMs: 1_000,
  });
  config = testConfig();
  const real = portalHandlers({ db: t.db, config }).listVendors!;
  app = await buildApp({
    db: t.db,
    database: t.handle,
    // the pool rule sheds (held below); headers must arrive within 300 ms (the arrival timeout below)
    config: {
      ...config,
      shedding: { enabled: true, maxEventLoopDelayMs: 0, maxDbWaiting: MAX_WAITING, maxInFlight: 0, retryAfterSeconds: 2 },
      http: { ...config.http, headersTimeoutMs: 300, requestTimeoutMs: 1_000 },
    },
    logger: false,
    metrics,
    handlers: {
      // the vendors list as usual; with `x-slow` a statement that outlasts its statement timeout (PostgreSQL)
      listVendors: async (request, reply) => {
        if (request.headers['x-slow'] === undefined) return real(request, reply);
        await t.db.transaction().execute(async (trx) => {
          await sql`set local statement_timeout = 50`.execute(trx);
          await sql`select pg_sleep(2)`.execute(trx);
        });
        return reply.send([]);
      },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  listener = await listenMetrics(metrics, { host: '127.0.0.1', port: 0 });
  token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
});

afterAll(async () => {
  await listener?.close();
  await app?.close();
  await t?.drop();
});

const api = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { authorization: `ContactAccess ${token}`, ...headers } });

describe('Prometheus metrics', () => {
  it('a request is counted under its route template with its status and latency; no URL, token or id is in the text', async () => {
    const { coastal } = t.demo!.vendors;
    const location = t.demo!.locations.coastalBlueHeron;
    const route = '/api/vendors/:vendorId/locations/:locationId/invoices';
    const before = await scrape();
    const ok = { origin: 'portal', method: 'GET', route, status: '200' };
    const res = await api(`/api/vendors/${coastal}/locations/${location}/invoices?type=click2pay`);
    expect(res.status).toBe(200);
    // a token page and an unknown API path: their URLs hold a token and an id, the labels only templates
    await fetch(`${base}/token/${token}`);
    expect((await fetch(`${base}/api/no-such-route/${token}`)).status).toBe(404);
    const after = await until((s) => valueOf(s, 'pp_http_requests_total', ok) === valueOf(before, 'pp_http_requests_total', ok) + 1, 'request counted');
    expect(valueOf(after, 'pp_http_request_duration_seconds_count', { method: 'GET', route })).toBe(valueOf(before, 'pp_http_request_duration_seconds_count', { method: 'GET', route }) + 1);
    expect(valueOf(after, 'pp_http_request_duration_seconds_sum', { method: 'GET', route })).toBeGreaterThan(valueOf(before, 'pp_http_request_duration_seconds_sum', { method: 'GET', route }));
    // cumulative buckets: the last (+Inf) holds every request, the first (5 ms) no more
    const count = valueOf(after, 'pp_http_request_duration_seconds_count', { method: 'GET', route });
    expect(valueOf(after, 'pp_http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' })).toBe(count);
    expect(valueOf(after, 'pp_http_request_duration_seconds_bucket', { method: 'GET', route, le: '0.005' })).toBeLessThanOrEqual(count);
    expect(valueOf(after, 'pp_http_requests_total', { status: '404' })).toBeGreaterThan(valueOf(before, 'pp_http_requests_total', { status: '404' }));
    // the token page is counted as `/token/*`, its token nowhere
    expect(valueOf(after, 'pp_http_requests_total', { method: 'GET', route: '/token/*' })).toBeGreaterThan(valueOf(before, 'pp_http_requests_total', { method: 'GET', route: '/token/*' }));
    for (const secret of [token, coastal, location, 'no-such-route']) expect(lastText).not.toContain(secret);
    // every route label is a template or `unmatched`
    const routes = new Set(after.filter((s) => s.name === 'pp_http_requests_total').map((s) => s.labels.route!));
    for (const label of routes) expect(label === 'unmatched' || !/[0-9a-f]{8}-[0-9a-f]{4}-/.test(label)).toBe(true);
  });

  it('the payments service\'s origin counts its requests under origin="payments"', async () => {
    const payments = await buildPaymentsApp({
      db: t.db,
      portalUrl: config.publicUrl,
      paymentsUrl: config.payments.publicUrl,
      distDir: config.payments.distDir,
      contractPath: path.join(path.dirname(config.contractPath), 'payments.yaml'),
      logger: false,
      metrics,
    });
    await payments.listen({ host: '127.0.0.1', port: 0 });
    try {
      const before = await scrape();
      const health = { origin: 'payments', method: 'GET', route: '/healthz', status: '200' };
      expect((await fetch(`http://127.0.0.1:${(payments.server.address() as AddressInfo).port}/healthz`)).status).toBe(200);
      const after = await until((s) => valueOf(s, 'pp_http_requests_total', health) === valueOf(before, 'pp_http_requests_total', health) + 1, 'payments origin counted');
      expect(valueOf(after, 'pp_http_requests_total', { origin: 'portal', route: '/healthz' })).toBe(valueOf(before, 'pp_http_requests_total', { origin: 'portal', route: '/healthz' }));
    } finally {
      await payments.close();
    }
  });

  it('the portal\'s own port does not serve the metrics; the listener serves nothing else', async () => {
    const onPortal = await fetch(`${base}/metrics`);
    expect(await onPortal.text()).not.toContain('pp_http_requests_total');
    const other = await fetch(listener.url.replace('/metrics', '/'));
    expect(other.status).toBe(404);
  });

  it('process memory and event-loop delay are there (prom-client\'s default metrics, on this registry)', async () => {
    const s = await scrape();
    expect(valueOf(s, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(s.some((x) => x.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(valueOf(s, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('the pool held: connections in use and callers waiting; a request then is shed, and counted by its rule', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Promise<unknown>[] = [];
    const before = await scrape();
    try {
      while (t.handle.load().waiting < MAX_WAITING) {
        held.push(t.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await gate;
        }));
        await new Promise((resolve) => setImmediate(resolve));
        if (held.length > 50) throw new Error('the pool never filled');
      }
      const during = await scrape();
      expect(valueOf(during, 'pp_db_pool_waiting')).toBeGreaterThanOrEqual(MAX_WAITING);
      expect(valueOf(during, 'pp_db_pool_connections_in_use')).toBe(valueOf(during, 'pp_db_pool_connections_max'));
      const shed = await api('/api/vendors');
      expect(shed.status).toBe(503);
    } finally {
      release();
      await Promise.all(held);
    }
    await until((s) => valueOf(s, 'pp_http_requests_shed_total', { reason: 'dbWaiting' }) === valueOf(before, 'pp_http_requests_shed_total', { reason: 'dbWaiting' }) + 1, 'shed counted');
    // nobody waits once the pool is given back (on the embedded database a scrape's own read, queued while it was
    // held, may still be finishing: a state to wait for)
    await until((s) => valueOf(s, 'pp_db_pool_waiting') === 0, 'no caller waiting');
  });

  it('a request whose headers arrive too slowly is answered 408 and counted as timed out (arrival)', async () => {
    // the check runs often enough for the configured timeouts to mean what they say
    expect(connectionsCheckingInterval({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000 })).toBe(1_000);
    const before = await scrape();
    const answer = await new Promise<string>((resolve, reject) => {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/vendors HTTP/1.1\r\nHost: x\r\n')); // never finished
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const after = await scrape();
    expect(valueOf(after, 'pp_http_requests_timed_out_total', { reason: 'arrival' })).toBe(valueOf(before, 'pp_http_requests_timed_out_total', { reason: 'arrival' }) + 1);
  });

  it('a statement past its timeout answers 503 and is counted as timed out (database)', async (context) => {
    // the embedded database runs every statement to its end: it has no statement timeout
    if (t.kind === 'pglite') context.skip();
    const before = await scrape();
    const res = await api('/api/vendors', { 'x-slow': '1' });
    expect(res.status).toBe(503);
    const after = await until((s) => valueOf(s, 'pp_http_requests_timed_out_total', { reason: 'database' }) === valueOf(before, 'pp_http_requests_timed_out_total', { reason: 'database' }) + 1, 'database timeout counted');
    expect(valueOf(after, 'pp_http_requests_total', { route: '/api/vendors', status: '503' })).toBeGreaterThan(0);
  });

  it('a job sent: the queue\'s depth rises, a running one is active, and the waiting one ages', async () => {
    // no queue has run on this database: the job gauges are left out, not reported as 0
    expect((await scrape()).some((s) => s.name === 'pp_job_queue_depth')).toBe(false);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let queue: JobQueue | undefined;
    try {
      queue = await startJobQueue({
        db: t.db,
        pglite: t.pglite,
        databaseUrl: t.databaseUrl,
        publicUrl: 'http://portal.test',
        log: silent,
        jobs: [{ name: PROBE_JOB, cron: '0 0 1 1 *', run: async () => { await gate; return {}; } }],
        schedule: false,
        catchUp: false,
        pollingIntervalSeconds: 0.5,
      });
      await until((s) => valueOf(s, 'pp_job_queue_depth', { queue: PROBE_JOB }) === 0, 'the queue reported, empty');
      await queue.send(PROBE_JOB);
      // the worker takes it and holds it (the gate): active
      await until((s) => valueOf(s, 'pp_job_queue_active', { queue: PROBE_JOB }) === 1, 'job active');
      // one more waits behind it: depth 1, and its age grows
      await queue.send(PROBE_JOB);
      await until((s) => valueOf(s, 'pp_job_queue_depth', { queue: PROBE_JOB }) === 1, 'job waiting');
      await until((s) => valueOf(s, 'pp_job_queue_oldest_age_seconds', { queue: PROBE_JOB }) > 0, 'waiting job ages');
    } finally {
      release();
      await queue?.idle();
      await queue?.stop();
    }
  });

  it('a payment: payments by state move; its webhook delivery fails against a receiver answering 500, is pending and lags, then is delivered', async () => {
    // a vendor's receiver on this machine: 500 until told otherwise
    let status = 500;
    const receiver: Server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(status).end(status === 200 ? 'ok' : 'receiver says no'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/secret-path`;
    try {
      const d = t.demo!;
      const key = await createApiKey(t.db, d.vendors.coastal, 'metrics test');
      if (!key.ok) throw new Error('no key');
      const created = await app.inject({ method: 'POST', url: '/vendor-api/webhook-endpoints', headers: { authorization: `Bearer ${key.value.secret}` }, payload: { url: hookUrl, description: 'ERP' } });
      expect(created.statusCode).toBe(201);
      const endpointId: string = created.json().endpoint.id;
      const signingSecret: string = created.json().secret;

      const before = await scrape();
      const method = await t.db.selectFrom('paymentMethods').select('id').where('locationId', '=', d.locations.coastalBlueHeron).where('name', '=', 'Operating Checking').executeTakeFirstOrThrow();
      const invoice = await t.db.selectFrom('invoices').select('id').where('displayInvNum', '=', 'CPC-10482').executeTakeFirstOrThrow();
      await createPaymentGroupOnce(t.db, {
        contactId: d.contactId,
        vendorId: d.vendors.coastal,
        locationId: d.locations.coastalBlueHeron,
        idempotencyKey: randomUUID(),
        body: { paymentMethodId: method.id, paymentDate: '2026-12-03', partialPayments: [], invoices: [invoice.id], epaVersion: '1' },
        click2payRequestId: null,
        now: new Date(),
      });
      // the payment is scheduled; its event waits for the deliverer (none runs yet): pending, and lagging
      const afterPayment = await until((s) => valueOf(s, 'pp_payments', { state: 'scheduled' }) === valueOf(before, 'pp_payments', { state: 'scheduled' }) + 1, 'payment counted');
      expect(valueOf(afterPayment, 'pp_webhook_deliveries_pending', { endpoint: endpointId })).toBe(1);
      await until((s) => valueOf(s, 'pp_webhook_delivery_lag_seconds', { endpoint: endpointId }) > 0, 'delivery lags');

      const round = (now = new Date()) => deliverDueWebhooks({ db: t.db, key: config.webhookSecretsKey(), timeoutMs: 5_000, log: silent, now: () => now, observe: metrics.webhookAttempt });
      expect((await round()).retry).toBe(1);
      const failed = await scrape();
      expect(valueOf(failed, 'pp_webhook_delivery_failures_total', { endpoint: endpointId })).toBe(1);
      expect(valueOf(failed, 'pp_webhook_deliveries_pending', { endpoint: endpointId })).toBe(1);
      // retried later (its next attempt is 5 s away: not due, so no lag)
      expect(valueOf(failed, 'pp_webhook_delivery_lag_seconds', { endpoint: endpointId })).toBe(0);

      status = 200;
      const delivered = valueOf(failed, 'pp_webhook_delivery_delay_seconds_count');
      expect((await round(new Date(Date.now() + 6_000))).delivered).toBe(1);
      const after = await scrape();
      expect(valueOf(after, 'pp_webhook_delivery_delay_seconds_count')).toBe(delivered + 1);
      expect(after.some((s) => s.name === 'pp_webhook_deliveries_pending' && s.labels.endpoint === endpointId)).toBe(false);
      for (const secret of [hookUrl, 'secret-path', signingSecret, signingSecret.slice(6), key.value.secret]) expect(lastText).not.toContain(secret);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('an outbox message not yet sent: the backlog of its channel rises, and its recipient is not in the text', async () => {
    const before = await scrape();
    await insertOutboxMessages(t.db, [{ channel: 'email', recipient: 'metrics-recipient@example.com', subject: 'Your link', body: `http://portal.test/token/${token}` }]);
    await until((s) => valueOf(s, 'pp_outbox_backlog', { channel: 'email' }) === valueOf(before, 'pp_outbox_backlog', { channel: 'email' }) + 1, 'outbox backlog');
    expect(lastText).not.toContain('metrics-recipient');
    expect(valueOf(await scrape(), 'pp_outbox_oldest_age_seconds', { channel: 'email' })).toBeGreaterThan(0);
  });

  it('METRICS_PORT and METRICS_HOST: unset, no metrics; a port number; anything else refused', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics.port).toBe(0);
    for (const bad of ['x', '-1', '70000', '9464.5']) expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT/);
  });
});

describe('the server process', () => {
  it('serves metrics on METRICS_PORT only when it is set, never on its own port', async (context) => {
    // On PostgreSQL (the suite's database). A process on an embedded database migrates and seeds a data directory of
    // its own first (about 40 s each here), and what is tested — main.ts starting the listener or not — is the same.
    if (!t.databaseUrl) context.skip();
    const withMetrics = await startPortalProcess(t.databaseUrl!, { METRICS_PORT: '0' });
    try {
      const url = /Prometheus metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(withMetrics.stdout)?.[1];
      expect(url).toBeDefined();
      const text = await (await fetch(url!)).text();
      expect(text).toContain('pp_http_requests_total');
      expect(text).toContain('pp_payments{state="scheduled"}');
      expect(await (await fetch(`${withMetrics.baseUrl}/metrics`)).text()).not.toContain('pp_http_requests_total');
    } finally {
      await withMetrics.stop();
    }
    const without = await startPortalProcess(t.databaseUrl!, { METRICS_PORT: '' });
    try {
      expect(without.stdout).not.toContain('Prometheus metrics at');
      expect(await without.status('/healthz')).toBe(200);
    } finally {
      await without.stop();
    }
    expect(withMetrics.exited).toBe(0);
  }, 120_000);
});
