/**
 * What the console's Home counts (`GET /overview`): the vendor's payments by state and payment date, and its failing
 * webhook endpoints (open disputes and short-pays: repos/vendor-disputes.ts). Every read is the vendor's alone.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface Tally {
  count: number;
  cents: number;
}

/** Payments of a status, with a payment date in [from, to] (each bound optional), counted and summed. */
export async function paymentTallies(
  db: Db,
  vendorId: string,
  windows: Record<string, { statuses: string[]; from?: string; to?: string }>,
): Promise<Record<string, Tally>> {
  const names = Object.keys(windows);
  // aliases the result's camel-casing leaves alone: c0, s0, c1, s1, …
  const selections = names.map((name, i) => {
    const w = windows[name]!;
    const cond = sql.join(
      [
        sql`status in (${sql.join(w.statuses)})`,
        ...(w.from ? [sql`payment_date >= ${w.from}`] : []),
        ...(w.to ? [sql`payment_date <= ${w.to}`] : []),
      ],
      sql` and `,
    );
    return sql`count(*) filter (where ${cond})::int as ${sql.ref(`c${i}`)}, coalesce(sum(payment_total_cents) filter (where ${cond}), 0)::bigint as ${sql.ref(`s${i}`)}`;
  });
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(selections)} from payment_groups where vendor_id = ${vendorId}`.execute(db);
  const row = rows[0]!;
  return Object.fromEntries(names.map((name, i) => [name, { count: Number(row[`c${i}`]), cents: Number(row[`s${i}`]) }]));
}

/** The vendor's webhook endpoints that are failing (deliveries failing since a moment) or were disabled. */
export async function failingEndpoints(db: Db, vendorId: string): Promise<{ failing: number; disabled: number }> {
  const { rows } = await sql<{ failing: number; disabled: number }>`
    select count(*) filter (where status = 'enabled' and failing_since is not null)::int as failing,
           count(*) filter (where status = 'disabled')::int as disabled
      from webhook_endpoints where vendor_id = ${vendorId}`.execute(db);
  return { failing: rows[0]?.failing ?? 0, disabled: rows[0]?.disabled ?? 0 };
}
