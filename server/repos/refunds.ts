/** `refunds`: a vendor's refunds of completed payment groups (core/rules/refunds.ts; server/jobs/refunds.ts). */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import type { RefundStatus } from '../../core/rules/refunds.js';

export interface RefundRow {
  id: string;
  vendorId: string;
  paymentGroupId: string;
  amountCents: number;
  feeCents: number;
  lines: Array<{ invoiceId: string; amountCents: number }>;
  reopenInvoices: boolean;
  reason: string;
  status: RefundStatus;
  idempotencyKey: string;
  sendOn: string;
  processorRefundId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

const columns = [
  'id', 'vendorId', 'paymentGroupId', 'amountCents', 'feeCents', 'lines', 'reopenInvoices', 'reason', 'status', 'idempotencyKey',
  'sendOn', 'processorRefundId', 'failureCode', 'failureMessage', 'createdAt', 'resolvedAt',
] as const;

const normal = (row: Record<string, unknown>): RefundRow => {
  const r = row as unknown as RefundRow & { sendOn: string | Date };
  return {
    ...r,
    amountCents: Number(r.amountCents),
    feeCents: Number(r.feeCents),
    sendOn: toDateString(r.sendOn),
  };
};

/**
 * The vendor's group to refund, LOCKED (`for update`: concurrent refunds of one group are decided one at a time),
 * with what it charged, its lines, its succeeded charge's key and its method; undefined when not the vendor's.
 */
export async function lockGroupForRefund(trx: Db, vendorId: string, groupId: string) {
  const group = await trx
    .selectFrom('paymentGroups as g')
    .innerJoin('vendors as v', 'v.id', 'g.vendorId')
    .select(['g.id', 'g.vendorId', 'g.locationId', 'g.contactId', 'g.status', 'g.paymentType', 'g.paymentTotalCents', 'g.serviceFeeCents', 'g.paymentMethodId', 'g.confirmationNumber', 'v.eodCutoff'])
    .where('g.vendorId', '=', vendorId)
    .where('g.id', '=', groupId)
    .forUpdate('g')
    .executeTakeFirst();
  if (!group) return undefined;
  const charge = await trx
    .selectFrom('paymentGroupCharges')
    .select(['idempotencyKey', 'amountCents'])
    .where('paymentGroupId', '=', groupId)
    .where('status', '=', 'succeeded')
    .orderBy('attempt', 'desc')
    .executeTakeFirst();
  const lines = await trx.selectFrom('payments').select(['invoiceId', 'paidAmountCents']).where('paymentGroupId', '=', groupId).orderBy('id').execute();
  return {
    ...group,
    paymentTotalCents: Number(group.paymentTotalCents),
    serviceFeeCents: Number(group.serviceFeeCents),
    chargeKey: charge?.idempotencyKey ?? null,
    lines: lines.map((l) => ({ invoiceId: l.invoiceId, paidCents: Number(l.paidAmountCents) })),
  };
}

export async function groupOfVendor(db: Db, vendorId: string, groupId: string): Promise<boolean> {
  return (await db.selectFrom('paymentGroups').select('id').where('vendorId', '=', vendorId).where('id', '=', groupId).executeTakeFirst()) !== undefined;
}

export async function refundsOfGroup(db: Db, groupId: string): Promise<RefundRow[]> {
  const rows = await db.selectFrom('refunds').select(columns).where('paymentGroupId', '=', groupId).orderBy('createdAt').orderBy('id').execute();
  return rows.map(normal);
}

export async function refundOfVendor(db: Db, vendorId: string, refundId: string): Promise<RefundRow | undefined> {
  const row = await db.selectFrom('refunds').select(columns).where('vendorId', '=', vendorId).where('id', '=', refundId).executeTakeFirst();
  return row && normal(row);
}

/** The refunds of a contact's payment groups at a location (the customer's payment detail and report). */
export async function refundsOfGroups(db: Db, groupIds: readonly string[]): Promise<RefundRow[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.selectFrom('refunds').select(columns).where('paymentGroupId', 'in', [...groupIds]).orderBy('createdAt').orderBy('id').execute();
  return rows.map(normal);
}

export async function insertRefund(
  trx: Db,
  refund: { id: string; vendorId: string; paymentGroupId: string; amountCents: number; feeCents: number; lines: Array<{ invoiceId: string; amountCents: number }>; reopenInvoices: boolean; reason: string; sendOn: string; createdAt: Date },
): Promise<RefundRow> {
  const row = await trx
    .insertInto('refunds')
    .values({ ...refund, idempotencyKey: `rf_${refund.id}`, lines: JSON.stringify(refund.lines) })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return normal(row);
}

/** A page of the vendor's refunds, oldest first, after a (createdAt, id) position. */
export async function refundPage(db: Db, vendorId: string, page: { after?: { createdAt: string; id: string }; limit: number; paymentGroupId?: string }) {
  let query = db.selectFrom('refunds').select(columns).where('vendorId', '=', vendorId);
  if (page.paymentGroupId) query = query.where('paymentGroupId', '=', page.paymentGroupId);
  if (page.after) query = query.where(sql<boolean>`(created_at, id) > (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`);
  const rows = await query.orderBy('createdAt').orderBy('id').limit(page.limit).execute();
  return rows.map(normal);
}

/** Pending refunds to send, with what the job needs: the group's type, charge key, method token and vendor's zone. */
export async function pendingRefunds(db: Db, upTo: string, limit: number) {
  const { rows } = await sql<{
    id: string; vendorId: string; paymentGroupId: string; amountCents: string; idempotencyKey: string; sendOn: string | Date;
    paymentType: string; eodCutoff: { timezone?: string } | null; chargeKey: string | null; providerToken: string; provider: string;
  }>`
    select r.id, r.vendor_id as "vendorId", r.payment_group_id as "paymentGroupId", r.amount_cents as "amountCents",
           r.idempotency_key as "idempotencyKey", r.send_on as "sendOn", g.payment_type as "paymentType", v.eod_cutoff as "eodCutoff",
           (select c.idempotency_key from payment_group_charges c where c.payment_group_id = g.id and c.status = 'succeeded'
             order by c.attempt desc limit 1) as "chargeKey",
           m.provider_token as "providerToken", m.provider
      from refunds r
      join payment_groups g on g.id = r.payment_group_id
      join vendors v on v.id = r.vendor_id
      join payment_methods m on m.id = g.payment_method_id
     where r.status = 'refund_pending' and r.send_on <= ${upTo}::date
     order by r.send_on, r.created_at, r.id
     limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents), sendOn: toDateString(r.sendOn) }));
}

/** Locks a refund still pending; undefined when another run recorded it meanwhile. */
export async function lockPendingRefund(trx: Db, refundId: string): Promise<RefundRow | undefined> {
  const row = await trx.selectFrom('refunds').select(columns).where('id', '=', refundId).where('status', '=', 'refund_pending').forUpdate().executeTakeFirst();
  return row && normal(row);
}

export async function resolveRefund(
  trx: Db,
  refundId: string,
  outcome: { status: 'refunded'; processorRefundId: string } | { status: 'refund_failed'; failureCode: string; failureMessage: string },
  now: Date,
): Promise<void> {
  await trx.updateTable('refunds').set({ ...outcome, resolvedAt: now }).where('id', '=', refundId).execute();
}

/** The invoices of lines, for the refund's receipt and journey: number and external id. */
export async function invoiceLabels(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { displayInvNum: string; externalId: string | null }>();
  const rows = await db.selectFrom('invoices').select(['id', 'displayInvNum', 'externalId']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, { displayInvNum: r.displayInvNum, externalId: r.externalId }]));
}

/** Holidays for the ACH calendar. */
export async function holidayDates(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('holidays').select('date').execute();
  return rows.map((h) => toDateString(h.date as string | Date));
}
