/**
 * A vendor's payment groups with their lines, as its reconciliation reads them: one group by id, or the groups in
 * the order they last changed (`updated_at`, then id — migration 0015, server/db/payment-group-changes.ts), a page
 * at a time. Every read filters by the vendor: another vendor's group is never read.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { AuthorizationKind, PaymentGroupStatus, PaymentSourceType, PaymentType } from '../db/schema.js';
import type { ChangePosition } from '../domain/change-cursor.js';

export interface PaymentGroupLineRow {
  paymentGroupId: string;
  invoiceId: string;
  invoiceExternalId: string;
  displayInvNum: string;
  paidAmountCents: number;
  /** a dispute's or partial payment's reason, else null */
  subject: string | null;
  /** its notes */
  message: string | null;
}

export interface PaymentGroupRecord {
  id: string;
  confirmationNumber: string;
  status: PaymentGroupStatus;
  paymentDate: string;
  sourceType: PaymentSourceType;
  paymentType: PaymentType;
  paymentTotalCents: number;
  /** the card service fee charged, stored on the group (migration 0021_card_fees) */
  serviceFeeCents: number;
  paymentPlanId: string | null;
  contactId: string;
  contactExternalId: string | null;
  contactFirstName: string;
  contactLastName: string;
  locationId: string;
  locationExternalId: string | null;
  methodLastFour: string;
  createdAt: Date;
  updatedAt: Date;
  lines: PaymentGroupLineRow[];
  /** the authorization record the group names (migration 0019): all null when it names none */
  authorizationKind: AuthorizationKind | null;
  authorizationEpaVersion: string | null;
  authorizationEpaSha256: string | null;
  authorizationAgreedAt: Date | null;
  authorizationIpAddress: string | null;
  authorizationUserAgent: string | null;
  /** the NACHA code of a returned group's return, else null (migration 0020) */
  returnCode: string | null;
}

function groupsOfVendor(db: Db, vendorId: string) {
  return groups(db).where('g.vendorId', '=', vendorId);
}

function groups(db: Db) {
  return db
    .selectFrom('paymentGroups as g')
    .innerJoin('contacts as c', 'c.id', 'g.contactId')
    .innerJoin('locations as l', 'l.id', 'g.locationId')
    .innerJoin('paymentMethods as pm', 'pm.id', 'g.paymentMethodId')
    .leftJoin('vendorContacts as vc', (join) => join.onRef('vc.contactId', '=', 'g.contactId').onRef('vc.vendorId', '=', 'g.vendorId'))
    // the record is the group's vendor's own (written with the group): joined on both, so no other vendor's ever shows
    .leftJoin('paymentAuthorizations as pa', (join) => join.onRef('pa.id', '=', 'g.authorizationId').onRef('pa.vendorId', '=', 'g.vendorId'))
    .select([
      'g.id',
      'g.confirmationNumber',
      'g.status',
      'g.paymentDate',
      'g.sourceType',
      'g.paymentType',
      'g.paymentTotalCents',
      'g.serviceFeeCents',
      'g.paymentPlanId',
      'g.contactId',
      'vc.externalId as contactExternalId',
      'c.firstName as contactFirstName',
      'c.lastName as contactLastName',
      'g.locationId',
      'l.externalId as locationExternalId',
      'pm.lastFour as methodLastFour',
      'g.createdAt',
      'g.updatedAt',
      'g.vendorId',
      'g.returnCode',
      'pa.kind as authorizationKind',
      'pa.epaVersion as authorizationEpaVersion',
      'pa.epaSha256 as authorizationEpaSha256',
      'pa.agreedAt as authorizationAgreedAt',
      'pa.ipAddress as authorizationIpAddress',
      'pa.userAgent as authorizationUserAgent',
    ]);
}

/** The lines of the groups, each group's in the portal's order (due date, number). */
async function linesOf(db: Db, groupIds: readonly string[]): Promise<Map<string, PaymentGroupLineRow[]>> {
  const byGroup = new Map<string, PaymentGroupLineRow[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select(['p.paymentGroupId', 'p.invoiceId', 'i.externalId as invoiceExternalId', 'i.displayInvNum', 'p.paidAmountCents', 'p.subject', 'p.message'])
    .where('p.paymentGroupId', 'in', [...groupIds])
    .orderBy('p.paymentGroupId')
    .orderBy(sql`i.due_date asc nulls last`)
    .orderBy('i.displayInvNum')
    .orderBy('p.id')
    .execute();
  for (const row of rows) byGroup.get(row.paymentGroupId)!.push(row);
  return byGroup;
}

/** A group and its vendor, whichever vendor's (the payment_group events, written for the group's own vendor). */
export async function paymentGroupById(db: Db, paymentGroupId: string): Promise<(PaymentGroupRecord & { vendorId: string }) | undefined> {
  const group = await groups(db).where('g.id', '=', paymentGroupId).executeTakeFirst();
  if (!group) return undefined;
  const lines = await linesOf(db, [group.id]);
  return { ...group, lines: lines.get(group.id)! };
}

export async function paymentGroupOfVendor(db: Db, vendorId: string, paymentGroupId: string): Promise<PaymentGroupRecord | undefined> {
  const group = await groupsOfVendor(db, vendorId).where('g.id', '=', paymentGroupId).executeTakeFirst();
  if (!group) return undefined;
  const lines = await linesOf(db, [group.id]);
  return { ...group, lines: lines.get(group.id)! };
}

/**
 * The feed stops before this time: a change stamped earlier is committed and visible to the next statement, or its
 * transaction is still open — the oldest open transaction that is writing, in this database, started no earlier
 * (its stamps cannot be older than its start). Stamps are cut to the millisecond, and so is the horizon: a change
 * still to come in the current millisecond is held back too. Read in its own statement, BEFORE the page: the page's
 * statement then sees every change stamped before the horizon.
 *
 * Sessions of another database role show no transaction to a role without `pg_read_all_stats`: the server's own
 * writers (one role) are all seen.
 */
export async function changeFeedHorizon(db: Db): Promise<Date> {
  const { rows } = await sql<{ horizon: Date }>`
    select date_trunc('milliseconds', least(statement_timestamp(), (
      select min(xact_start) from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend'
         and backend_xid is not null and pid <> pg_backend_pid()
    ))) as horizon`.execute(db);
  return rows[0].horizon;
}

export interface PaymentGroupChangeQuery {
  /** the last group the caller was given: only later changes */
  after?: ChangePosition;
  /** only groups changed at or after this ISO time */
  updatedSince?: string;
  locationId?: string;
  /** only groups in these states */
  status?: readonly PaymentGroupStatus[];
  /** only groups paid (or to be paid) on or after / on or before these days (`yyyy-MM-dd`) */
  paymentDateFrom?: string;
  paymentDateTo?: string;
  /** only groups paid by this kind of method */
  methodType?: 'ACH' | 'CC';
  /** newest change first (the console's list), instead of the feed's oldest first */
  newest?: boolean;
  /** from `changeFeedHorizon`: changes at or after it wait for a later call */
  horizon: Date;
  /** groups per page */
  limit: number;
  /** lines per page: a page ends before the group that would pass it (a group is never split; the first is always
   *  taken). A group without lines counts as one. */
  maxLines: number;
}

/** The vendor's groups in the order they changed, after `after`, a page at a time; `hasMore` when more were there. */
export async function paymentGroupChanges(db: Db, vendorId: string, query: PaymentGroupChangeQuery): Promise<{ groups: PaymentGroupRecord[]; hasMore: boolean }> {
  let rows = groupsOfVendor(db, vendorId)
    .select((eb) =>
      eb.selectFrom('payments as p').select((sub) => sub.fn.countAll<number>().as('n')).whereRef('p.paymentGroupId', '=', 'g.id').as('lineCount'),
    )
    .where('g.updatedAt', '<', sql<Date>`${query.horizon.toISOString()}::timestamptz`);
  if (query.after) {
    const position = sql`(${query.after.updatedAt.toISOString()}::timestamptz, ${query.after.id}::uuid)`;
    rows = rows.where(query.newest ? sql<boolean>`(g.updated_at, g.id) < ${position}` : sql<boolean>`(g.updated_at, g.id) > ${position}`);
  }
  if (query.updatedSince !== undefined) rows = rows.where('g.updatedAt', '>=', sql<Date>`${query.updatedSince}::timestamptz`);
  if (query.locationId !== undefined) rows = rows.where('g.locationId', '=', query.locationId);
  if (query.status !== undefined && query.status.length > 0) rows = rows.where('g.status', 'in', [...query.status]);
  if (query.paymentDateFrom !== undefined) rows = rows.where(sql<boolean>`g.payment_date >= ${query.paymentDateFrom}::date`);
  if (query.paymentDateTo !== undefined) rows = rows.where(sql<boolean>`g.payment_date <= ${query.paymentDateTo}::date`);
  if (query.methodType !== undefined) rows = rows.where('g.paymentType', '=', query.methodType);
  const direction = query.newest ? 'desc' : 'asc';
  const found = await rows
    .orderBy('g.updatedAt', direction)
    .orderBy('g.id', direction)
    .limit(query.limit + 1)
    .execute();

  const taken: typeof found = [];
  let lines = 0;
  for (const row of found.slice(0, query.limit)) {
    const cost = Math.max(1, Number(row.lineCount));
    if (taken.length > 0 && lines + cost > query.maxLines) break;
    taken.push(row);
    lines += cost;
  }
  const byGroup = await linesOf(
    db,
    taken.map((g) => g.id),
  );
  return {
    groups: taken.map(({ lineCount: _lineCount, ...group }) => ({ ...group, lines: byGroup.get(group.id)! })),
    hasMore: taken.length < found.length,
  };
}
