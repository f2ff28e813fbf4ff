/** Payment groups (one-time, AutoPay and plan payments), shaped as the contract's PaymentGroup. */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import {
  firstValidPaymentDate,
  isValidPaymentDate,
  parsePaymentDate,
  resolvePaymentDaysSetting,
  vendorTimeZone,
  vendorToday,
} from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import { json } from '../db/json.js';
import type { PaymentGroupStatus } from '../db/schema.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import { apiSourceType, paymentMethodTypeOf } from '../domain/payments.js';
import { isRefusal, planPaymentBatch } from '../domain/settlement.js';
import { ApiError } from '../http/errors.js';
import { centsOfField } from '../http/money-field.js';
import { toEpa } from './config.js';
import { addJourneyEntries } from './journeys.js';
import { addAdjustmentMessages } from './messages.js';
import { shortDate } from '../../core/rules/display.js';

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
  return {
    paymentGroup: toApiPaymentGroup(group),
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

/** Why scheduled groups are canceled; the "Payment Canceled" journey entry of each line says it. */
export type CancelReason = { kind: 'autopay-off' } | { kind: 'method-deleted'; methodLabel: string };

function canceledDetail(reason: CancelReason, line: { paidCents: number; paymentDate: string; confirmationNumber: string }): string {
  const amount = formatCurrency(line.paidCents);
  const date = shortDate(line.paymentDate);
  switch (reason.kind) {
    case 'autopay-off':
      return `${amount} scheduled by AutoPay Plus for ${date} (${line.confirmationNumber}) canceled: AutoPay Plus was turned off`;
    case 'method-deleted':
      return `${amount} scheduled for ${date} with ${reason.methodLabel} (${line.confirmationNumber}) canceled: the payment method was deleted`;
  }
}

/**
 * Those of `invoiceIds` (invoices of the vendor's location) that a scheduled group other than `exceptGroupId` still
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
    .where('g.status', '=', 'scheduled')
    .where('p.paidAmountCents', '!=', 0);
  if (exceptGroupId !== undefined) query = query.where('g.id', '!=', exceptGroupId);
  return new Set((await query.execute()).map((r) => r.invoiceId));
}

/**
 * Cancels, in the caller's transaction, those of `groupIds` that are the scope's and still scheduled (rows locked in
 * id order; settlement skips what it cannot lock, and a group it settled first is no longer scheduled here). Each
 * paying line (a dispute line, $0, schedules nothing: the dispute stands) gets a "Payment Canceled" journey entry
 * saying `reason`; its invoice is payable and open again unless another scheduled group still pays it. Answers the
 * ids canceled. Used when AutoPay is turned off and when a method is deleted with the customer's confirmation.
 */
export async function cancelScheduledGroups(trx: Db, scope: GroupScope, groupIds: readonly string[], reason: CancelReason, now: Date): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const groups = await trx
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
  if (groups.length === 0) return [];
  const canceled = groups.map((g) => g.id);
  await trx.updateTable('paymentGroups').set({ status: 'canceled' }).where('id', 'in', canceled).execute();

  const lines = await trx
    .selectFrom('payments')
    .select(['paymentGroupId', 'invoiceId', 'paidAmountCents'])
    .where('paymentGroupId', 'in', canceled)
    .where('paidAmountCents', '!=', 0)
    .orderBy('paymentGroupId')
    .orderBy('id')
    .execute();
  if (lines.length === 0) return canceled;
  const invoiceIds = [...new Set(lines.map((l) => l.invoiceId))];
  const stillScheduled = await invoicesStillScheduled(trx, scope, invoiceIds);
  const reopen = invoiceIds.filter((invoiceId) => !stillScheduled.has(invoiceId));
  if (reopen.length > 0) {
    await trx
      .updateTable('invoices')
      .set({ payable: true, status: 'open', updatedAt: now })
      .where('id', 'in', reopen)
      .where('vendorId', '=', scope.vendorId)
      .where('locationId', '=', scope.locationId)
      .where('deletedAt', 'is', null)
      .where('status', '=', 'scheduled')
      .execute();
  }
  const byId = new Map(groups.map((g) => [g.id, g]));
  await addJourneyEntries(
    trx,
    lines.map((line) => {
      const group = byId.get(line.paymentGroupId)!;
      return {
        invoiceId: line.invoiceId,
        contactId: group.contactId,
        action: 'Payment Canceled',
        detail: canceledDetail(reason, {
          paidCents: line.paidAmountCents,
          paymentDate: toDateString(group.paymentDate),
          confirmationNumber: group.confirmationNumber,
        }),
        at: now,
      };
    }),
  );
  return canceled;
}

// ───────────────────────────── scheduling a payment (createPaymentGroup) ─────────────────────────────

/** The contract's CreatePaymentGroupRequest (validated by the contract before the handler). */
export interface CreatePaymentGroupBody {
  paymentMethodId: string;
  paymentDate: string;
  partialPayments: Array<{ invoiceId: string; amount: string; newAmount: number; reason: string; notes?: string }>;
  invoices: string[];
  epaVersion: string;
  /** Pay in a template message (source Message); checked by the route */
  messageId?: string;
}

export interface CreatePaymentGroupInput {
  contactId: string;
  vendorId: string;
  locationId: string;
  idempotencyKey: string;
  body: CreatePaymentGroupBody;
  /** the token's request when the token is a click-to-pay link (source Click2Pay), else null (source Portal) */
  click2payRequestId: string | null;
  now: Date;
}

export interface StoredResult {
  status: number;
  body: unknown;
  /** true when the answer is the stored one of an earlier request with the same key */
  replayed: boolean;
}

const OPERATION = 'createPaymentGroup';

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function paymentRequestHash(input: Pick<CreatePaymentGroupInput, 'vendorId' | 'locationId' | 'body'>): string {
  return createHash('sha256')
    .update(canonicalJson({ operation: OPERATION, vendorId: input.vendorId, locationId: input.locationId, body: input.body }))
    .digest('hex');
}

export function confirmationNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (const b of randomBytes(10)) out += alphabet[b % alphabet.length];
  return `PP-${out}`;
}


const unprocessable = (errorCode: string, message: string, field?: string) => new ApiError(422, errorCode, message, field);

/**
 * Schedules a payment exactly once per (contact, Idempotency-Key), in ONE transaction:
 *
 * 1. Claims the key: `insert … on conflict do nothing` on the primary key (contact_id, idempotency_key). A concurrent
 *    request with the same key waits on the unique index until the first one commits or rolls back; then it either
 *    finds the stored answer (replayed: same status and body; a different request hash → 409
 *    `idempotency_conflict`) or, when the first one was refused and rolled back, processes the request itself.
 * 2. Re-checks everything the form checks, locking the method (`for share`) and the invoices (`for update`, in id
 *    order) so a second payment of the same invoice under another key waits and then finds it not payable.
 * 3. Writes the payment group and its lines, marks the paid invoices scheduled (not payable), writes the
 *    dispute/partial messages and the journey entries, and stores the answer under the key.
 *
 * Only successful answers (201) are stored: a refusal (4xx) rolls everything back, the key included, so a retry
 * is evaluated afresh. Any ApiError thrown leaves nothing written.
 */
export async function createPaymentGroupOnce(db: Db, input: CreatePaymentGroupInput): Promise<StoredResult> {
  const requestHash = paymentRequestHash(input);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotencyKeys')
      .values({
        contactId: input.contactId,
        idempotencyKey: input.idempotencyKey,
        operation: OPERATION,
        requestHash,
        responseStatus: 0,
        responseBody: json(null),
      })
      .onConflict((oc) => oc.columns(['contactId', 'idempotencyKey']).doNothing())
      .returning('idempotencyKey')
      .executeTakeFirst();
    if (!claimed) {
      const stored = await trx
        .selectFrom('idempotencyKeys')
        .select(['operation', 'requestHash', 'responseStatus', 'responseBody'])
        .where('contactId', '=', input.contactId)
        .where('idempotencyKey', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (stored.operation !== OPERATION || stored.requestHash !== requestHash) {
        throw new ApiError(
          409,
          'idempotency_conflict',
          'This Idempotency-Key was already used for a different request; use a new key for a new payment.',
        );
      }
      return { status: stored.responseStatus, body: stored.responseBody, replayed: true };
    }
    const body = await schedulePayment(trx, input);
    await trx
      .updateTable('idempotencyKeys')
      .set({ responseStatus: 201, responseBody: json(body) })
      .where('contactId', '=', input.contactId)
      .where('idempotencyKey', '=', input.idempotencyKey)
      .execute();
    return { status: 201, body, replayed: false };
  });
}

/** Idempotency keys are kept at least this long (contract: at least 24 hours). */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;

/** Forgets idempotency keys older than the retention (run by the job scheduler). Returns how many. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * 24 * 3600 * 1000);
  const result = await db.deleteFrom('idempotencyKeys').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Newamount (dollars, ≤ 2 decimals) → cents; more decimals → 400 (the contract's Amount rule). */
function newAmountCents(newAmount: number, index: number): number {
  return centsOfField(newAmount, `partialPayments[${index}].newAmount`);
}

async function schedulePayment(trx: Db, input: CreatePaymentGroupInput): Promise<{ allDisputed: boolean; paymentGroupId: string | null }> {
  const { body, contactId, vendorId, locationId } = input;

  // ── the request's own consistency ──
  // Ids arrive lower-cased from validation (format uuid); once more here so that no caller can slip `ABC…` and
  // `abc…` past the duplicate check as two invoices.
  const invoiceIds = body.invoices.map((id) => id.toLowerCase());
  const selected = new Set<string>();
  invoiceIds.forEach((id, index) => {
    if (selected.has(id)) throw new ApiError(400, 'validation_failed', `invoices[${index}]: appears twice`, `invoices[${index}]`);
    selected.add(id);
  });
  const seen = new Set<string>();
  body.partialPayments.forEach((p, index) => {
    const field = `partialPayments[${index}].invoiceId`;
    if (!selected.has(p.invoiceId.toLowerCase())) {
      throw new ApiError(400, 'validation_failed', `${field}: must be one of the selected invoices`, field);
    }
    if (seen.has(p.invoiceId.toLowerCase())) throw new ApiError(400, 'validation_failed', `${field}: appears twice`, field);
    seen.add(p.invoiceId.toLowerCase());
  });
  const adjustments = body.partialPayments.map((p, index) => ({
    invoiceId: p.invoiceId.toLowerCase(),
    newAmountCents: newAmountCents(p.newAmount, index),
    reason: p.reason,
    notes: (p.notes ?? '').trim(),
  }));

  // ── the payment method: the contact's, at this location, not deleted, verified ──
  const method = await trx
    .selectFrom('paymentMethods')
    .select(['id', 'provider', 'name', 'lastFour', 'serviceFee', 'verificationRequired'])
    .where('id', '=', body.paymentMethodId.toLowerCase())
    .where('contactId', '=', contactId)
    .where('vendorId', '=', vendorId)
    .where('locationId', '=', locationId)
    .where('deletedAt', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!method) throw new ApiError(404, 'not_found', 'The payment method was not found.', 'paymentMethodId');
  if (method.verificationRequired) {
    throw unprocessable(
      'payment_method_unverified',
      'This bank account must be verified before it can be used.',
      'paymentMethodId',
    );
  }

  // ── terms: the current EPA version of the method's provider ──
  const epa = toEpa((await trx.selectFrom('appConfig').select('value').where('key', '=', 'epa').executeTakeFirst())?.value);
  const currentEpa = epa[method.provider]?.version;
  // No terms configured for the provider: nothing the customer could have accepted, so no payment (never skipped).
  if (currentEpa === undefined) {
    throw unprocessable(
      'epa_not_configured',
      'The payment terms for this payment method are not available. Please contact your representative.',
      'epaVersion',
    );
  }
  if (currentEpa !== body.epaVersion) {
    throw unprocessable(
      'epa_version_mismatch',
      'The payment terms have changed. Please review and accept the current terms.',
      'epaVersion',
    );
  }

  // ── the payment date: a valid payment day of the provider in the vendor's window ──
  const vendor = await trx.selectFrom('vendors').select(['config', 'eodCutoff']).where('id', '=', vendorId).executeTakeFirstOrThrow();
  const configuration = (await trx.selectFrom('appConfig').select('value').where('key', '=', 'configuration').executeTakeFirst())
    ?.value as { paymentRequest?: { c2pPaymentDays?: unknown } } | undefined;
  const holidays = await trx.selectFrom('holidays').select('date').execute();
  const timeZone = vendorTimeZone(vendor.eodCutoff);
  const dateOptions = {
    now: Temporal.Instant.fromEpochMilliseconds(input.now.getTime()),
    timeZone,
    cutoffHour: typeof vendor.eodCutoff?.hour === 'number' ? vendor.eodCutoff.hour : null,
    provider: method.provider,
    holidays: holidays.map((h) => toDateString(h.date)),
    paymentDays: resolvePaymentDaysSetting(
      vendor.config?.c2pPaymentDays as number | string | null | undefined,
      configuration?.paymentRequest?.c2pPaymentDays as number | string | null | undefined,
    ),
  };
  const requested = parsePaymentDate(body.paymentDate);
  if (!requested) throw unprocessable('invalid_payment_date', 'The payment date is not a valid date.', 'paymentDate');
  // §5 "A past payment date is replaced by the current time on submit": the earliest valid payment date.
  const today = vendorToday(dateOptions.now, timeZone);
  const paymentDate = Temporal.PlainDate.compare(requested, today) < 0 ? firstValidPaymentDate(dateOptions) : requested;
  if (!paymentDate || !isValidPaymentDate(paymentDate, dateOptions)) {
    throw unprocessable(
      'invalid_payment_date',
      'The payment date is not a payment day for this payment method. Please choose another date.',
      'paymentDate',
    );
  }

  // ── the invoices: of this location, payable; locked so no other payment takes them meanwhile ──
  const ids = [...selected].sort();
  const rows = await trx
    .selectFrom('invoices')
    .select(['id', 'openAmountCents', 'payable', 'deletedAt', 'displayInvNum'])
    .where('id', 'in', ids)
    .where('vendorId', '=', vendorId)
    .where('locationId', '=', locationId)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rows.length !== ids.length) throw new ApiError(404, 'not_found', 'An invoice was not found.', 'invoices');
  const notPayable = rows.find((r) => !r.payable || r.deletedAt !== null);
  if (notPayable) {
    throw unprocessable(
      'invoice_not_payable',
      `Invoice ${notPayable.displayInvNum} can no longer be paid (it is closed or a payment is already scheduled).`,
      'invoices',
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = invoiceIds.map((id) => byId.get(id)!);

  // ── amounts ──
  const batch = planPaymentBatch(
    ordered.map((r) => ({ id: r.id, openAmountCents: r.openAmountCents })),
    adjustments,
    { provider: method.provider, serviceFee: method.serviceFee },
  );
  if (isRefusal(batch)) {
    const field = batch.code === 'invalid_partial_amount' ? `partialPayments[${adjustments.findIndex((a) => a.invoiceId === batch.invoiceId)}].newAmount` : 'invoices';
    throw unprocessable(batch.code, batch.message, field);
  }

  // ── writes ──
  const paymentDateText = paymentDate.toString();
  const methodLabel = `${method.name} ${method.lastFour}`;
  const byInvoice = new Map(ordered.map((r) => [r.id, r]));
  let paymentGroupId: string | null = null;
  let confirmation: string | null = null;
  if (batch.hasPayment) {
    confirmation = confirmationNumber();
    const group = await trx
      .insertInto('paymentGroups')
      .values({
        vendorId,
        locationId,
        contactId,
        confirmationNumber: confirmation,
        paymentDate: paymentDateText,
        paymentTotalCents: batch.totalCents,
        paymentType: paymentMethodTypeOf(method.provider),
        status: 'scheduled',
        // Pay in a template message names the message: source Message (issue 10); else a click-to-pay link's request.
        sourceType: input.body.messageId ? 'Message' : input.click2payRequestId ? 'Click2Pay' : 'Portal',
        templateMessageId: input.body.messageId ?? null,
        paymentPlanId: null,
        requestId: input.click2payRequestId,
        paymentMethodId: method.id,
        idempotencyKey: input.idempotencyKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    paymentGroupId = group.id;
    await trx
      .insertInto('payments')
      .values(
        batch.lines.map((line) => ({
          paymentGroupId: group.id,
          invoiceId: line.invoiceId,
          paidAmountCents: line.paidCents,
          subject: line.subject,
          message: line.message,
        })),
      )
      .execute();
    const scheduledIds = batch.lines.filter((line) => line.kind !== 'dispute').map((line) => line.invoiceId);
    if (scheduledIds.length > 0) {
      await trx
        .updateTable('invoices')
        .set({ payable: false, status: 'scheduled', updatedAt: input.now })
        .where('id', 'in', scheduledIds)
        .execute();
    }
  }

  await addAdjustmentMessages(
    trx,
    batch.lines
      .filter((line) => line.kind !== 'full')
      .map((line) => ({
        vendorId,
        locationId,
        contactId,
        invoiceId: line.invoiceId,
        reason: line.subject ?? '',
        notes: line.message ?? '',
        paidCents: line.paidCents,
      })),
    input.now,
  );

  const when = `${shortDate(paymentDateText)} with ${methodLabel}`;
  await addJourneyEntries(
    trx,
    batch.lines.map((line) => {
      const notes = line.message ? `: ${line.message}` : '';
      switch (line.kind) {
        case 'dispute':
          return { invoiceId: line.invoiceId, contactId, action: 'Disputed', detail: `${line.subject}${notes}`, at: input.now };
        case 'partial':
          return {
            invoiceId: line.invoiceId,
            contactId,
            action: 'Partial Payment Scheduled',
            detail: `${formatCurrency(line.paidCents)} of ${formatCurrency(byInvoice.get(line.invoiceId)!.openAmountCents)} scheduled for ${when} (${confirmation}). ${line.subject}${notes}`,
            at: input.now,
          };
        default:
          return {
            invoiceId: line.invoiceId,
            contactId,
            action: 'Payment Scheduled',
            detail: `${formatCurrency(line.paidCents)} scheduled for ${when} (${confirmation})`,
            at: input.now,
          };
      }
    }),
  );

  // A click-to-pay request is complete once none of its invoices is left to pay.
  if (input.click2payRequestId && paymentGroupId) await completeRequestIfPaid(trx, input.click2payRequestId);

  return { allDisputed: batch.allDisputed, paymentGroupId };
}

async function completeRequestIfPaid(trx: Db, requestId: string) {
  const request = await trx.selectFrom('requests').select(['invoiceIds', 'status']).where('id', '=', requestId).executeTakeFirst();
  if (!request || request.status !== 'active') return;
  const ids = (request.invoiceIds ?? []).filter((id) => typeof id === 'string');
  if (ids.length > 0) {
    const open = await trx
      .selectFrom('invoices')
      .select('id')
      .where('id', 'in', ids)
      .where('payable', '=', true)
      .where('deletedAt', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (open) return;
  }
  await trx.updateTable('requests').set({ status: 'complete' }).where('id', '=', requestId).execute();
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
