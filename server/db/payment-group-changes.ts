/**
 * When a payment group last changed (migration 0015): `payment_groups.updated_at`, the order of the vendor API's
 * change feed (`GET /vendor-api/payment-groups`, server/repos/vendor-payment-groups.ts).
 *
 * A trigger stamps it, so that no writer can forget it: every insert, and every update that changes the row (the
 * settlement job completing a group, a cancel by the customer, by AutoPay being turned off, by the vendor closing an
 * invoice, a plan or message the group names being deleted) — whichever process writes, and also raw SQL.
 *
 * The stamp is the wall clock at the write (`clock_timestamp()`, not the transaction's start), cut to the
 * millisecond so that it survives a round trip through a JavaScript Date (and so the feed's cursor) exactly. The
 * feed must never hand out a position past a change that is still to commit with an earlier stamp, or that change
 * would be skipped for good; it therefore stops before the start of the oldest transaction that is writing
 * (`changeFeedHorizon`). For that bound to hold, a transaction must show as writing before it takes its stamp:
 * the trigger first makes sure the transaction has its id (`pg_current_xact_id()`, which PostgreSQL shows in
 * `pg_stat_activity.backend_xid` from then on), then reads the clock.
 *
 * Rows that existed before the migration take their `created_at` (the best known time of their last change).
 */

const touchFunction = `create or replace function payment_groups_touch() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new is not distinct from old then
    return new;
  end if;
  perform pg_current_xact_id();
  new.updated_at := date_trunc('milliseconds', clock_timestamp());
  return new;
end
$$`;

export const paymentGroupChangesUp = [
  `alter table payment_groups add column updated_at timestamptz`,
  `update payment_groups set updated_at = date_trunc('milliseconds', created_at)`,
  `alter table payment_groups alter column updated_at set not null`,
  `alter table payment_groups alter column updated_at set default date_trunc('milliseconds', clock_timestamp())`,
  `create index payment_groups_vendor_updated_idx on payment_groups (vendor_id, updated_at, id)`,
  touchFunction,
  `create trigger payment_groups_touch before insert or update on payment_groups
     for each row execute function payment_groups_touch()`,
];

export const paymentGroupChangesDown = [
  `drop trigger if exists payment_groups_touch on payment_groups`,
  `drop function if exists payment_groups_touch()`,
  `drop index if exists payment_groups_vendor_updated_idx`,
  `alter table payment_groups drop column if exists updated_at`,
];
