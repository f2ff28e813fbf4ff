/**
 * Bounds under overload, in-process on the suite's database (PGlite, or PostgreSQL with DATABASE_URL):
 * - `/healthz` is liveness (no database), `/readyz` readiness (database, with a timeout of its own);
 * - when callers already wait for a database connection, or the event loop lags, a new request is answered at once
 *   with 503 + Retry-After (`unavailable`), before its handler runs: a shed payment submit writes nothing, and the
 *   same submit (same Idempotency-Key) succeeds once the load is gone;
 * - a lost database is told from a bug (`isDatabaseUnavailable`), and the new settings refuse bad values.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { portalHandlers } from '../../server/routes/index.js';
import { loadConfig, testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { isDatabaseUnavailable } from '../../server/db/pool.js';
import { issueToken } from '../../server/db/tokens.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { createMetrics } from '../../server/http/metrics.js';
import type { FastifyInstance } from 'fastify';

describe('health and readiness', () => {
  it('/healthz answers without the database; /readyz answers 503 unavailable when the database is gone', async () => {
    const t = await createTestDb({ seed: false });
    const app = await buildApp({ db: t.db, database: t.handle, config: testConfig(), logger: false });
    await app.ready();
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      await t.drop(); // the database goes away under the running app
      const live = await app.inject({ url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const notReady = await app.inject({ url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().errorCode).toBe('unavailable');
      expect(notReady.headers['retry-after']).toMatch(/^\d+$/);
      expect(notReady.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('/readyz reports a job queue that does not answer', async () => {
    const t = await createTestDb({ seed: false });
    const app = await buildApp({
      db: t.db,
      database: t.handle,
      config: testConfig(),
      logger: false,
      extraReady: async () => 'the job queue does not answer',
    });
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().errorCode).toBe('unavailable');
    } finally {
      await app.close();
      await t.drop();
    }
  });
});

describe('draining for a shutdown (server/main.ts on SIGTERM)', () => {
  it('/readyz answers 503 while requests are still served, each answer closing its connection', async () => {
    const t = await createTestDb({ seed: false });
    let draining = false;
    const app = await buildApp({ db: t.db, database: t.handle, config: testConfig(), logger: false, draining: () => draining });
    try {
      const before = await app.inject({ url: '/readyz' });
      expect(before.statusCode).toBe(200);
      expect(before.headers.connection).not.toBe('close');
      draining = true;
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ errorCode: 'unavailable', message: 'Not ready: this process is shutting down.' });
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
      const live = await app.inject({ url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      await app.close();
      await t.drop();
    }
  });
});

describe('load shedding', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  let path: string;
  let body: Record<string, unknown>;
  const MAX_WAITING = 2;

  beforeAll(async () => {
    t = await createTestDb({ seed: true });
    const base = testConfig();
    app = await buildApp({
      db: t.db,
      database: t.handle,
      // the event-loop rule out of the way here (its own test below): only the pool rule decides
      config: { ...base, shedding: { enabled: true, maxEventLoopDelayMs: 0, maxDbWaiting: MAX_WAITING, maxInFlight: 0, retryAfterSeconds: 3 } },
      logger: false,
    });
    await app.ready();
    token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
    const card = await t.db.selectFrom('paymentMethods').selectAll().where('contactId', '=', t.demo!.contactId).where('name', '=', 'Visa Business').executeTakeFirstOrThrow();
    path = `/api/vendors/${card.vendorId}/locations/${card.locationId}/paymentgroups`;
    const open = await t.db.selectFrom('invoices').select('id').where('locationId', '=', card.locationId).where('payable', '=', true)
      .where('deletedAt', 'is', null).where('openAmountCents', '>', 0).orderBy('displayInvNum').limit(2).execute();
    body = { paymentMethodId: card.id, paymentDate: '', partialPayments: [], invoices: [open[1]!.id], epaVersion: DEMO_EPA['plastiq-cc'].version };
    // a date the server accepts for this card (its own clock and calendar decide): the first one that pays the other invoice
    for (let day = 0; day < 30 && body.paymentDate === ''; day += 1) {
      const candidate = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const probe = await submit(randomUUID(), { ...body, paymentDate: candidate, invoices: [open[0]!.id] });
      if (probe.statusCode === 201) body.paymentDate = candidate;
    }
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const submit = (key: string, paymentBody = body) =>
    app.inject({ method: 'POST', url: path, headers: { authorization: `ContactAccess ${token}`, 'idempotency-key': key }, payload: paymentBody });

  /** Holds every connection of the request pool and queues callers until `waiting` reach the bound; returns the release. */
  async function saturate(): Promise<() => Promise<void>> {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Promise<unknown>[] = [];
    while (t.handle.load().waiting < MAX_WAITING) {
      held.push(t.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await gate;
      }));
      // let the new caller take a connection or join the queue
      await new Promise((resolve) => setImmediate(resolve));
      if (held.length > 50) throw new Error('the pool never filled');
    }
    return async () => {
      release();
      await Promise.all(held);
    };
  }

  it('callers waiting for the database: a payment submit is answered 503 at once and writes nothing; the same key succeeds afterwards', async () => {
    expect(body.paymentDate).not.toBe('');
    const keysBefore = await t.db.selectFrom('idempotencyKeys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();

    const release = await saturate();
    const key = randomUUID();
    let shed;
    try {
      const started = performance.now();
      shed = await submit(key);
      const elapsed = performance.now() - started;
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toEqual({ errorCode: 'unavailable', message: expect.any(String) });
      expect(shed.headers['retry-after']).toBe('3');
      expect(elapsed).toBeLessThan(1_000); // answered, not queued behind the held connections
      // liveness and readiness are not shed
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await release();
    }
    const keysAfter = await t.db.selectFrom('idempotencyKeys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(keysAfter.n).toBe(keysBefore.n); // the shed submit claimed nothing

    const retried = await submit(key);
    expect(retried.statusCode).toBe(201);
    const again = await submit(key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const payments = await t.db.selectFrom('payments').select('id').where('invoiceId', '=', (body.invoices as string[])[0]!).execute();
    expect(payments).toHaveLength(1);
  });

  it('static files and health routes are never shed by the pool rule', async () => {
    const release = await saturate();
    try {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/healthz?probe=1' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/assets/none.js' })).statusCode).not.toBe(503); // a static file: 404 here, never shed
      expect((await app.inject({ url: '/api/vendors', headers: { authorization: `ContactAccess ${token}` } })).statusCode).toBe(503);
    } finally {
      await release();
    }
    expect((await app.inject({ url: '/api/vendors', headers: { authorization: `ContactAccess ${token}` } })).statusCode).toBe(200);
  });
});

describe('load shedding by requests in progress', () => {
  it('over HTTP: with SHED_MAX_IN_FLIGHT requests in progress the next is answered 503 at once; the admitted ones complete', async () => {
    const t = await createTestDb({ seed: true });
    const base = testConfig();
    const config = { ...base, shedding: { enabled: true, maxEventLoopDelayMs: 0, maxDbWaiting: 1_000, maxInFlight: 2, retryAfterSeconds: 2 } };
    // the vendors list held in progress until the gate opens (the real handler, called late)
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inHandler = 0;
    const real = portalHandlers({ db: t.db, config }).listVendors!;
    const app = await buildApp({
      db: t.db,
      database: t.handle,
      config,
      logger: false,
      handlers: {
        listVendors: async (request, reply) => {
          inHandler += 1;
          await gate;
          return real(request, reply);
        },
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as import('node:net').AddressInfo;
    const token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
    const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `ContactAccess ${token}` } });
    try {
      const first = get('/api/vendors');
      const second = get('/api/vendors');
      // both in progress: the state, not a clock
      for (let i = 0; i < 2_000 && inHandler < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(inHandler).toBe(2);
      const started = performance.now();
      const third = await get('/api/vendors');
      expect(third.status).toBe(503);
      expect(await third.json()).toEqual({ errorCode: 'unavailable', message: expect.any(String) });
      expect(third.headers.get('retry-after')).toBe('2');
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(inHandler).toBe(2); // the shed request never reached its handler
      expect((await get('/healthz')).status).toBe(200); // not counted, not shed
      release();
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      expect((await get('/api/vendors')).status).toBe(200); // the count went back down
    } finally {
      release();
      await app.close();
      await t.drop();
    }
  });
});

/**
 * The limit concerns HTTP alone (a handler of its own, the database only for the token), so it does not depend on the
 * database's kind: when `npm test` runs the server suite on PostgreSQL after the embedded database's files
 * (PP_POSTGRES_STAGE_FOLLOWS, scripts/test-all.sh), it runs there only — 25 s of the embedded stage not spent twice.
 */
const kindNeutralRunsLater = !process.env.DATABASE_URL && process.env.PP_POSTGRES_STAGE_FOLLOWS === '1';
/**
 * And it measures latency, which another test file's load moves: beside the PostgreSQL stage's other worker (a rolling
 * restart, a 10,000-invoice move) the limit once read 18 where it holds under 16 alone. `npm test` runs these tests in
 * a step of their own after that stage, with nothing beside them (PP_ADAPTIVE_LIMIT_TESTS=alone; the stage sets
 * `later`).
 */
const adaptiveRunsAlone = process.env.PP_ADAPTIVE_LIMIT_TESTS === 'later';

describe.skipIf(kindNeutralRunsLater || adaptiveRunsAlone)('the adaptive concurrency limit (the default)', () => {
  /** the middle reading: a probe's dip or a stalled moment's climb does not decide it */
  const median = (limits: number[]) => [...limits].sort((a, b) => a - b)[Math.floor(limits.length / 2)]!;

  /**
   * The real app over HTTP, its vendors list made 3 ms of CPU each: one event loop serves them one after the other, so
   * a request waits behind every other in progress (as on a machine whose cores are all busy). 64 users, each sending
   * its next request as soon as it has an answer, from before the first 503 until `settled` holds of the limits read
   * since (every 100 ms, from the metrics) — at least `settleMs` after it, at most `boundMs` — and then `holdMs` more:
   * the state, not the clock (the other test file of a loaded 2-core machine can stall this one's probes for a while).
   * `held` is what was read in those last `holdMs`, after the state was first reached.
   */
  async function overloaded(tolerance: number, settleMs: number, settled: (limits: number[]) => boolean, holdMs = 3_000, boundMs = 40_000) {
    const t = await createTestDb({ seed: true });
    const base = testConfig();
    const metrics = createMetrics();
    const config = { ...base, shedding: { enabled: true, maxEventLoopDelayMs: 0, maxDbWaiting: 1_000, maxInFlight: 'adaptive' as const, adaptive: { min: 2, max: 64, tolerance }, retryAfterSeconds: 2 } };
    const app = await buildApp({
      db: t.db,
      database: t.handle,
      config,
      logger: false,
      metrics,
      handlers: {
        listVendors: async (_request, reply) => {
          await new Promise((resolve) => setImmediate(resolve));
          const until = performance.now() + 3;
          while (performance.now() < until) {
            // busy
          }
          return reply.send({ vendors: [] });
        },
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as import('node:net').AddressInfo;
    const token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
    const gauge = async (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await metrics.text())?.[1]);
    const get = () => fetch(`http://127.0.0.1:${port}/api/vendors`, { headers: { authorization: `ContactAccess ${token}` } });
    const initial = await gauge('pp_http_concurrency_limit');
    const statuses = new Map<number, number>();
    let bodiesOk = true;
    let stop = false;
    const user = async () => {
      while (!stop) {
        const res = await get();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = await res.json();
        if (res.status === 503 && body.errorCode !== 'unavailable') bodiesOk = false;
      }
    };
    try {
      const users = Array.from({ length: 64 }, user);
      // the first 503 (a state), then `settleMs` of the same load with the limit read every 100 ms
      for (let i = 0; i < 300 && !statuses.get(503); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const limits: number[] = [];
      const from = performance.now();
      const read = async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        limits.push(await gauge('pp_http_concurrency_limit'));
      };
      while (performance.now() - from < boundMs && (performance.now() - from < settleMs || !settled(limits))) await read();
      const reached = limits.length;
      const holdFrom = performance.now();
      while (performance.now() - holdFrom < holdMs) await read();
      const held = limits.slice(reached);
      stop = true;
      await Promise.all(users);
      const shedCounted = Number(/^pp_http_requests_shed_total\{reason="inFlight"\} (\S+)$/m.exec(await metrics.text())?.[1]);
      const inFlightAfter = await gauge('pp_http_requests_in_flight');
      const alone = (await get()).status;
      return { initial, limits, held, statuses, bodiesOk, shedCounted, inFlightAfter, alone };
    } finally {
      stop = true;
      await app.close();
      await t.drop();
    }
  }

  it('over HTTP: latency that grows with the requests in progress brings the limit down from 32 and keeps it there; the excess is shed; the limit and the count are metrics', async () => {
    // over 3 s, at least as long after the first 503 as the control below (whose limit is then above 16 all along):
    // mostly well under 32 (a probe that met a stalled machine may let it climb for a while: a median, not every
    // reading). Read until a 3 s window shows it (within 40 s: on a loaded machine it once read exactly 16 at 8 s), and
    // it stays there: the 3 s after that show it too.
    const run = await overloaded(2, 8_000, (limits) => median(limits.slice(-30)) < 16);
    expect(run.initial).toBe(32);
    expect(run.held.length).toBeGreaterThan(10);
    expect(median(run.held)).toBeLessThan(16);
    expect(run.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(run.statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect([...run.statuses.keys()].sort()).toEqual([200, 503]); // nothing else: no 5xx, no lost request
    expect(run.bodiesOk).toBe(true);
    expect(run.shedCounted).toBe(run.statuses.get(503));
    expect(run.inFlightAfter).toBe(0);
    expect(run.alone).toBe(200); // a request on its own is served: the limit never goes below its minimum
  }, 120_000);

  it('over HTTP, the control: the same load with latency tolerated without bound lets the limit grow past 16 instead', async () => {
    // it grows (smoothly) from where its first probe left it, and stays well above where the other settled: a whole
    // second over 16, and the 3 s after it mostly (a probe restarts it from twice its minimum: a median)
    const run = await overloaded(100, 8_000, (limits) => limits.length >= 10 && Math.min(...limits.slice(-10)) > 16);
    expect(run.held.length).toBeGreaterThan(10);
    expect(median(run.held)).toBeGreaterThan(16);
  }, 120_000);
});

describe('load shedding on a lagging event loop (@fastify/under-pressure)', () => {
  it('sheds new requests with 503 unavailable while the event loop lags, and serves them again after', async () => {
    const t = await createTestDb({ seed: false });
    const base = testConfig();
    const app = await buildApp({
      db: t.db,
      database: t.handle,
      config: { ...base, shedding: { enabled: true, maxEventLoopDelayMs: 50, maxDbWaiting: 1_000, maxInFlight: 0, retryAfterSeconds: 2 } },
      logger: false,
    });
    await app.ready();
    try {
      let shed;
      // block the loop (as a burst of CPU work would), then wait for the sampler to see it — the state, not a clock
      for (let attempt = 0; attempt < 5 && shed?.statusCode !== 503; attempt += 1) {
        const until = performance.now() + 400;
        while (performance.now() < until) {
          // busy: nothing else runs
        }
        for (let i = 0; i < 1_000 && !(app as any).isUnderPressure(); i += 1) await new Promise((resolve) => setImmediate(resolve));
        shed = await app.inject({ url: '/api/vendors' });
      }
      expect(shed!.statusCode).toBe(503);
      expect(shed!.json().errorCode).toBe('unavailable');
      expect(shed!.headers['retry-after']).toBe('2');
      // the loop is idle again: the sampler clears the state and requests are served
      for (let i = 0; i < 200 && (app as any).isUnderPressure(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((app as any).isUnderPressure()).toBe(false);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/vendors' })).statusCode).toBe(401); // served: asks for a token
    } finally {
      await app.close();
      await t.drop();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const error = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  it.each([
    ['a restart or pg_terminate_backend (57P01)', error('terminating connection due to administrator command', '57P01')],
    ['the database starting up (57P03)', error('the database system is starting up', '57P03')],
    ['a statement timeout (57014)', error('canceling statement due to statement timeout', '57014')],
    ['a connection exception (08006)', error('connection failure', '08006')],
    ['a refused connection', error('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection cut mid-statement', error('Connection terminated unexpectedly')],
    ['a pool acquisition timeout', error('timeout exceeded when trying to connect')],
    ['a client that lost its connection', error('Client has encountered a connection error and is not queryable')],
    ['a wrapped cause', Object.assign(new Error('query failed'), { cause: error('Connection terminated unexpectedly') })],
  ])('%s → unavailable', (_name, e) => {
    expect(isDatabaseUnavailable(e)).toBe(true);
  });
  it.each([
    ['a unique violation', error('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', error('syntax error at or near "x"', '42601')],
    ['a bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s → not unavailable', (_name, e) => {
    expect(isDatabaseUnavailable(e)).toBe(false);
  });
});

describe('settings', () => {
  it('reads the timeouts and shedding bounds from the environment, with defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.db).toEqual({ poolSize: 10, acquireTimeoutMs: 2_000, statementTimeoutMs: 5_000, longStatementTimeoutMs: 60_000 });
    expect(defaults.http).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000 });
    expect(defaults.shedding).toEqual({ enabled: true, maxInFlight: 'adaptive', adaptive: { min: 4, max: 256, tolerance: 1.5 }, maxEventLoopDelayMs: 0, maxDbWaiting: 32, retryAfterSeconds: 2 });
    expect(loadConfig({ SHED_MAX_IN_FLIGHT: '8' }).shedding.maxInFlight).toBe(8);
    expect(loadConfig({ SHED_MAX_IN_FLIGHT: '0' }).shedding.maxInFlight).toBe(0);
    expect(loadConfig({ SHED_MAX_IN_FLIGHT: 'Adaptive' }).shedding.maxInFlight).toBe('adaptive');
    expect(loadConfig({ SHED_ADAPTIVE_MIN: '2', SHED_ADAPTIVE_MAX: '50', SHED_LATENCY_TOLERANCE: '1.5' }).shedding.adaptive).toEqual({ min: 2, max: 50, tolerance: 1.5 });
    expect(() => loadConfig({ SHED_ADAPTIVE_MIN: '20', SHED_ADAPTIVE_MAX: '10' })).toThrow('SHED_ADAPTIVE_MIN (20) must be at most SHED_ADAPTIVE_MAX (10)');
    const set = loadConfig({ DB_STATEMENT_TIMEOUT_MS: '1500', LOAD_SHEDDING: 'off', SHED_DB_WAITING: '7', READY_TIMEOUT_MS: '250' });
    expect(set.db.statementTimeoutMs).toBe(1_500);
    expect(set.shedding.enabled).toBe(false);
    expect(set.shedding.maxDbWaiting).toBe(7);
    expect(set.readyTimeoutMs).toBe(250);
    expect(defaults.shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
  });
  it.each([['DB_POOL_SIZE', '0'], ['DB_STATEMENT_TIMEOUT_MS', '-1'], ['HTTP_REQUEST_TIMEOUT_MS', '5s'], ['SHED_DB_WAITING', '1e3'], ['SHUTDOWN_DRAIN_MS', '2s'], ['SHED_MAX_IN_FLIGHT', 'auto'], ['SHED_MAX_IN_FLIGHT', '-1'], ['SHED_ADAPTIVE_MIN', '0'], ['SHED_ADAPTIVE_MAX', 'x'], ['SHED_LATENCY_TOLERANCE', '0.5'], ['SHED_LATENCY_TOLERANCE', '2x'], ['SHED_LATENCY_TOLERANCE', 'Infinity']])(
    'refuses %s=%s',
    (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    },
  );
});
