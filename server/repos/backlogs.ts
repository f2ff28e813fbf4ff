/**
 * What is waiting, read for the metrics scrape (server/http/metrics.ts): the job queue's jobs per name (pg-boss's own
 * table), webhook deliveries pending per endpoint, the e-mail/SMS outbox, payment groups by state. Aggregates only —
 * counts and ages, no row, no URL, no recipient — each over an index or a small table; the caller bounds them (a
 * statement timeout, a cache of a few seconds).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { PaymentGroupStatus } from '../db/schema.js';
import { OUTBOX_MAX_ATTEMPTS } from './outbox.js';

export interface JobQueueRow {
  name: string;
  /** created or waiting for a retry */
  waiting: number;
  active: number;
  /** seconds the oldest waiting job that may start now has waited (0: none) */
  oldestSeconds: number;
}

/** pg-boss's jobs per queue name, or null when its schema does not exist (the queue never started on this database). */
export async function jobQueueBacklog(db: Db, schema: string): Promise<JobQueueRow[] | null> {
  const exists = await sql<{ found: boolean }>`select to_regclass(${`${schema}.job`}) is not null as found`.execute(db);
  if (!exists.rows[0]?.found) return null;
  const rows = await sql<{ name: string; waiting: string | number; active: string | number; oldest: string | number | null }>`
    select name,
           count(*) filter (where state in ('created', 'retry')) as waiting,
           count(*) filter (where state = 'active') as active,
           extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now())) as oldest
      from ${sql.id(schema, 'job')}
     where state <= 'active'
     group by name`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, waiting: Number(r.waiting), active: Number(r.active), oldestSeconds: Math.max(0, Number(r.oldest ?? 0)) }));
}

export interface WebhookBacklogRow {
  endpointId: string;
  pending: number;
  /** seconds the oldest delivery that is due has waited past its due time (0: none due) */
  lagSeconds: number;
}

/** Pending deliveries per endpoint (those with any), the `limit` most behind first. */
export async function webhookBacklog(db: Db, limit: number): Promise<WebhookBacklogRow[]> {
  const rows = await sql<{ endpointId: string; pending: string | number; lag: string | number | null }>`
    select endpoint_id as "endpointId", count(*) as pending,
           extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())) as lag
      from webhook_deliveries
     where status = 'pending'
     group by endpoint_id
     order by lag desc nulls last, endpoint_id
     limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ endpointId: r.endpointId, pending: Number(r.pending), lagSeconds: Math.max(0, Number(r.lag ?? 0)) }));
}

export interface OutboxBacklogRow {
  channel: string;
  /** not sent yet, attempts left */
  pending: number;
  /** seconds since the oldest of them was written */
  oldestSeconds: number;
}

export async function outboxBacklog(db: Db): Promise<OutboxBacklogRow[]> {
  const rows = await sql<{ channel: string; pending: string | number; oldest: string | number | null }>`
    select channel, count(*) as pending, extract(epoch from now() - min(created_at)) as oldest
      from outbox
     where sent_at is null and attempts < ${OUTBOX_MAX_ATTEMPTS}
     group by channel`.execute(db);
  return rows.rows.map((r) => ({ channel: r.channel, pending: Number(r.pending), oldestSeconds: Math.max(0, Number(r.oldest ?? 0)) }));
}

/** Payment groups by state. */
export async function paymentGroupsByState(db: Db): Promise<Array<{ state: PaymentGroupStatus; count: number }>> {
  const rows = await sql<{ state: PaymentGroupStatus; count: string | number }>`
    select status as state, count(*) as count from payment_groups group by status`.execute(db);
  return rows.rows.map((r) => ({ state: r.state, count: Number(r.count) }));
}

/**
 * Runs `read` in a read-only transaction whose statements stop after `timeoutMs` (PostgreSQL; the embedded database
 * runs them to the end): a scrape never holds a connection longer than that.
 */
export async function boundedRead<T>(db: Db, timeoutMs: number, read: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.round(timeoutMs)))}, true)`.execute(trx);
    return read(trx);
  });
}
