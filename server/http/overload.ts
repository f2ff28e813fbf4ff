/**
 * Bounds under overload, and the health routes a load balancer asks.
 *
 *   GET /healthz   liveness: the process answers. Never touches the database, never shed.
 *   GET /readyz    readiness: the database answers within READY_TIMEOUT_MS on a connection of its own (never queued
 *                  behind requests), and the job queue, when this process runs one, is started. 503 otherwise —
 *                  and 503 at once while the process drains for its shutdown (`draining`), so a load balancer stops
 *                  sending it new requests while it still answers them; every answer then closes its connection, so
 *                  no keep-alive connection outlives the drain to meet a listener that is gone.
 *
 * Load shedding: a request that would only queue is answered at once with 503 + Retry-After (`unavailable`) instead:
 * - when the event loop lags (mean delay over the last 100 ms sample above SHED_EVENT_LOOP_DELAY_MS): measured and
 *   decided by @fastify/under-pressure;
 * - when as many requests as the concurrency limit are already in progress in this process: a new one would wait
 *   behind them for the CPU or the database (admitted latency stays about in-flight ÷ throughput). The limit is
 *   learnt from the answers' latency (server/http/adaptive-limit.ts: while the limit holds the work back, it shrinks
 *   when latency exceeds SHED_LATENCY_TOLERANCE × what it is with few requests in progress), or fixed by
 *   SHED_MAX_IN_FLIGHT;
 * - when SHED_DB_WAITING or more callers already wait for a database connection (the pool, or the embedded
 *   database's fair queue): a new request would wait behind all of them.
 * All three are decided in `onRequest`, before the body is read and before any handler runs, so a shed payment submit
 * has done nothing at all (the customer's retry, with the same Idempotency-Key, starts it afresh); an admitted one runs
 * to its commit. The health routes and static files (no database) are never shed by the in-flight and pool rules.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADAPTIVE_LIMIT, type AppConfig } from '../config.js';
import type { DbLoad } from '../db/connect.js';
import { AdaptiveConcurrencyLimit } from './adaptive-limit.js';
import { errorPayload, sendError, unavailableBody } from './errors.js';

/** Where the adaptive limit starts: admits a quiet server's bursts (a page's requests) before it has learnt anything. */
const ADAPTIVE_INITIAL = 32;

export interface OverloadOptions {
  shedding: AppConfig['shedding'];
  readyTimeoutMs: number;
  /** the request pool's load (DbHandle.load) */
  dbLoad?: () => DbLoad;
  /** readiness of the database (DbHandle.ready) */
  dbReady?: (timeoutMs: number) => Promise<void>;
  /** readiness of anything else this process needs (the job queue); throws or returns a reason when not ready */
  extraReady?: () => Promise<string | undefined>;
  /** told of each shed request, by its rule (the metrics) */
  onShed?: (reason: string) => void;
  /** handed the in-flight bound and count once registered (the metrics' gauges) */
  onConcurrency?: (read: { limit: () => number; inFlight: () => number }) => void;
  /** true once the process is shutting down (server/main.ts): not ready, and no connection is kept alive */
  draining?: () => boolean;
}

/** Paths whose requests never reach the database: health routes, and the SPA's hashed or public static files. */
function needsNoDatabase(rawUrl: string): boolean {
  const url = rawUrl.split('?', 1)[0]!;
  return url === '/healthz' || url === '/readyz' || url.startsWith('/assets/') || url.startsWith('/static/') || url === '/favicon.ico';
}

export async function registerOverload(app: FastifyInstance, options: OverloadOptions) {
  const { shedding } = options;
  /** Sets the 503 and returns its body (under-pressure sends a returned value; our hook sends it itself). */
  const shed = (request: FastifyRequest, reply: FastifyReply, reason: string, value?: number) => {
    request.log.warn({ reason, value }, 'request shed');
    options.onShed?.(reason);
    reply.code(503).header('retry-after', String(shedding.retryAfterSeconds));
    return errorPayload(request, unavailableBody());
  };

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.draining?.()) {
      reply.header('retry-after', String(shedding.retryAfterSeconds));
      return sendError(request, reply, 503, { errorCode: 'unavailable', message: 'Not ready: this process is shutting down.' });
    }
    try {
      await options.dbReady?.(options.readyTimeoutMs);
      const notReady = await options.extraReady?.();
      if (notReady) throw new Error(notReady);
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'not ready');
      reply.header('retry-after', String(shedding.retryAfterSeconds));
      return sendError(request, reply, 503, { errorCode: 'unavailable', message: 'Not ready: the database or the job queue does not answer.' });
    }
  });

  // While draining, each answer is the last on its connection: the client (a proxy's pool) opens a new one, which
  // the load balancer sends to a process that stays.
  const draining = options.draining;
  if (draining) {
    app.addHook('onSend', async (_request, reply) => {
      if (draining()) reply.header('connection', 'close');
    });
  }

  if (!shedding.enabled) return;

  if (shedding.maxEventLoopDelayMs > 0) await app.register(underPressure, {
    maxEventLoopDelay: shedding.maxEventLoopDelayMs,
    // sampled every 100 ms (the default 1 s reacts after a second of queueing)
    sampleInterval: 100,
    retryAfter: shedding.retryAfterSeconds,
    // under-pressure sends what the handler returns (its types say void); undefined lets the request through
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      const url = request.url.split('?', 1)[0];
      if (url === '/healthz' || url === '/readyz') return undefined;
      return shed(request, reply, type, value);
    }) as never,
  });

  // Requests in progress in this process: beyond the bound a new one would only wait behind the others (for the CPU
  // or the database), so it is answered now. Counted from onRequest to the end of its response (`close`). The bound
  // is learnt from the answers' latency (`adaptive`, the default) or fixed.
  const adaptive = shedding.maxInFlight === 'adaptive'
    ? new AdaptiveConcurrencyLimit({ initial: ADAPTIVE_INITIAL, ...(shedding.adaptive ?? ADAPTIVE_LIMIT) })
    : undefined;
  const fixed = typeof shedding.maxInFlight === 'number' ? shedding.maxInFlight : 0;
  const bound = () => (adaptive ? adaptive.limit : fixed);
  let inFlight = 0;
  options.onConcurrency?.({ limit: bound, inFlight: () => inFlight });
  const counted = new WeakMap<FastifyRequest, { closed: boolean; answered: boolean; start: number }>();
  const dbLoad = options.dbLoad;
  app.addHook('onRequest', (request, reply, done) => {
    if (needsNoDatabase(request.url)) return done();
    // Requests from the network only: the sub-requests a token page's HTML makes for its inline answers
    // (`app.inject`, server/http/bootstrap.ts) belong to a request already admitted.
    const fromNetwork = !('_lightMyRequest' in request.raw);
    const waiting = dbLoad?.().waiting ?? 0;
    if (waiting >= shedding.maxDbWaiting) {
      reply.send(shed(request, reply, 'dbWaiting', waiting));
      return;
    }
    if (fromNetwork) {
      // (after the pool rule: the adaptive limit counts what it admits)
      const start = performance.now();
      const admitted = adaptive ? adaptive.admit(inFlight, start) : !(fixed > 0 && inFlight >= fixed);
      if (!admitted) {
        reply.send(shed(request, reply, 'inFlight', inFlight));
        return;
      }
      // counted until BOTH the answer is produced and the connection's response is over: a client that gives up
      // (closes) does not end the work its handler still does
      inFlight += 1;
      const tracker = { closed: false, answered: false, start };
      counted.set(request, tracker);
      reply.raw.once('close', () => {
        tracker.closed = true;
        if (tracker.answered) inFlight -= 1;
      });
    }
    done();
  });
  app.addHook('onSend', async (request) => {
    const tracker = counted.get(request);
    if (!tracker || tracker.answered) return;
    tracker.answered = true;
    if (tracker.closed) inFlight -= 1;
    // the latency the limit learns from: arrival to answer, not the client's pace of reading it
    if (adaptive) {
      const now = performance.now();
      adaptive.answered(now - tracker.start, now);
    }
  });
}
