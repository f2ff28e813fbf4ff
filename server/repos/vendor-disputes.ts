/**
 * A vendor's view of its customers' disputes and short-pays (`messages` rows with the paid amount, written by the
 * money path: repos/messages.ts) and its replies to them (`messages` rows with `reply_to`, migration 0035). Every read
 * is the vendor's alone.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface DisputeRow {
  id: string;
  reason: string;
  notes: string;
  paidCents: number;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  invoiceId: string;
  invoiceExternalId: string;
  displayInvNum: string;
  invoiceOpenCents: number;
  invoiceClosed: boolean;
  locationId: string;
  locationExternalId: string | null;
  locationName: string;
  contactId: string;
  contactName: string;
  replyCount: number;
}

export interface ReplyRow {
  id: string;
  text: string;
  authorLabel: string;
  createdAt: Date;
}

export interface DisputeFilter {
  status?: 'open' | 'resolved';
  kind?: 'dispute' | 'short_pay';
}

function disputeQuery(db: Db, vendorId: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('invoices as i', 'i.id', 'm.invoiceId')
    .innerJoin('locations as l', 'l.id', 'm.locationId')
    .innerJoin('contacts as c', 'c.id', 'm.contactId')
    .select([
      'm.id', 'm.subject as reason', 'm.body as notes', 'm.paymentPaidAmountCents as paidCents', 'm.createdAt', 'm.resolvedAt', 'm.resolvedBy',
      'i.id as invoiceId', 'i.externalId as invoiceExternalId', 'i.displayInvNum', 'i.openAmountCents as invoiceOpenCents', 'i.deletedAt as invoiceDeletedAt',
      'l.id as locationId', 'l.externalId as locationExternalId', 'l.displayName as locationName',
      'c.id as contactId', 'c.firstName', 'c.lastName',
      sql<number>`(select count(*)::int from messages r where r.reply_to = m.id)`.as('replyCount'),
    ])
    .where('m.vendorId', '=', vendorId)
    .where('i.vendorId', '=', vendorId)
    .where('m.paymentPaidAmountCents', 'is not', null)
    .where('m.replyTo', 'is', null);
}

type Raw = Omit<DisputeRow, 'invoiceClosed' | 'contactName' | 'paidCents' | 'invoiceOpenCents'> & {
  paidCents: number | string | null;
  invoiceOpenCents: number | string;
  invoiceDeletedAt: Date | null;
  firstName: string;
  lastName: string;
};
const normal = (r: Raw): DisputeRow => {
  const { invoiceDeletedAt, firstName, lastName, ...rest } = r;
  return { ...rest, paidCents: Number(r.paidCents), invoiceOpenCents: Number(r.invoiceOpenCents), invoiceClosed: invoiceDeletedAt !== null, contactName: `${firstName} ${lastName}`.trim() };
};

/** A page of the vendor's disputes and short-pays, newest first, after the (createdAt, id) of the last one given. */
export async function disputePage(db: Db, vendorId: string, page: { after?: { createdAt: Date; id: string }; limit: number } & DisputeFilter): Promise<DisputeRow[]> {
  let query = disputeQuery(db, vendorId);
  if (page.status === 'open') query = query.where('m.resolvedAt', 'is', null);
  if (page.status === 'resolved') query = query.where('m.resolvedAt', 'is not', null);
  if (page.kind === 'dispute') query = query.where('m.paymentPaidAmountCents', '=', 0);
  if (page.kind === 'short_pay') query = query.where('m.paymentPaidAmountCents', '>', 0);
  // ordered by the moment to the millisecond (what a cursor holds: the database keeps microseconds), then the id
  const moment = sql<Date>`date_trunc('milliseconds', m.created_at)`;
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where((eb) => eb.or([eb(moment, '<', createdAt), eb.and([eb(moment, '=', createdAt), eb('m.id', '>', id)])]));
  }
  const rows = await query.orderBy(moment, 'desc').orderBy('m.id').limit(page.limit).execute();
  return (rows as unknown as Raw[]).map(normal);
}

export async function disputeOfVendor(db: Db, vendorId: string, disputeId: string): Promise<DisputeRow | undefined> {
  const row = await disputeQuery(db, vendorId).where('m.id', '=', disputeId).executeTakeFirst();
  return row && normal(row as unknown as Raw);
}

/** The dispute's row locked until the transaction ends: replies and resolutions of one dispute queue here. */
export async function lockDispute(trx: Db, vendorId: string, disputeId: string): Promise<boolean> {
  const { rows } = await sql`select id from messages where id = ${disputeId} and vendor_id = ${vendorId} and payment_paid_amount_cents is not null and reply_to is null for update`.execute(trx);
  return rows.length === 1;
}

export async function repliesOf(db: Db, disputeId: string): Promise<ReplyRow[]> {
  const rows = await db.selectFrom('messages').select(['id', 'body', 'authorLabel', 'createdAt']).where('replyTo', '=', disputeId).orderBy('createdAt').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, text: r.body, authorLabel: r.authorLabel ?? '', createdAt: r.createdAt }));
}

/** The vendor's reply: a message to the dispute's contact in the dispute's thread (its reason and paid amount keep
 * it filed under the same category of the resolution center), unread. */
export async function insertReply(
  trx: Db,
  dispute: { id: string; vendorId: string; locationId: string; contactId: string; invoiceId: string; reason: string; paidCents: number },
  reply: { body: string; authorLabel: string; now: Date },
): Promise<string> {
  const row = await trx
    .insertInto('messages')
    .values({
      vendorId: dispute.vendorId, locationId: dispute.locationId, contactId: dispute.contactId, invoiceId: dispute.invoiceId,
      subject: dispute.reason, body: reply.body, paymentPaidAmountCents: dispute.paidCents, readAt: null, createdAt: reply.now,
      replyTo: dispute.id, authorLabel: reply.authorLabel,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setResolution(trx: Db, disputeId: string, resolution: { at: Date; by: string } | null): Promise<void> {
  await trx.updateTable('messages').set({ resolvedAt: resolution?.at ?? null, resolvedBy: resolution?.by ?? null }).where('id', '=', disputeId).execute();
}

/** Unresolved disputes and short-pays of the vendor (Home's counts, the same rule as the inbox's `status=open`). */
export async function openDisputeCounts(db: Db, vendorId: string): Promise<{ disputes: number; shortPays: number }> {
  const row = await db
    .selectFrom('messages')
    .select([
      sql<number>`count(*) filter (where payment_paid_amount_cents = 0)::int`.as('disputes'),
      sql<number>`count(*) filter (where payment_paid_amount_cents > 0)::int`.as('shortPays'),
    ])
    .where('vendorId', '=', vendorId)
    .where('paymentPaidAmountCents', 'is not', null)
    .where('replyTo', 'is', null)
    .where('resolvedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return { disputes: Number(row.disputes), shortPays: Number(row.shortPays) };
}
