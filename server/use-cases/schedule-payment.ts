/**
 * Scheduling a payment (`createPaymentGroup`): a one-time payment of selected invoices, some paid in part or
 * disputed, exactly once per (contact, Idempotency-Key), in ONE transaction:
 *
 * 1. Claims the key (server/repos/idempotency-keys.ts). A concurrent request with the same key waits until the first
 *    one commits or rolls back; then it either finds the stored answer (replayed: same status and body; a different
 *    request → `idempotency_conflict`) or, when the first one was refused and rolled back, processes the request
 *    itself.
 * 2. Re-checks everything the form checks, locking the method (`for share`) and the invoices (`for update`, in id
 *    order) so a second payment of the same invoice under another key waits and then finds it not payable.
 * 3. Writes the authorization record (the terms agreed to, when, from where), the payment group naming it and its
 *    lines, marks the paid invoices scheduled (not payable), writes the dispute/partial messages and the journey
 *    entries, and stores the answer under the key.
 *
 * Only successful answers (201) are stored: a refusal rolls everything back, the key included, so a retry is
 * evaluated afresh.
 */
import { createHash } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import {
  firstValidPaymentDate,
  isValidPaymentDate,
  parsePaymentDate,
  resolvePaymentDaysSetting,
  configuredTimeZone,
  vendorToday,
} from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import { centsOrProblem } from '../domain/amount-field.js';
import { scheduledEntry } from '../domain/journey-text.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { isRefusal, planPaymentBatch } from '../domain/settlement.js';
import { claimIdempotencyKey, storedIdempotentAnswer, storeIdempotentAnswer } from '../repos/idempotency-keys.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { addAdjustmentMessages } from '../repos/messages.js';
import { anyPayable, completeRequest, requestStatusOf } from '../repos/requests.js';
import {
  confirmationNumber,
  insertPaymentGroup,
  insertPayments,
  lockLocationInvoices,
  markInvoicesScheduled,
  paymentDateSettings,
} from '../repos/payment-groups.js';
import { recordAuthorization, type Agreement } from './authorizations.js';
import { sendPaymentReceipt } from './payment-receipts.js';
import { attempt, refuse, type Outcome } from './outcome.js';
import { recordAdjustmentEvents, recordPaymentGroupEvent } from './vendor-events.js';
import { usableMethod } from './recurring-checks.js';

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
  /** where the customer agreed to the terms from: stored with the payment (server/use-cases/authorizations.ts) */
  agreement: Agreement;
  now: Date;
  /** the portal's address, for the link of a receipt SMS (AppConfig.publicUrl) */
  publicUrl?: string;
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

export async function schedulePaymentOnce(db: Db, input: CreatePaymentGroupInput): Promise<Outcome<StoredResult>> {
  const requestHash = paymentRequestHash(input);
  const key = { contactId: input.contactId, idempotencyKey: input.idempotencyKey };
  return attempt(() =>
    db.transaction().execute(async (trx): Promise<StoredResult> => {
      if (!(await claimIdempotencyKey(trx, { ...key, operation: OPERATION, requestHash }))) {
        const stored = await storedIdempotentAnswer(trx, key);
        if (stored.operation !== OPERATION || stored.requestHash !== requestHash) {
          throw refuse(
            'conflict',
            'idempotency_conflict',
            'This Idempotency-Key was already used for a different request; use a new key for a new payment.',
          );
        }
        return { status: stored.responseStatus, body: stored.responseBody, replayed: true };
      }
      const body = await schedulePayment(trx, input);
      await storeIdempotentAnswer(trx, key, 201, body);
      return { status: 201, body, replayed: false };
    }),
  );
}

const invalid = (message: string, field: string) => refuse('invalid', 'validation_failed', message, field);

/** newAmount (dollars, ≤ 2 decimals) → cents; more decimals → `validation_failed` (the contract's Amount rule). */
function newAmountCents(newAmount: number, index: number): number {
  const field = `partialPayments[${index}].newAmount`;
  const result = centsOrProblem(newAmount, field);
  if ('problem' in result) throw invalid(result.problem, field);
  return result.cents;
}

async function schedulePayment(trx: Db, input: CreatePaymentGroupInput): Promise<{ allDisputed: boolean; paymentGroupId: string | null }> {
  const { body, contactId, vendorId, locationId } = input;

  // ── the request's own consistency ──
  // Ids arrive lower-cased from validation (format uuid); once more here so that no caller can slip `ABC…` and
  // `abc…` past the duplicate check as two invoices.
  const invoiceIds = body.invoices.map((id) => id.toLowerCase());
  const selected = new Set<string>();
  invoiceIds.forEach((id, index) => {
    if (selected.has(id)) throw invalid(`invoices[${index}]: appears twice`, `invoices[${index}]`);
    selected.add(id);
  });
  const seen = new Set<string>();
  body.partialPayments.forEach((p, index) => {
    const field = `partialPayments[${index}].invoiceId`;
    if (!selected.has(p.invoiceId.toLowerCase())) throw invalid(`${field}: must be one of the selected invoices`, field);
    if (seen.has(p.invoiceId.toLowerCase())) throw invalid(`${field}: appears twice`, field);
    seen.add(p.invoiceId.toLowerCase());
  });
  const adjustments = body.partialPayments.map((p, index) => ({
    invoiceId: p.invoiceId.toLowerCase(),
    newAmountCents: newAmountCents(p.newAmount, index),
    reason: p.reason,
    notes: (p.notes ?? '').trim(),
  }));

  // ── the payment method: the contact's, at this location, not deleted, verified; its terms the current ones ──
  const method = await usableMethod(trx, { contactId, vendorId, locationId }, body.paymentMethodId, body.epaVersion);

  // ── the payment date: a valid payment day of the provider in the vendor's window ──
  const settings = await paymentDateSettings(trx, vendorId);
  const timeZone = configuredTimeZone(settings.vendor.eodCutoff);
  const dateOptions = {
    now: Temporal.Instant.fromEpochMilliseconds(input.now.getTime()),
    timeZone,
    cutoffHour: typeof settings.vendor.eodCutoff?.hour === 'number' ? settings.vendor.eodCutoff.hour : null,
    provider: method.provider,
    holidays: settings.holidays,
    paymentDays: resolvePaymentDaysSetting(
      settings.vendor.config?.c2pPaymentDays as number | string | null | undefined,
      settings.configuration?.paymentRequest?.c2pPaymentDays as number | string | null | undefined,
    ),
  };
  const requested = parsePaymentDate(body.paymentDate);
  if (!requested) throw refuse('unprocessable', 'invalid_payment_date', 'The payment date is not a valid date.', 'paymentDate');
  // §5 "A past payment date is replaced by the current time on submit": the earliest valid payment date.
  const today = vendorToday(dateOptions.now, timeZone);
  const paymentDate = Temporal.PlainDate.compare(requested, today) < 0 ? firstValidPaymentDate(dateOptions) : requested;
  if (!paymentDate || !isValidPaymentDate(paymentDate, dateOptions)) {
    throw refuse(
      'unprocessable',
      'invalid_payment_date',
      'The payment date is not a payment day for this payment method. Please choose another date.',
      'paymentDate',
    );
  }

  // ── the invoices: of this location, payable; locked so no other payment takes them meanwhile ──
  const rows = await lockLocationInvoices(trx, { vendorId, locationId }, [...selected]);
  if (rows.length !== selected.size) throw refuse('not_found', 'not_found', 'An invoice was not found.', 'invoices');
  const notPayable = rows.find((r) => !r.payable || r.deletedAt !== null);
  if (notPayable) {
    throw refuse(
      'unprocessable',
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
    { provider: method.provider, serviceFee: method.serviceFee, cardFunding: method.cardFunding },
  );
  if (isRefusal(batch)) {
    const field =
      batch.code === 'invalid_partial_amount' ? `partialPayments[${adjustments.findIndex((a) => a.invoiceId === batch.invoiceId)}].newAmount` : 'invoices';
    throw refuse('unprocessable', batch.code, batch.message, field);
  }

  // ── writes ──
  const paymentDateText = paymentDate.toString();
  let paymentGroupId: string | null = null;
  let confirmation: string | null = null;
  if (batch.hasPayment) {
    confirmation = confirmationNumber();
    const authorizationId = await recordAuthorization(trx, { kind: 'payment', vendorId, contactId, method, agreement: input.agreement, now: input.now });
    paymentGroupId = await insertPaymentGroup(trx, {
      vendorId,
      locationId,
      contactId,
      confirmationNumber: confirmation,
      paymentDate: paymentDateText,
      paymentTotalCents: batch.totalCents,
      serviceFeeCents: batch.feeCents,
      paymentType: paymentMethodTypeOf(method.provider),
      status: 'scheduled',
      // Pay in a template message names the message: source Message; else a click-to-pay link's request.
      sourceType: body.messageId ? 'Message' : input.click2payRequestId ? 'Click2Pay' : 'Portal',
      templateMessageId: body.messageId ?? null,
      paymentPlanId: null,
      requestId: input.click2payRequestId,
      paymentMethodId: method.id,
      idempotencyKey: input.idempotencyKey,
      authorizationId,
    });
    await insertPayments(
      trx,
      batch.lines.map((line) => ({
        paymentGroupId: paymentGroupId!,
        invoiceId: line.invoiceId,
        paidAmountCents: line.paidCents,
        subject: line.subject,
        message: line.message,
      })),
    );
    await markInvoicesScheduled(
      trx,
      batch.lines.filter((line) => line.kind !== 'dispute').map((line) => line.invoiceId),
      input.now,
    );
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

  const methodLabel = `${method.name} ${method.lastFour}`;
  await addJourneyEntries(
    trx,
    batch.lines.map((line) => ({
      invoiceId: line.invoiceId,
      contactId,
      ...scheduledEntry(line, {
        openCents: byId.get(line.invoiceId)!.openAmountCents,
        paymentDate: paymentDateText,
        methodLabel,
        confirmationNumber: confirmation,
      }),
      at: input.now,
    })),
  );

  // A click-to-pay request is complete once none of its invoices is left to pay.
  if (input.click2payRequestId && paymentGroupId) await completeRequestIfPaid(trx, input.click2payRequestId);

  // what the vendor hears, in this transaction
  if (paymentGroupId) await recordPaymentGroupEvent(trx, 'payment_group.scheduled', paymentGroupId, input.now);
  if (paymentGroupId) await sendPaymentReceipt(trx, paymentGroupId, { now: input.now, publicUrl: input.publicUrl, epaDir: input.agreement.epaDir });
  await recordAdjustmentEvents(
    trx,
    vendorId,
    batch.lines
      .filter((line) => line.kind !== 'full')
      .map((line) => {
        const invoice = byId.get(line.invoiceId)!;
        return {
          invoiceId: line.invoiceId,
          invoiceExternalId: invoice.externalId,
          displayInvNum: invoice.displayInvNum,
          openCents: Number(invoice.openAmountCents),
          paidCents: line.paidCents,
          reason: line.subject ?? '',
          notes: line.message ?? '',
          contactId,
          paymentGroupId,
        };
      }),
    input.now,
  );

  return { allDisputed: batch.allDisputed, paymentGroupId };
}

async function completeRequestIfPaid(trx: Db, requestId: string) {
  const request = await requestStatusOf(trx, requestId);
  if (!request || request.status !== 'active') return;
  const ids = (request.invoiceIds ?? []).filter((id) => typeof id === 'string');
  if (await anyPayable(trx, ids)) return;
  await completeRequest(trx, requestId);
}
