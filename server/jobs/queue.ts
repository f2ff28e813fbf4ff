/**
 * The job queue: pg-boss 10.4 on the server's own database — PostgreSQL (a small pool of ours, db/pool.ts) or the embedded PGlite
 * (pg-boss's `db` option, through the server's fair PGlite queue, `db/pglite-queue.ts`, so a pg-boss statement never
 * lands inside a request's open transaction).
 *
 *   const queue = await startJobQueue({ db, pglite, databaseUrl, publicUrl, log });   // after migrations
 *   ...
 *   await queue.stop();                                                                // before closing the database
 *
 * Every job of `registry.ts` gets a pg-boss queue of policy `short` (at most ONE waiting job per name: ticks that
 * arrive while one waits are dropped, so a backlog never piles up) and a UTC cron schedule. pg-boss's timekeeper
 * sends each cron tick once across all processes sharing the database, and one worker (any process) takes it.
 * A tick missed while every process was down is NOT replayed one by one: at start each process sends one catch-up
 * job per name (deduplicated by the `short` policy), and because every job is an idempotent planner ("what is due at
 * `now` and not done yet"), that single late run does everything the missed ticks would have done, once.
 *
 * Exactly-once never depends on the queue: a job killed mid-run (process crash) is retried by pg-boss after it
 * expires or simply redone by the next tick, and each effect is guarded by a UNIQUE key in our tables.
 */
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
// pg-boss's statement texts, to tell its job completions apart (see `settleCompletions`)
import bossPlans from 'pg-boss/src/plans.js';
import type pg from 'pg';
import { createPgPool, isDatabaseUnavailable } from '../db/pool.js';
import type { Db } from '../db/connect.js';
import { scheduledJobs } from './registry.js';
import type { JobLogger, ScheduledJob } from './types.js';

export const QUEUE_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  db: Db;
  /** the embedded database (PGlite); pg-boss then runs through `db`'s fair queue */
  pglite?: PGlite;
  /** PostgreSQL: pg-boss opens its own pool of `poolSize` (default 2) connections */
  databaseUrl?: string;
  poolSize?: number;
  publicUrl: string;
  log?: JobLogger;
  jobs?: ScheduledJob[];
  /** the clock handed to the jobs (default: the process's) */
  now?: () => Date;
  /** how often a worker looks for a job (default 5 s; pg-boss's minimum is 0.5 s) */
  pollingIntervalSeconds?: number;
  /** send one catch-up job per name at start (default true) */
  catchUp?: boolean;
  /** register the cron schedules (default true); tests turn it off so nothing fires on its own */
  schedule?: boolean;
}

export interface JobQueue {
  boss: PgBoss;
  /** readiness: the queue's own database connection answers within `timeoutMs` */
  ready(timeoutMs: number): Promise<boolean>;
  /** sends a job of `name` now (deduplicated while one waits) and resolves with its pg-boss id (null when deduplicated) */
  send(name: string): Promise<string | null>;
  /** resolves when every job this process took has finished (for tests) */
  idle(): Promise<void>;
  /** summaries of the runs this process did, newest last (for tests and logs) */
  readonly runs: ReadonlyArray<{ name: string; summary: Record<string, number> }>;
  stop(): Promise<void>;
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/** Runs one job with the given clock: logs its summary (or its failure, then rethrows). */
export async function runScheduledJob(job: ScheduledJob, ctx: Parameters<ScheduledJob['run']>[0]): Promise<Record<string, number>> {
  const started = Date.now();
  try {
    const summary = await job.run(ctx);
    const busy = Object.values(summary).some((n) => n > 0);
    if (busy) ctx.log.info({ job: job.name, ...summary, ms: Date.now() - started }, 'job ran');
    return summary;
  } catch (error) {
    ctx.log.error({ job: job.name, reason: error instanceof Error ? error.message : String(error) }, 'job failed');
    throw error;
  }
}

type SqlAdapter = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** how long a job's completion is retried while the database is away: the job's own expiry (then pg-boss retries it) */
const COMPLETION_RETRY_MS = 15 * 60_000;

/**
 * pg-boss marks a job done or failed with a promise it does not await (manager.js, `onFetch`): with the database away
 * (a restart, a failover) that statement rejects and nothing catches it. So the adapter never lets a completion
 * reject: it retries it, with backoff, while the database is unavailable (the statement is idempotent: it updates only
 * a job still active), for as long as the job would stay active anyway; then it gives up with a warning and the job
 * expires and runs again — every job is an idempotent planner guarded by unique keys, so a second run does nothing
 * twice. Other statements fail as before: pg-boss catches those (its worker polls again, its timers report `error`).
 */
export function settleCompletions(adapter: SqlAdapter, log: JobLogger, options: { retryMs?: number; backoffMs?: number } = {}): SqlAdapter {
  const completions = new Set([bossPlans.completeJobs(QUEUE_SCHEMA), bossPlans.failJobsById(QUEUE_SCHEMA)]);
  const retryMs = options.retryMs ?? COMPLETION_RETRY_MS;
  return {
    async executeSql(text, values) {
      if (!completions.has(text)) return adapter.executeSql(text, values);
      const giveUpAt = Date.now() + retryMs;
      for (let wait = options.backoffMs ?? 250, attempt = 0; ; wait = Math.min(wait * 2, 5_000), attempt += 1) {
        try {
          return await adapter.executeSql(text, values);
        } catch (error) {
          if (!isDatabaseUnavailable(error) || Date.now() + wait > giveUpAt) {
            log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'job queue: a job completion was not recorded; the job expires and runs again');
            return { rows: [{ count: 0 }] };
          }
          // once per completion (the retries go on every 0.25–5 s for as long as the database is away)
          if (attempt === 0) log.info({ reason: error instanceof Error ? error.message : String(error) }, 'job queue: a job completion is retried until the database is back');
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    },
  };
}

/** pg-boss's `db` adapter over the embedded database: multi-statement SQL through `exec`, the rest through `query`. */
export function pgliteBossAdapter(db: Db, pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // hold the fair queue's one connection for this statement: never inside another caller's transaction
      return db.connection().execute(async () => {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values);
          return { rows: result.rows as Record<string, unknown>[] };
        }
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      });
    },
  };
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const jobs = options.jobs ?? scheduledJobs;
  const log = options.log ?? silent;
  const now = options.now ?? (() => new Date());
  const common = {
    schema: QUEUE_SCHEMA,
    // pg-boss's own maintenance: archive/delete old jobs; one process at a time (it locks)
    maintenanceIntervalSeconds: 300,
    cronMonitorIntervalSeconds: 30,
    clockMonitorIntervalSeconds: 600,
    schedule: options.schedule ?? true,
  };
  let boss: PgBoss; // assigned once below
  let adapter: SqlAdapter;
  let ownPool: pg.Pool | undefined;
  if (options.pglite) {
    adapter = pgliteBossAdapter(options.db, options.pglite);
  } else if (options.databaseUrl) {
    // pg-boss on a pool of ours (its `db` option): a connection lost to a restart or failover fails that statement
    // (pg-boss reports it and polls again) and never the process (db/pool.ts); the next statement reconnects.
    const pool = createPgPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 2,
      acquireTimeoutMs: 10_000,
      application_name: 'pp-jobs',
      onConnectionLost: (error) => log.warn({ reason: error.message, code: error.code }, 'job queue: database connection lost'),
    });
    ownPool = pool;
    adapter = { executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }) };
  } else {
    throw new Error('startJobQueue needs pglite or databaseUrl');
  }
  boss = new PgBoss({ ...common, db: settleCompletions(adapter, log) } as PgBoss.ConstructorOptions);
  boss.on('error', (error: Error) => log.error({ reason: error.message }, 'job queue error'));
  const runs: Array<{ name: string; summary: Record<string, number> }> = [];
  const inFlight = new Set<Promise<unknown>>();
  try {
    await boss.start();
    for (const job of jobs) {
      // createQueue is idempotent (on conflict do nothing)
      await boss.createQueue(job.name, { name: job.name, policy: 'short', retryLimit: 1, retryDelay: 60, expireInSeconds: 15 * 60 });
      if (options.schedule ?? true) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      await boss.work(job.name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 }, async () => {
        const run = runScheduledJob(job, { db: options.db, now: now(), log, publicUrl: options.publicUrl }).then((summary) => {
          runs.push({ name: job.name, summary });
          return summary;
        });
        inFlight.add(run);
        try {
          return await run;
        } finally {
          inFlight.delete(run);
        }
      });
    }
    if (options.catchUp ?? true) {
      for (const job of jobs) await boss.send(job.name, {}, {});
    }
  } catch (error) {
    // a start that failed half-way (the database went away): leave no timers or connections behind; the caller retries
    await boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined);
    await ownPool?.end().catch(() => undefined);
    throw error;
  }

  let stopped = false;
  return {
    boss,
    runs,
    async ready(timeoutMs) {
      if (stopped) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          adapter.executeSql('select 1').then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), timeoutMs);
          }),
        ]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    send: (name) => boss.send(name, {}, {}),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // graceful: waits (up to 20 s) for the jobs this process is running; `close` only closes pg-boss's own pool
      try {
        await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
      } finally {
        await ownPool?.end();
      }
    },
  };
}
