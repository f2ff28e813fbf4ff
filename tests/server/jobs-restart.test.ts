// @vitest-environment node
/**
 * A job that finishes while its database is away: pg-boss marks a job done with a promise it does not await, so the
 * completion of a job that ends during a PostgreSQL restart used to reject with nobody to catch it — an unhandled
 * rejection that ended the server. On a PostgreSQL cluster of the test's own, stopped while a job runs:
 * - the job's end while the database is down raises no unhandled rejection in this process;
 * - once the database accepts connections again the completion is recorded (the job is `completed`, not left `active`
 *   to expire and run again), and the queue takes and finishes new jobs, with no manual step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb, migrateToLatest, type DbHandle } from '../../server/db/connect.js';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue.js';
import type { ScheduledJob } from '../../server/jobs/types.js';
import { postgresBinDir, startPgCluster, type PgCluster } from './helpers/pg-cluster.js';

const binDir = postgresBinDir();
const enabled = Boolean(process.env.DATABASE_URL) && (binDir !== undefined || process.env.CI === 'true');

describe.runIf(enabled)('a job that ends while PostgreSQL is stopped', () => {
  let cluster: PgCluster;
  let handle: DbHandle;
  let queue: JobQueue;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  let release: () => void = () => undefined;
  let started: () => void = () => undefined;
  let runs = 0;
  const warnings: string[] = [];
  const infos: string[] = [];

  const gated: ScheduledJob = {
    name: 'gated',
    cron: '0 0 1 1 *',
    async run() {
      runs += 1;
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { done: 1 };
    },
  };

  const stateOf = async (id: string) => {
    const client = new pg.Client({ connectionString: cluster.url('portal') });
    await client.connect();
    try {
      return (await client.query<{ state: string }>('select state from pgboss.job where id = $1', [id])).rows[0]?.state;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    cluster = await startPgCluster(binDir!);
    await cluster.createDatabase('portal');
    handle = await createDb({ databaseUrl: cluster.url('portal'), poolSize: 2 });
    await migrateToLatest(handle.db);
    queue = await startJobQueue({
      db: handle.db,
      databaseUrl: cluster.url('portal'),
      publicUrl: 'http://127.0.0.1:1',
      jobs: [gated],
      schedule: false,
      catchUp: false,
      pollingIntervalSeconds: 0.5,
      log: { info: (_o, msg) => infos.push(String(msg)), warn: (_o, msg) => warnings.push(String(msg)), error() {} },
    });
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    release();
    await queue?.stop().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await cluster?.destroy();
  }, 60_000);

  it('records the completion once the database is back, and goes on taking jobs', async () => {
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const id = (await queue.send('gated'))!;
    expect(id).toBeTruthy();
    await running;

    await cluster.stop();
    release(); // the job ends with the database down: pg-boss's completion statement cannot connect
    // the completion is being retried: wait until at least one attempt failed (it is a statement nobody awaits)
    for (let i = 0; i < 600 && !infos.some((m) => m.includes('completion is retried')); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(infos.filter((m) => m.includes('completion is retried')).length).toBeGreaterThan(0);
    expect(rejections.map((r) => (r instanceof Error ? r.stack : String(r)))).toEqual([]);

    await cluster.start();
    let state: string | undefined;
    for (let i = 0; i < 200 && state !== 'completed'; i += 1) {
      state = await stateOf(id);
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('completed');
    expect(rejections).toEqual([]);
    expect(warnings.filter((w) => w.includes('completion was not recorded'))).toEqual([]); // retried to success, not given up

    // and the queue goes on: a new job is taken and finished
    const next = new Promise<void>((resolve) => {
      started = resolve;
    });
    const second = (await queue.send('gated'))!;
    await next;
    release();
    state = undefined;
    for (let i = 0; i < 200 && state !== 'completed'; i += 1) {
      state = await stateOf(second);
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('completed');
    expect(runs).toBe(2);
    expect(await queue.ready(2_000)).toBe(true);
  }, 120_000);
});
