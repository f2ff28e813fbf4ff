/**
 * Prometheus metrics of one server process, on a listener of its own (METRICS_PORT on METRICS_HOST; never on the
 * portal's port). Every family and what moves it: docs/operating.md, "Metrics".
 *
 *   const metrics = createMetrics({ dbLoad: handle.load, db: handle.longDb, jobs: { schema, names } });
 *   const app = await buildApp({ ..., metrics });             // request, shed and timeout counters (hooks)
 *   startWebhookWorker({ ..., observe: metrics.webhookAttempt });
 *   const listener = await listenMetrics(metrics, { host, port });   // GET /metrics
 *
 * One Registry per instance (never prom-client's global one: the tests build many apps in one process). Counting a
 * request is a few additions on plain numbers kept per (method, route), made into the two HTTP families when scraped
 * (`RequestStats`). Without METRICS_PORT nothing here is created and no hook is added.
 *
 * Labels are bounded and carry no secret: a route is Fastify's route template (`/api/vendors/:vendorId/…`, `/*`), or
 * `unmatched`, never the URL (token links carry their token in it); a webhook endpoint is its id, never its URL.
 * The gauges read from the database (jobs, webhook deliveries, outbox, payments) are computed at scrape time through
 * server/repos/backlogs.ts, all in one read-only transaction with a statement timeout, and reused for `dbCacheMs`:
 * a storm of scrapes reads the database at most once per period.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db, DbLoad } from '../db/connect.js';
import { boundedRead, jobQueueBacklog, outboxBacklog, paymentGroupsByState, webhookBacklog } from '../repos/backlogs.js';

export interface MetricsOptions {
  /** the request pool's load (DbHandle.load) */
  dbLoad?: () => DbLoad;
  /** where the scrape-time gauges are read (on PostgreSQL the long pool, not the requests'); none: not reported */
  db?: Db;
  /** pg-boss's schema and the job names to report (each reported, 0 when idle) */
  jobs?: { schema: string; names: readonly string[] };
  /** how long one scrape's database reads are reused (default 5,000 ms; 0: every scrape reads) */
  dbCacheMs?: number;
  /** the statement timeout of those reads (default 2,000 ms) */
  dbTimeoutMs?: number;
  /** at most this many webhook endpoints are reported (the most behind first; default 100) */
  maxEndpoints?: number;
}

export interface WebhookAttempt {
  endpointId: string;
  delivered: boolean;
  eventCreatedAt: Date;
  attemptedAt: Date;
}

export interface AppMetrics {
  readonly registry: Registry;
  /** a request was shed (server/http/overload.ts), by its rule */
  shed(reason: string): void;
  /** the concurrency limit and the requests in progress (server/http/overload.ts), read at each scrape */
  concurrency(read: { limit: () => number; inFlight: () => number }): void;
  /** a request timed out: `arrival` (Node's request or headers timeout, 408) or `database` (a statement or a wait for a connection) */
  timedOut(reason: 'arrival' | 'database'): void;
  /** one webhook delivery attempt's outcome (server/jobs/webhooks.ts) */
  webhookAttempt(attempt: WebhookAttempt): void;
  /** counts one answered request (the onResponse hook) of the portal's origin or the payments service's */
  observeRequest(request: FastifyRequest, reply: FastifyReply, origin?: 'portal' | 'payments'): void;
  /** the exposition text */
  text(): Promise<string>;
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PAYMENT_STATES = ['scheduled', 'processing', 'complete', 'failed', 'canceled', 'returned'] as const;

export function createMetrics(options: MetricsOptions = {}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // process memory, CPU, handles, GC, and event-loop delay (perf_hooks' monitor, 10 ms resolution)
  collectDefaultMetrics({ register: registry });

  // requests and their durations: plain numbers per (method, route), turned into the two families at scrape time
  const requests = new RequestStats();
  registry.registerMetric(requests.counter('pp_http_requests_total', 'Answered HTTP requests by origin (portal, payments), method, route template and status.') as never);
  registry.registerMetric(requests.histogram('pp_http_request_duration_seconds', 'Time from the request to its answer, by origin, method and route template.') as never);
  const shed = new Counter({
    name: 'pp_http_requests_shed_total',
    help: 'Requests answered 503 at once by load shedding, by rule (inFlight, dbWaiting, eventLoopDelay, …).',
    labelNames: ['reason'] as const,
    registers,
  });
  const timedOut = new Counter({
    name: 'pp_http_requests_timed_out_total',
    help: 'Requests that timed out: arrival (408, the request or its headers came too slowly) or database (503, a statement or a wait for a connection ran out).',
    labelNames: ['reason'] as const,
    registers,
  });
  const webhookFailures = new Counter({
    name: 'pp_webhook_delivery_failures_total',
    help: 'Webhook delivery attempts that failed (not 2xx, timed out, refused), by endpoint id.',
    labelNames: ['endpoint'] as const,
    registers,
  });
  const webhookDelay = new Histogram({
    name: 'pp_webhook_delivery_delay_seconds',
    help: 'From an event to its successful delivery to an endpoint (retries included).',
    buckets: [0.1, 0.5, 1, 5, 30, 60, 300, 1800, 7200, 36000, 86400, 259200],
    registers,
  });

  if (options.dbLoad) {
    const load = options.dbLoad;
    const gauge = (name: string, help: string, pick: (l: DbLoad) => number) =>
      new Gauge({ name, help, registers, collect() { this.set(pick(load())); } });
    gauge('pp_db_pool_connections_in_use', 'Request pool connections checked out by a caller (the embedded database: its one session, held or not).', (l) => l.inUse);
    gauge('pp_db_pool_waiting', 'Callers waiting for a request pool connection (the embedded database: for its session).', (l) => l.waiting);
    gauge('pp_db_pool_connections_open', 'Request pool connections open.', (l) => l.open);
    gauge('pp_db_pool_connections_max', 'The request pool\'s size (DB_POOL_SIZE; 1 on the embedded database).', (l) => l.size);
  }

  if (options.db) registerDatabaseGauges(registry, options.db, options);

  return {
    registry,
    shed: (reason) => shed.inc({ reason }),
    concurrency(read) {
      new Gauge({ name: 'pp_http_requests_in_flight', help: 'Requests from the network in progress in this process (counted by load shedding).', registers, collect() { this.set(read.inFlight()); } });
      new Gauge({ name: 'pp_http_concurrency_limit', help: 'Requests in progress at which new ones are shed: the adaptive limit now, the fixed SHED_MAX_IN_FLIGHT, or 0 (no bound).', registers, collect() { this.set(read.limit()); } });
    },
    timedOut: (reason) => timedOut.inc({ reason }),
    webhookAttempt(attempt) {
      if (attempt.delivered) webhookDelay.observe(Math.max(0, (attempt.attemptedAt.getTime() - attempt.eventCreatedAt.getTime()) / 1000));
      else webhookFailures.inc({ endpoint: attempt.endpointId });
    },
    observeRequest(request, reply, origin = 'portal') {
      let route = request.routeOptions.url ?? 'unmatched';
      // the token pages are served by the SPA's catch-all: told apart from its static files by their fixed prefix
      // (the rest of the URL is the token itself)
      if ((route === '/*' || route === 'unmatched') && request.url.startsWith('/token/')) route = '/token/*';
      requests.observe(origin, HTTP_METHODS.has(request.method) ? request.method : 'other', route, reply.statusCode, reply.elapsedTime / 1000);
    },
    text: () => registry.metrics(),
  };
}

/** The request duration histogram's upper bounds (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Answered requests per (method, route): counts by status, and the duration histogram's counts, sum and count. What a
 * request costs is two map lookups and a few additions (prom-client's own children validate and hash their labels on
 * every call); the exposition is made from these numbers when scraped, in prom-client's format.
 */
class RequestStats {
  #byRoute = new Map<string, { origin: string; method: string; route: string; statuses: Map<number, number>; buckets: Float64Array; sum: number; count: number }>();

  observe(origin: string, method: string, route: string, status: number, seconds: number) {
    const key = `${origin} ${method} ${route}`;
    let stats = this.#byRoute.get(key);
    if (!stats) this.#byRoute.set(key, (stats = { origin, method, route, statuses: new Map(), buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 }));
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    stats.buckets[bucket]! += 1;
    stats.sum += seconds;
    stats.count += 1;
  }

  /** a metric object the registry exposes like its own counter */
  counter(name: string, help: string) {
    return {
      name,
      help,
      type: 'counter',
      get: async () => ({
        name,
        help,
        type: 'counter',
        aggregator: 'sum',
        values: [...this.#byRoute.values()].flatMap((s) => [...s.statuses].map(([status, value]) => ({ labels: { origin: s.origin, method: s.method, route: s.route, status: String(status) }, value }))),
      }),
      reset: () => this.#byRoute.clear(),
    };
  }

  /** …and like its own histogram (cumulative `le` buckets, `_sum`, `_count`) */
  histogram(name: string, help: string) {
    return {
      name,
      help,
      type: 'histogram',
      get: async () => ({
        name,
        help,
        type: 'histogram',
        aggregator: 'sum',
        values: [...this.#byRoute.values()].flatMap((s) => {
          const labels = { origin: s.origin, method: s.method, route: s.route };
          let cumulative = 0;
          const buckets = [...DURATION_BUCKETS, '+Inf' as const].map((le, i) => {
            cumulative += s.buckets[i]!;
            return { metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative };
          });
          return [...buckets, { metricName: `${name}_sum`, labels, value: s.sum }, { metricName: `${name}_count`, labels, value: s.count }];
        }),
      }),
      reset: () => this.#byRoute.clear(),
    };
  }
}

/** The gauges read from the database at scrape time: one bounded read per `dbCacheMs`, shared by concurrent scrapes. */
function registerDatabaseGauges(registry: Registry, db: Db, options: MetricsOptions) {
  const registers = [registry];
  const cacheMs = options.dbCacheMs ?? 5_000;
  const timeoutMs = options.dbTimeoutMs ?? 2_000;
  const jobs = options.jobs;
  const readFailures = new Counter({
    name: 'pp_metrics_db_read_failures_total',
    help: 'Scrapes whose database gauges could not be read (they are left out of that scrape).',
    registers,
  });
  const read = () =>
    boundedRead(db, timeoutMs, async (trx) => ({
      jobs: jobs ? await jobQueueBacklog(trx, jobs.schema) : null,
      webhooks: await webhookBacklog(trx, options.maxEndpoints ?? 100),
      outbox: await outboxBacklog(trx),
      payments: await paymentGroupsByState(trx),
    }));
  type Snapshot = Awaited<ReturnType<typeof read>>;
  // One read at a time: while one is in flight every scrape waits for it (never a second one queued behind a busy
  // database); a settled one is reused for `cacheMs`. A scrape waits at most `timeoutMs` (on the embedded database the
  // read may queue behind requests: the scrape answers without these gauges rather than hang).
  let inFlight: Promise<Snapshot | undefined> | undefined;
  let last: { at: number; value: Snapshot | undefined } | undefined;
  const snapshot = async (): Promise<Snapshot | undefined> => {
    if (last && performance.now() - last.at < cacheMs) return last.value;
    if (!inFlight) {
      inFlight = read().then(
        (value) => value,
        () => undefined,
      ).then((value) => {
        last = { at: performance.now(), value };
        inFlight = undefined;
        if (!value) readFailures.inc();
        return value;
      });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    try {
      return await Promise.race([inFlight, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  /** a gauge whose values come from the snapshot; a failed read leaves it empty for that scrape */
  const dbGauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (s: Snapshot, set: (labels: Record<L, string>, value: number) => void) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) fill(s, (labels, value) => this.set(labels as never, value));
      },
    });

  if (jobs) {
    const perQueue = (pick: (row: { waiting: number; active: number; oldestSeconds: number }) => number) => (s: Snapshot, set: (l: { queue: string }, v: number) => void) => {
      if (!s.jobs) return; // the queue has never started on this database
      const rows = new Map(s.jobs.map((row) => [row.name, row]));
      for (const name of jobs.names) set({ queue: name }, pick(rows.get(name) ?? { waiting: 0, active: 0, oldestSeconds: 0 }));
    };
    dbGauge('pp_job_queue_depth', 'Jobs waiting (created or to be retried), by queue.', ['queue'], perQueue((r) => r.waiting));
    dbGauge('pp_job_queue_active', 'Jobs running, by queue.', ['queue'], perQueue((r) => r.active));
    dbGauge('pp_job_queue_oldest_age_seconds', 'How long the oldest job that may start has waited, by queue (0: none).', ['queue'], perQueue((r) => r.oldestSeconds));
  }
  dbGauge('pp_webhook_deliveries_pending', 'Webhook deliveries not yet delivered nor given up, by endpoint id (endpoints with any).', ['endpoint'], (s, set) => {
    for (const row of s.webhooks) set({ endpoint: row.endpointId }, row.pending);
  });
  dbGauge('pp_webhook_delivery_lag_seconds', 'How long the oldest due delivery has waited past its due time, by endpoint id (0: none due).', ['endpoint'], (s, set) => {
    for (const row of s.webhooks) set({ endpoint: row.endpointId }, row.lagSeconds);
  });
  dbGauge('pp_outbox_backlog', 'Outbox messages not sent yet with attempts left, by channel.', ['channel'], (s, set) => {
    const rows = new Map(s.outbox.map((row) => [row.channel, row]));
    for (const channel of new Set(['email', 'sms', ...rows.keys()])) set({ channel }, rows.get(channel)?.pending ?? 0);
  });
  dbGauge('pp_outbox_oldest_age_seconds', 'Age of the oldest unsent outbox message, by channel (0: none).', ['channel'], (s, set) => {
    const rows = new Map(s.outbox.map((row) => [row.channel, row]));
    for (const channel of new Set(['email', 'sms', ...rows.keys()])) set({ channel }, rows.get(channel)?.oldestSeconds ?? 0);
  });
  dbGauge('pp_payments', 'Payment groups by state.', ['state'], (s, set) => {
    const counts = new Map(s.payments.map((row) => [row.state as string, row.count]));
    for (const state of new Set<string>([...PAYMENT_STATES, ...counts.keys()])) set({ state }, counts.get(state) ?? 0);
  });
}

/**
 * The request hooks: every answered request from the network is counted under its origin (the portal's, or the
 * payments service's: server/payments-service/origin.ts) and route template. (The sub-requests a token page's HTML
 * makes for its inline answers, `app.inject`, belong to that page's request.)
 */
export function registerMetricsHooks(app: FastifyInstance, metrics: AppMetrics, origin: 'portal' | 'payments' = 'portal') {
  app.addHook('onResponse', (request, reply, done) => {
    if (!('_lightMyRequest' in request.raw)) metrics.observeRequest(request, reply, origin);
    done();
  });
}

export interface MetricsListener {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** `GET /metrics` on a server of its own; anything else is 404. */
export async function listenMetrics(metrics: AppMetrics, where: { host: string; port: number }): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n');
      },
    );
  });
  // a scraper keeps its connection; closing must not wait for it
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = where.host.includes(':') ? `[${where.host}]` : where.host;
  return {
    port,
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
