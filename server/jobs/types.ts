/**
 * The job interface shared by every scheduled job. A job is a thin runner around a pure planner:
 * `run` decides, for the moment `now`, what is due (per vendor time zone) and does each due effect once — the
 * exactly-once guarantee is a UNIQUE key in our own tables on the logical effect, never timing. `run` may run any
 * number of times, late, and in several processes at once.
 */
import type { Db } from '../db/connect.js';

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  db: Db;
  now: Date;
  log: JobLogger;
  publicUrl: string;
}

export interface ScheduledJob {
  name: string; // 'settlement' | 'autopay' | 'plans' | 'statements' | 'reminders' | 'purge' ...
  cron: string; // UTC cron for the tick, e.g. '*/5 * * * *'; the job itself decides per vendor
  // time zone what is due at `now` (idempotent: may run any number of times)
  run(ctx: JobContext): Promise<Record<string, number>>; // summary counts, e.g. { sent: 3, skipped: 1 }
}
