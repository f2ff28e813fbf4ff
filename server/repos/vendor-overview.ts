/**
 * What the console's Home counts (`GET /overview`): the vendor's payments by state and payment date, its customers'
 * open disputes and short-pays, and its failing webhook endpoints. Every read is the vendor's alone.
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

/**
 * Invoices still open that a customer disputed (paid $0 with a reason) or short-paid (paid part, with a reason), in a
 * payment that was not canceled: counted once per invoice.
 */
export async function openAdjustments(db: Db, vendorId: string): Promise<{ disputes: number; shortPays: number }> {
  const { rows } = await sql<{ disputes: number; shortPays: number }>`
    select count(distinct p.invoice_id) filter (where p.paid_amount_cents = 0)::int as disputes,
           count(distinct p.invoice_id) filter (where p.paid_amount_cents > 0)::int as short_pays -- read back as shortPays (the result is camel-cased)
      from payments p
      join payment_groups g on g.id = p.payment_group_id
      join invoices i on i.id = p.invoice_id
     where g.vendor_id = ${vendorId} and i.vendor_id = ${vendorId}
       and p.subject is not null and g.status <> 'canceled'
       and i.deleted_at is null and i.open_amount_cents > 0`.execute(db);
  return { disputes: rows[0]?.disputes ?? 0, shortPays: rows[0]?.shortPays ?? 0 };
}

/** The vendor's webhook endpoints that are failing (deliveries failing since a moment) or were disabled. */
export async function failingEndpoints(db: Db, vendorId: string): Promise<{ failing: number; disabled: number }> {
  const { rows } = await sql<{ failing: number; disabled: number }>`
    select count(*) filter (where status = 'enabled' and failing_since is not null)::int as failing,
           count(*) filter (where status = 'disabled')::int as disabled
      from webhook_endpoints where vendor_id = ${vendorId}`.execute(db);
  return { failing: rows[0]?.failing ?? 0, disabled: rows[0]?.disabled ?? 0 };
}
