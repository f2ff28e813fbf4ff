/** Payment groups (one-time, AutoPay and plan payments), shaped as the contract's PaymentGroup. */
import { achReturnReason } from '../../core/rules/ach-returns.js';
import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { PaymentGroupStatus, PaymentGroupsTable, PaymentsTable } from '../db/schema.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import { apiSourceType, paymentMethodTypeOf } from '../domain/payments.js';

export interface PaymentGroupFilter {
  contactId: string;
  locationId: string;
  sourceType?: 'Portal' | 'Click2Pay' | 'Payment Plan' | 'Autopay Plus' | 'Message';
  paymentPlanIds?: string[];
  /** only groups of this status (`onlyPending=true` → scheduled) */
  status?: PaymentGroupStatus;
  paymentGroupId?: string;
}

function groupsQuery(db: Db, filter: PaymentGroupFilter) {
  let query = db
    .selectFrom('paymentGroups as g')
    .innerJoin('paymentMethods as pm', 'pm.id', 'g.paymentMethodId')
    .innerJoin('contacts as c', 'c.id', 'g.contactId')
    .leftJoin('paymentPlans as pp', 'pp.id', 'g.paymentPlanId')
    .selectAll('g')
    .select([
      'pm.provider as methodProvider',
      'pm.name as methodName',
      'pm.lastFour as methodLastFour',
      'c.firstName as contactFirstName',
      'c.lastName as contactLastName',
      'pp.name as planName',
      'pp.frequency as planFrequency',
      // what the vendor gave back (refunds the processor took)
      sql<string>`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.payment_group_id = g.id and r.status = 'refunded')`.as('refundedCents'),
    ])
    .where('g.contactId', '=', filter.contactId)
    .where('g.locationId', '=', filter.locationId);
  if (filter.sourceType) query = query.where('g.sourceType', '=', filter.sourceType);
  if (filter.paymentPlanIds) query = query.where('g.paymentPlanId', 'in', filter.paymentPlanIds);
  if (filter.status) query = query.where('g.status', '=', filter.status);
  if (filter.paymentGroupId) query = query.where('g.id', '=', filter.paymentGroupId);
  return query.orderBy('g.paymentDate', 'desc').orderBy('g.createdAt', 'desc');
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupsQuery>['execute']>>[number];

export function toApiPaymentGroup(row: GroupRow) {
  const methodType = paymentMethodTypeOf(row.methodProvider);
  return {
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    paymentDate: toDateString(row.paymentDate),
    paymentTotal: centsToAmount(row.paymentTotalCents),
    serviceFee: centsToAmount(row.serviceFeeCents),
    paymentType: row.paymentType,
    status: row.status,
    sourceType: apiSourceType(row.sourceType),
    paymentPlanId: row.paymentPlanId,
    paymentPlanName: row.planName ?? null,
    paymentPlanFrequency: row.planFrequency ?? null,
    requestId: row.requestId,
    paymentMethodLastFour: row.methodLastFour,
    paymentMethodName: row.methodName,
    paymentMethodType: methodType,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    paymentMethod: { type: methodType, displayExtra: { name: row.methodName, lastFour: row.methodLastFour } },
    providerExtra: { statementDescriptor: null },
    returnCode: row.returnCode ?? null,
    returnReason: row.returnCode ? `${achReturnReason(row.returnCode)} (${row.returnCode})` : null,
    refundedAmount: centsToAmount(row.refundedCents),
  };
}

export async function listPaymentGroups(db: Db, filter: PaymentGroupFilter) {
  if (filter.paymentPlanIds && filter.paymentPlanIds.length === 0) return [];
  const rows = await groupsQuery(db, filter).execute();
  return rows.map(toApiPaymentGroup);
}

/** A payment group of the contact at the location and its lines (`getPaymentGroupPayments`), or undefined. */
export async function getPaymentGroupDetail(db: Db, filter: { contactId: string; locationId: string; paymentGroupId: string }) {
  const group = await groupsQuery(db, filter).executeTakeFirst();
  if (!group) return undefined;
  const lines = await db
    .selectFrom('payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select([
      'p.id',
      'p.invoiceId',
      'p.paidAmountCents',
      'p.subject',
      'p.message',
      'i.displayInvNum',
      'i.externalInvoiceDate',
      'i.dueDate',
      'i.originalAmountCents',
    ])
    .where('p.paymentGroupId', '=', group.id)
    .orderBy(sql`i.due_date asc nulls last`)
    .orderBy('i.displayInvNum')
    .orderBy('p.id')
    .execute();
  const refunds = await db
    .selectFrom('refunds')
    .select(['id', 'amountCents', 'status', 'reason', 'createdAt', 'resolvedAt'])
    .where('paymentGroupId', '=', group.id)
    .where('status', '!=', 'refund_failed')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return {
    paymentGroup: toApiPaymentGroup(group),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: centsToAmount(r.amountCents),
      status: r.status as 'refund_pending' | 'refunded',
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      refundedAt: r.status === 'refunded' && r.resolvedAt ? r.resolvedAt.toISOString() : null,
    })),
    payments: lines.map((line) => ({
      id: line.id,
      invoiceId: line.invoiceId,
      invoiceDisplayInvNum: line.displayInvNum,
      externalInvoiceDate: toDateString(line.externalInvoiceDate),
      invoiceDueDate: toDateString(line.dueDate),
      invoiceOriginalAmount: centsToAmount(line.originalAmountCents),
      paidAmount: centsToAmount(line.paidAmountCents),
      subject: line.subject,
      message: line.message,
    })),
  };
}

// ───────────────────────────── canceling scheduled groups ─────────────────────────────

/** The token's contact, vendor and location: every group canceled is of this scope. */
export interface GroupScope {
  contactId: string;
  vendorId: string;
  locationId: string;
}

/**
 * Those of `invoiceIds` (invoices of the vendor's location) that a scheduled or processing group other than `exceptGroupId` still
 * pays (a line of $0, a dispute, pays nothing). Whose group it is does not matter: a group of another contact at the
 * location keeps the invoice scheduled too.
 */
export async function invoicesStillScheduled(
  trx: Db,
  at: { vendorId: string; locationId: string },
  invoiceIds: readonly string[],
  exceptGroupId?: string,
): Promise<Set<string>> {
  if (invoiceIds.length === 0) return new Set();
  let query = trx
    .selectFrom('payments as p')
    .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
    .select('p.invoiceId')
    .where('p.invoiceId', 'in', [...invoiceIds])
    .where('g.vendorId', '=', at.vendorId)
    .where('g.locationId', '=', at.locationId)
    // a charge in flight still pays the invoice
    .where('g.status', 'in', ['scheduled', 'processing'])
    .where('p.paidAmountCents', '!=', 0);
  if (exceptGroupId !== undefined) query = query.where('g.id', '!=', exceptGroupId);
  return new Set((await query.execute()).map((r) => r.invoiceId));
}

/**
 * Those of `groupIds` that are the scope's and still scheduled, locked in id order (settlement skips what it cannot
 * lock, and a group it settled first is no longer scheduled here).
 */
/** The vendor's payment group, locked until the transaction ends (any status), with whose it is. */
export async function lockVendorGroup(trx: Db, vendorId: string, groupId: string) {
  return trx
    .selectFrom('paymentGroups')
    .select(['id', 'status', 'contactId', 'vendorId', 'locationId', 'confirmationNumber', 'paymentDate', 'paymentTotalCents'])
    .where('id', '=', groupId)
    .where('vendorId', '=', vendorId)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockScheduledGroups(trx: Db, scope: GroupScope, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return trx
    .selectFrom('paymentGroups')
    .select(['id', 'contactId', 'confirmationNumber', 'paymentDate'])
    .where('id', 'in', [...groupIds])
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('status', '=', 'scheduled')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setGroupsStatus(trx: Db, groupIds: readonly string[], status: PaymentGroupStatus): Promise<void> {
  if (groupIds.length === 0) return;
  await trx.updateTable('paymentGroups').set({ status }).where('id', 'in', [...groupIds]).execute();
}

/** The lines of the groups that pay something (a dispute line, $0, pays nothing), by group and id. */
/** The display numbers of these invoices, in natural order. */
export async function invoiceNumbersOf(db: Db, invoiceIds: readonly string[]): Promise<string[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await db.selectFrom('invoices').select('displayInvNum').where('id', 'in', [...invoiceIds]).execute();
  return rows.map((r) => r.displayInvNum).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export async function payingLinesOf(trx: Db, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return trx
    .selectFrom('payments')
    .select(['paymentGroupId', 'invoiceId', 'paidAmountCents'])
    .where('paymentGroupId', 'in', [...groupIds])
    .where('paidAmountCents', '!=', 0)
    .orderBy('paymentGroupId')
    .orderBy('id')
    .execute();
}

/** The ids of the scheduled groups paying with the method. */
export async function scheduledGroupIdsOfMethod(trx: Db, paymentMethodId: string): Promise<string[]> {
  const rows = await trx.selectFrom('paymentGroups').select('id').where('paymentMethodId', '=', paymentMethodId).where('status', '=', 'scheduled').execute();
  return rows.map((r) => r.id);
}

/** Makes the location's scheduled (not deleted) invoices among `invoiceIds` payable and open again. */
export async function reopenScheduledInvoices(trx: Db, at: { vendorId: string; locationId: string }, invoiceIds: readonly string[], now: Date) {
  if (invoiceIds.length === 0) return;
  await trx
    .updateTable('invoices')
    .set({ payable: true, status: 'open', updatedAt: now })
    .where('id', 'in', [...invoiceIds])
    .where('vendorId', '=', at.vendorId)
    .where('locationId', '=', at.locationId)
    .where('deletedAt', 'is', null)
    .where('status', '=', 'scheduled')
    .execute();
}

/**
 * Money of the group's lines came back (an ACH return, a refund that reopens): each invoice's open amount grows by its
 * lines, and it is open and payable again (or `scheduled` and not payable while another live group still pays it).
 * Answers the invoices changed, by id.
 */
export async function makeInvoicesOwedAgain(
  trx: Db,
  group: { id: string; vendorId: string; locationId: string },
  lines: ReadonlyArray<{ invoiceId: string; amountCents: number }>,
  now: Date,
) {
  const amounts = new Map<string, number>();
  for (const line of lines) amounts.set(line.invoiceId, (amounts.get(line.invoiceId) ?? 0) + line.amountCents);
  const ids = [...amounts.keys()].sort();
  if (ids.length === 0) return [];
  const stillScheduled = await invoicesStillScheduled(trx, group, ids, group.id);
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'displayInvNum', 'openAmountCents'])
    .where('id', 'in', ids)
    .where('vendorId', '=', group.vendorId)
    .where('locationId', '=', group.locationId)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const invoice of invoices) {
    const scheduled = stillScheduled.has(invoice.id);
    await trx
      .updateTable('invoices')
      .set({ openAmountCents: Number(invoice.openAmountCents) + amounts.get(invoice.id)!, deletedAt: null, status: scheduled ? 'scheduled' : 'open', payable: !scheduled, updatedAt: now })
      .where('id', '=', invoice.id)
      .execute();
  }
  return invoices.map((i) => ({ id: i.id, displayInvNum: i.displayInvNum, amountCents: amounts.get(i.id)! }));
}

// ───────────────────────────── the rows a scheduled payment writes ─────────────────────────────

export function confirmationNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (const b of randomBytes(10)) out += alphabet[b % alphabet.length];
  return `PP-${out}`;
}

/** What decides the valid payment dates of a vendor: its settings, the configuration's default, the holidays. */
export async function paymentDateSettings(trx: Db, vendorId: string) {
  const vendor = await trx.selectFrom('vendors').select(['config', 'eodCutoff']).where('id', '=', vendorId).executeTakeFirstOrThrow();
  const configuration = (await trx.selectFrom('appConfig').select('value').where('key', '=', 'configuration').executeTakeFirst())
    ?.value as { paymentRequest?: { c2pPaymentDays?: unknown } } | undefined;
  const holidays = await trx.selectFrom('holidays').select('date').execute();
  return { vendor, configuration, holidays: holidays.map((h) => toDateString(h.date)) };
}

/**
 * The location's invoices among `ids`, locked for update in id order, so that a second payment of the same invoice
 * under another key waits and then finds it not payable.
 */
export async function lockLocationInvoices(trx: Db, at: { vendorId: string; locationId: string }, ids: readonly string[]) {
  return trx
    .selectFrom('invoices')
    .select(['id', 'externalId', 'openAmountCents', 'payable', 'deletedAt', 'displayInvNum'])
    .where('id', 'in', [...ids].sort())
    .where('vendorId', '=', at.vendorId)
    .where('locationId', '=', at.locationId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertPaymentGroup(trx: Db, group: Insertable<PaymentGroupsTable>): Promise<string> {
  return (await trx.insertInto('paymentGroups').values(group).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertPayments(trx: Db, lines: Insertable<PaymentsTable>[]): Promise<void> {
  if (lines.length === 0) return;
  await trx.insertInto('payments').values(lines).execute();
}

/** A payment is scheduled for these invoices: not payable meanwhile. */
export async function markInvoicesScheduled(trx: Db, invoiceIds: readonly string[], now: Date): Promise<void> {
  if (invoiceIds.length === 0) return;
  await trx.updateTable('invoices').set({ payable: false, status: 'scheduled', updatedAt: now }).where('id', 'in', [...invoiceIds]).execute();
}

/** The token's click-to-pay request when it is one of the contact's requests at this location (source Click2Pay), else null. */
export async function click2payRequestOf(
  db: Db,
  auth: { contactId: string; type: string; requestId: string | null },
  scope: { vendorId: string; locationId: string },
): Promise<string | null> {
  if (auth.type !== 'click2pay' || !auth.requestId) return null;
  const row = await db
    .selectFrom('requests')
    .select('id')
    .where('id', '=', auth.requestId)
    .where('contactId', '=', auth.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('type', '=', 'click2pay')
    .executeTakeFirst();
  return row?.id ?? null;
}
