/**
 * Background jobs of the server process: the settlement of due payment groups (`jobs/settlement.ts`) and the purge
 * of old idempotency keys and of outbox messages older than a login link lives, once at start and then every `intervalMs` (default one minute).
 *
 *   const jobs = startJobs(db, { log: app.log });   // after migrations
 *   ...
 *   await jobs.stop();                              // before closing the database
 *
 * A run never overlaps the previous one in the same process; several processes may run the jobs at once (the
 * settlement locks each group, see there). Failures are logged and the next tick tries again.
 */
import type { Db } from '../db/connect.js';
import { purgeOutbox } from '../repos/outbox.js';
import { prunePaymentAttempts } from '../repos/payment-attempts.js';
import { purgeIdempotencyKeys } from '../repos/payment-groups.js';
import { settleDuePaymentGroups } from './settlement.js';

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobsOptions {
  /** default 60 000 ms */
  intervalMs?: number;
  /** default: the process's clock */
  now?: () => Date;
  log?: JobLogger;
}

export interface RunningJobs {
  /** runs the jobs now (waits for a run already under way first); resolves when done */
  runNow(): Promise<void>;
  /** stops the timer and waits for a run under way */
  stop(): Promise<void>;
}

export function startJobs(db: Db, options: JobsOptions = {}): RunningJobs {
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let stopped = false;

  const runOnce = async () => {
    try {
      const at = now();
      const { settledGroupIds } = await settleDuePaymentGroups(db, { now: at, log: options.log });
      if (settledGroupIds.length > 0) options.log?.info({ settled: settledGroupIds.length }, 'payment groups settled');
      await purgeIdempotencyKeys(db, at);
      await purgeOutbox(db, at);
      await prunePaymentAttempts(db, at);
    } catch (error) {
      options.log?.error({ reason: error instanceof Error ? error.message : String(error) }, 'background jobs failed');
    }
  };

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = runOnce().finally(() => {
        running = null;
      });
    }
    return running;
  };

  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();

  return {
    async runNow() {
      if (running) await running;
      await tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
