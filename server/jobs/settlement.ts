/**
 * Settlement: payment groups whose payment date has come (today or earlier in the VENDOR's time zone,
 * `vendors.eod_cutoff.timezone`) are CHARGED through the processor adapter and become `complete` or `failed`:
 *
 *   scheduled ──(transaction A: key written)──▶ processing ──(processor answers; transaction B)──▶ complete | failed
 *
 * - Transaction A locks the group (`for update skip locked`), re-checks it is still scheduled, writes the attempt's
 *   idempotency key (`payment_group_charges`, key = `pg_<group id>_<attempt>`) and sets `processing`; it commits
 *   BEFORE the processor is called.
 * - The processor is called OUTSIDE any transaction: `charge` for a card, `debit` for a bank account, with that key.
 * - Transaction B records the answer, once (it re-checks the attempt is still pending):
 *   - taken → `complete`, and the lines take effect on the invoices (`domain/settlement.ts#settleInvoice`): a fully
 *     paid invoice (or a settled credit) is closed (open amount 0, `deleted_at` = now, `status` 'closed', not
 *     payable); a part-paid one keeps the rest open (payable again unless another scheduled group still pays it); a
 *     disputed line (paid 0) changes nothing. Each settled line adds a "Paid" journey entry. `payment_group.completed`.
 *   - declined → `failed`: its paying invoices are open and payable again (unless another live group still pays
 *     them; a dispute stands), and the customer is told through the one failure path
 *     (`use-cases/announce-payment-failure.ts`: "Payment Failed" message, journey entries, one e-mail/SMS with a link
 *     to pay again; an AutoPay group instead goes to AutoPay's hook, `autopay.ts#recordAutopayDecline`: its retries,
 *     and AutoPay's text and link through that same path; a plan installment is tried again by the plans job, and its
 *     first failure is told with the plan's text, retry day and a link to change the plan's method).
 *     `payment_group.failed`.
 * - A group found in `processing` when a run starts belongs to a process that died between A and B (or is in flight
 *   in another process). It is resolved with its pending key: `lookupCharge(key)` answers the earlier outcome, which
 *   is recorded; none → it is charged with the SAME key, which the processor answers idempotently (the sandbox's
 *   ledger is UNIQUE on the key). Either way the customer is charged at most once, whatever crashes and however many
 *   processes run: exactly-once comes from the key, never from timing.
 * - A group of $0 (credits settling invoices) is not sent to the processor: it completes.
 *
 * ACH settles only on Federal Reserve business days: a scheduled ACH group that is due on a Saturday, a Sunday or a
 * holiday (`holidays` table) in the vendor's time zone waits for the next business day, whatever wrote its date (the
 * portal's calendar, a plan's or AutoPay's catch-up run, data loaded around the API). Cards settle every day.
 *
 * A scheduled group whose payment method was deleted meanwhile is not charged (it stays scheduled and is logged;
 * deleting a method cancels the scheduled groups that use it, so only data written around the API gets here). One
 * group that cannot be settled — a vendor with an invalid time zone, a failing write, a processor that cannot be
 * reached — is logged and skipped; the run goes on with the other groups, and the next run tries it again (a group
 * left in `processing` is resolved by its key as above).
 */
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import { isPaymentDay, toHolidaySet, vendorToday, configuredTimeZone } from '../../core/rules/payment-dates.js';
import { movePaymentGroup } from '../../core/rules/payment-group-lifecycle.js';
import { returnDisablesMethod, returnedMethodDecline } from '../../core/rules/ach-returns.js';
import { whole } from '../config.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { settleInvoice } from '../domain/settlement.js';
import { paymentFailedDetail } from '../domain/journey-text.js';
import type { ChargeOutcome, PaymentProcessor, ProcessorRegistry } from '../payments-service/processor.js';
import { sandboxRegistry } from '../payments-service/sandbox.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { invoicesStillScheduled, payingLinesOf, reopenScheduledInvoices } from '../repos/payment-groups.js';
import { announcePaymentFailure, PAYMENT_FAILED_SUBJECT } from '../use-cases/announce-payment-failure.js';
import { installmentSetback } from '../use-cases/recurring-setbacks.js';
import { shortDate } from '../../core/rules/display.js';
import { cancelScheduledGroups } from '../use-cases/cancel-scheduled-groups.js';
import { computeTotals } from '../../core/rules/fees.js';
import { DEFAULT_DATE_PROVIDER } from '../../core/rules/providers.js';
import { sendPaymentReceipt } from '../use-cases/payment-receipts.js';
import { recordPaymentGroupEvent } from '../use-cases/vendor-events.js';
import { recordAutopayDecline } from './autopay.js';

/** The e-mail subject of a declined payment's notice. */
export const PAYMENT_FAILED_EMAIL_SUBJECT = 'Your payment could not be processed';

export interface SettlementOptions {
  /** the current moment (default: now) */
  now?: Date;
  /** the groups are read this many at a time (default 500, also for a number that is not finite; at least 1, at most 5,000); a run goes through every due group */
  limit?: number;
  /** where skipped and failed groups are reported */
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** the processor adapters by provider (default: the sandbox, keeping its ledger in `db`) */
  processors?: ProcessorRegistry;
  /** the portal's address, for the link of a failure notice (default http://127.0.0.1:8080) */
  publicUrl?: string;
  /**
   * Called after the processor answered and before the answer is recorded (tests: a process that dies there throws
   * here; the group stays `processing` and the next run finds the outcome by its key).
   */
  afterProcessorAnswer?: (groupId: string, outcome: ChargeOutcome) => void | Promise<void>;
  /**
   * How long one processor call (a charge, a debit, a lookup) may take (default `PROCESSOR_TIMEOUT_MS`, 10 s). A call
   * that takes longer is left unanswered: the group stays `processing` with its pending key, the run goes on with the
   * others and finishes, and the next run resolves it by `lookupCharge` — as after a crash — so it is charged once.
   */
  processorTimeoutMs?: number;
}

/** the default bound of one processor call: `PROCESSOR_TIMEOUT_MS` (ms, at least 100), else 10 s */
export function processorTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return whole(env, 'PROCESSOR_TIMEOUT_MS', 10_000, 100);
}

/** The processor's answer, or a throw when it takes longer than `ms` (the call itself is left to finish on its own). */
export async function withinTimeout<T>(call: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the processor did not answer the ${what} within ${ms} ms; the next run looks it up by its key`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface SettlementResult {
  /** ids of the groups this run charged and completed */
  settledGroupIds: string[];
  /** ids of the groups whose charge the processor declined (now `failed`) */
  declinedGroupIds: string[];
  /** due groups left scheduled because their payment method is deleted */
  skippedGroupIds: string[];
  /** groups whose settlement failed (logged); the next run tries them again */
  failedGroupIds: string[];
  /** due ACH groups left scheduled because today is not a Federal Reserve business day in the vendor's time zone */
  waitingGroupIds: string[];
  /** due groups canceled instead of charged: an invoice they pay was closed since they were scheduled */
  canceledGroupIds: string[];
}



export async function settleDuePaymentGroups(db: Db, options: SettlementOptions = {}): Promise<SettlementResult> {
  const now = options.now ?? new Date();
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  // No time zone is more than a day ahead of UTC: groups dated after UTC tomorrow cannot be due anywhere.
  const horizon = instant.toZonedDateTimeISO('UTC').toPlainDate().add({ days: 1 }).toString();
  const pageSize = Number.isFinite(options.limit) ? Math.min(5000, Math.max(1, Math.floor(options.limit!))) : 500;
  // ACH moves only on Federal Reserve business days, whoever wrote the group's date (core/rules/payment-dates.ts)
  let holidays: ReadonlySet<string> | undefined;
  const processors = options.processors ?? sandboxRegistry(db);
  const processorTimeoutMs = options.processorTimeoutMs ?? processorTimeoutFromEnv();
  const publicUrl = options.publicUrl ?? 'http://127.0.0.1:8080';
  const result: SettlementResult = { settledGroupIds: [], declinedGroupIds: [], skippedGroupIds: [], failedGroupIds: [], waitingGroupIds: [], canceledGroupIds: [] };
  // Read in pages, each after the last one's final (date, id): groups that stay scheduled (a deleted method, an ACH
  // debit waiting for a business day, a failure) are passed over, so however many of them come first, a run reaches
  // every group that is due.
  let after: { paymentDate: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('paymentGroups as g')
      .innerJoin('vendors as v', 'v.id', 'g.vendorId')
      .select(['g.id', 'g.status', 'g.paymentDate', 'g.paymentType', 'v.eodCutoff'])
      .where('g.status', 'in', ['scheduled', 'processing'])
      .where('g.paymentDate', '<=', horizon);
    if (after) {
      const cursor = after;
      query = query.where((eb) => eb.or([eb('g.paymentDate', '>', cursor.paymentDate), eb.and([eb('g.paymentDate', '=', cursor.paymentDate), eb('g.id', '>', cursor.id)])]));
    }
    const candidates = await query.orderBy('g.paymentDate').orderBy('g.id').limit(pageSize).execute();
    if (!holidays && candidates.some((c) => c.paymentType === 'ACH')) {
      holidays = toHolidaySet((await db.selectFrom('holidays').select('date').execute()).map((h) => toDateString(h.date)));
    }
    for (const candidate of candidates) {
      try {
        const timeZone = configuredTimeZone(candidate.eodCutoff);
        const today = vendorToday(instant, timeZone).toString();
        if (toDateString(candidate.paymentDate) > today) continue;
        // a scheduled debit due on a weekend or a holiday waits for the next business day (one in processing is
        // resolved whatever the day: its charge may already be with the processor)
        if (candidate.status === 'scheduled' && candidate.paymentType === 'ACH' && !isPaymentDay(Temporal.PlainDate.from(today), DEFAULT_DATE_PROVIDER, holidays ?? new Set())) {
          result.waitingGroupIds.push(candidate.id);
          continue;
        }
        const outcome = await chargeGroup(db, candidate, { now, processors, publicUrl, afterProcessorAnswer: options.afterProcessorAnswer, processorTimeoutMs });
        if (outcome === 'complete') result.settledGroupIds.push(candidate.id);
        if (outcome === 'failed') result.declinedGroupIds.push(candidate.id);
        if (outcome === 'canceled') result.canceledGroupIds.push(candidate.id);
        if (outcome === 'method_deleted') {
          result.skippedGroupIds.push(candidate.id);
          options.log?.warn({ paymentGroupId: candidate.id }, 'payment group not settled: its payment method is deleted');
        }
      } catch (error) {
        result.failedGroupIds.push(candidate.id);
        options.log?.error(
          { paymentGroupId: candidate.id, reason: error instanceof Error ? error.message : String(error) },
          'payment group settlement failed',
        );
      }
    }
    if (candidates.length < pageSize) break;
    const last = candidates[candidates.length - 1]!;
    after = { paymentDate: toDateString(last.paymentDate), id: last.id };
  }
  return result;
}

type Attempt = {
  key: string;
  amountCents: number;
  processor: PaymentProcessor;
  kind: 'card' | 'ach';
  providerToken: string;
  confirmationNumber: string;
  /** the method's ACH return code when it is unusable (R02/R03/R10, jobs/ach-returns.ts), else null */
  returnedCode: string | null;
};

/**
 * One due group: transaction A (claim and key), the processor's answer (outside any transaction), transaction B
 * (record). 'skipped' when another process has it or it is no longer due for charging; 'method_deleted' when a
 * scheduled group's method is gone (nothing written).
 */
async function chargeGroup(
  db: Db,
  candidate: { id: string; status: string },
  ctx: { now: Date; processors: ProcessorRegistry; publicUrl: string; afterProcessorAnswer?: SettlementOptions['afterProcessorAnswer']; processorTimeoutMs: number },
): Promise<'complete' | 'failed' | 'skipped' | 'method_deleted' | 'canceled'> {
  const claimed = await claimAttempt(db, candidate, ctx);
  if (claimed === 'skipped' || claimed === 'method_deleted' || claimed === 'canceled') return claimed;
  const { attempt, resuming } = claimed;
  let outcome: ChargeOutcome | null = null;
  if (attempt.amountCents <= 0) outcome = { ok: true, chargeId: '' };
  // a bank account returned R02/R03/R10 is not debited again: the group fails (a plan installment, a payment made
  // before the return) through the one failure path
  if (!outcome && returnDisablesMethod(attempt.returnedCode)) outcome = returnedMethodDecline(attempt.returnedCode!);
  // a pending key from an earlier run: the processor may have taken it already — ask before charging
  if (!outcome && resuming) outcome = await withinTimeout(attempt.processor.lookupCharge(attempt.key), ctx.processorTimeoutMs, 'lookup');
  if (!outcome) {
    const request = { providerToken: attempt.providerToken, amountCents: attempt.amountCents, idempotencyKey: attempt.key, description: attempt.confirmationNumber, at: ctx.now };
    const call = attempt.kind === 'ach' ? attempt.processor.debit(request) : attempt.processor.charge(request);
    call.catch(() => undefined); // its failure after a timeout is nobody's to handle: the next run looks the key up
    outcome = await withinTimeout(call, ctx.processorTimeoutMs, attempt.kind === 'ach' ? 'debit' : 'charge');
  }
  await ctx.afterProcessorAnswer?.(candidate.id, outcome);
  return recordOutcome(db, candidate.id, attempt.key, outcome, ctx);
}

/**
 * Transaction A. A group listed as scheduled: locked (skip locked), still scheduled, its method not deleted → a new
 * attempt's key is written and the group is `processing`, committed before any call. A group listed as processing:
 * its pending attempt (to be looked up, then charged with the same key).
 */
async function claimAttempt(
  db: Db,
  candidate: { id: string; status: string },
  ctx: { now: Date; processors: ProcessorRegistry },
): Promise<{ attempt: Attempt; resuming: boolean } | 'skipped' | 'method_deleted' | 'canceled'> {
  return db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('paymentGroups')
      .select(['id', 'status', 'paymentMethodId', 'paymentType', 'paymentTotalCents', 'confirmationNumber', 'sourceType', 'contactId', 'vendorId', 'locationId'])
      .where('id', '=', candidate.id)
      .where('status', '=', candidate.status === 'processing' ? 'processing' : 'scheduled')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!group) return 'skipped';
    const method = await trx
      .selectFrom('paymentMethods')
      .select(['provider', 'providerToken', 'deletedAt', 'returnedCode', 'serviceFee', 'cardFunding'])
      .where('id', '=', group.paymentMethodId)
      .executeTakeFirst();
    const attemptOf = (key: string, amountCents: number): Attempt => ({
      key,
      amountCents,
      processor: ctx.processors[method!.provider],
      kind: group.paymentType === 'ACH' ? 'ach' : 'card',
      providerToken: method!.providerToken,
      confirmationNumber: group.confirmationNumber,
      returnedCode: method!.returnedCode ?? null,
    });
    if (group.status === 'processing') {
      const pending = await trx
        .selectFrom('paymentGroupCharges')
        .select(['idempotencyKey', 'amountCents'])
        .where('paymentGroupId', '=', group.id)
        .where('status', '=', 'pending')
        .orderBy('attempt', 'desc')
        .executeTakeFirst();
      // a charge already sent is finished with the method it was sent with, deleted or not
      if (!pending || !method) return 'skipped';
      return { attempt: attemptOf(pending.idempotencyKey, Number(pending.amountCents)), resuming: true };
    }
    if (!method || method.deletedAt !== null) return 'method_deleted';
    // Invoices closed since the group was scheduled (by the vendor, or paid another way) are not charged: see
    // `closedSinceScheduled` below.
    const closed = await closedSinceScheduled(trx, group, method, ctx.now);
    if (closed === 'canceled') return 'canceled';
    if (closed !== null) group.paymentTotalCents = closed;
    const last = await trx
      .selectFrom('paymentGroupCharges')
      .select((eb) => eb.fn.max('attempt').as('attempt'))
      .where('paymentGroupId', '=', group.id)
      .executeTakeFirst();
    const number = Number(last?.attempt ?? 0) + 1;
    const key = `pg_${group.id}_${number}`;
    const amountCents = Number(group.paymentTotalCents);
    await trx
      .insertInto('paymentGroupCharges')
      .values({ paymentGroupId: group.id, attempt: number, idempotencyKey: key, amountCents, status: 'pending', createdAt: ctx.now })
      .execute();
    await trx.updateTable('paymentGroups').set({ status: movePaymentGroup('scheduled', 'charge.send') }).where('id', '=', group.id).execute();
    return { attempt: attemptOf(key, amountCents), resuming: false };
  });
}

/**
 * A scheduled group some of whose invoices were closed before it was charged (the vendor closed or voided them — its
 * batch cancels the groups it knows of, but not one written in the same window, nor one whose invoice another payment
 * closed). Nothing is charged for a closed invoice, whatever the group's source:
 * - a payment plan's installment charges only what is still open: the closed invoices' lines are dropped and the
 *   total (and card fee) computed again for the rest — the installment stays the plan's, and the schedule goes on;
 * - any other group (the customer's own choice of invoices, or AutoPay's one invoice) is canceled as a whole, as the
 *   vendor's batch does: "Payment Canceled" on each invoice, open again, and `payment_group.canceled`.
 * Answers 'canceled', the new total in cents, or null when nothing was closed.
 */
async function closedSinceScheduled(
  trx: Db,
  group: { id: string; sourceType: string; contactId: string; vendorId: string; locationId: string },
  method: { provider: string; serviceFee: string | null; cardFunding: string | null },
  now: Date,
): Promise<'canceled' | number | null> {
  const lines = await trx
    .selectFrom('payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select(['p.id', 'p.invoiceId', 'p.paidAmountCents', 'i.deletedAt', 'i.displayInvNum'])
    .where('p.paymentGroupId', '=', group.id)
    .where('p.paidAmountCents', '!=', 0)
    .forUpdate()
    .execute();
  const closed = lines.filter((l) => l.deletedAt !== null);
  if (closed.length === 0) return null;
  const open = lines.filter((l) => l.deletedAt === null);
  if (group.sourceType === 'Payment Plan' && open.length > 0) {
    await trx.deleteFrom('payments').where('id', 'in', closed.map((l) => l.id)).execute();
    const subtotalCents = open.reduce((sum, l) => sum + Number(l.paidAmountCents), 0);
    const totals = computeTotals({ subtotalCents, method: method as Parameters<typeof computeTotals>[0]['method'] });
    await trx.updateTable('paymentGroups').set({ paymentTotalCents: totals.totalCents, serviceFeeCents: totals.feeCents }).where('id', '=', group.id).execute();
    return totals.totalCents;
  }
  await cancelScheduledGroups(trx, { contactId: group.contactId, vendorId: group.vendorId, locationId: group.locationId }, [group.id], { kind: 'vendor-closed', invoiceNumber: closed[0]!.displayInvNum }, now);
  return 'canceled';
}

/** Transaction B: the processor's answer, recorded once (a second recorder finds the attempt no longer pending). */
async function recordOutcome(
  db: Db,
  groupId: string,
  key: string,
  outcome: ChargeOutcome,
  ctx: { now: Date; publicUrl: string },
): Promise<'complete' | 'failed' | 'skipped'> {
  const { now } = ctx;
  return db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('paymentGroups')
      .select(['id', 'contactId', 'vendorId', 'locationId', 'paymentMethodId', 'paymentTotalCents', 'confirmationNumber', 'sourceType'])
      .where('id', '=', groupId)
      .where('status', '=', 'processing')
      .forUpdate()
      .executeTakeFirst();
    if (!group) return 'skipped';
    const pending = await trx
      .selectFrom('paymentGroupCharges')
      .select('attempt')
      .where('idempotencyKey', '=', key)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!pending) return 'skipped';
    await trx
      .updateTable('paymentGroupCharges')
      .set(
        outcome.ok
          ? { status: 'succeeded', chargeId: outcome.chargeId || null, resolvedAt: now }
          : { status: 'failed', failureCode: outcome.code, failureMessage: outcome.message, resolvedAt: now },
      )
      .where('idempotencyKey', '=', key)
      .execute();
    const method = await trx.selectFrom('paymentMethods').select(['name', 'lastFour']).where('id', '=', group.paymentMethodId).executeTakeFirst();
    if (!outcome.ok) {
      await failGroup(trx, group, method, outcome.message, ctx);
      return 'failed';
    }
    await settleLines(trx, group, method, now);
    await trx.updateTable('paymentGroups').set({ status: movePaymentGroup('processing', 'charge.succeed') }).where('id', '=', group.id).execute();
    await recordPaymentGroupEvent(trx, 'payment_group.completed', group.id, now);
    await sendPaymentReceipt(trx, group.id, ctx);
    return 'complete';
  });
}

type RecordedGroup = { id: string; contactId: string; vendorId: string; locationId: string; paymentTotalCents: number; confirmationNumber: string; sourceType: string };
type MethodLabel = { name: string; lastFour: string } | undefined;

/**
 * A declined group: `failed`, its paying invoices payable again (disputes stand), the customer told once (an AutoPay
 * group by AutoPay's hook, with its retries; any other with the pay-again text).
 */
async function failGroup(trx: Db, group: RecordedGroup, method: MethodLabel, reason: string, ctx: { now: Date; publicUrl: string }) {
  await trx.updateTable('paymentGroups').set({ status: movePaymentGroup('processing', 'charge.decline') }).where('id', '=', group.id).execute();
  const lines = await payingLinesOf(trx, [group.id]);
  const invoiceIds = [...new Set(lines.map((l) => l.invoiceId))].sort();
  const stillScheduled = await invoicesStillScheduled(trx, group, invoiceIds, group.id);
  await reopenScheduledInvoices(trx, group, invoiceIds.filter((id) => !stillScheduled.has(id)), ctx.now);
  const invoices = invoiceIds.length
    ? await trx.selectFrom('invoices').select(['id', 'displayInvNum']).where('id', 'in', invoiceIds).orderBy('displayInvNum').execute()
    : [];
  const total = formatCurrency(Number(group.paymentTotalCents));
  const methodText = method ? ` with ${method.name} ${method.lastFour}` : '';
  const numbers = invoices.map((i) => i.displayInvNum);
  const about = numbers.length === 1 ? `invoice ${numbers[0]}` : `invoices ${numbers.join(', ')}`;
  // An AutoPay group: AutoPay's retries and its own failure text and link, through the same announce path
  // (jobs/autopay.ts#recordAutopayDecline) — one message and one e-mail per failure, never both texts.
  const autopayHandled = group.sourceType === 'Autopay Plus' && (await recordAutopayDecline(trx, group, method, reason, ctx));
  // A plan installment: the plans job tries it again by the same rules (core/rules/payment-retries.ts); its first
  // failure is told with the plan's text and a link to change the plan's method, a failed retry is a journey entry.
  const installment = !autopayHandled && group.sourceType === 'Payment Plan' ? await installmentSetback(trx, group.id) : null;
  const journeys = invoices.map((i) => ({
    invoiceId: i.id,
    detail: paymentFailedDetail({ paidCents: lines.filter((l) => l.invoiceId === i.id).reduce((sum, l) => sum + Number(l.paidAmountCents), 0), method, confirmationNumber: group.confirmationNumber, reason }),
  }));
  const open = numbers.length === 1 ? 'The invoice is' : 'The invoices are';
  if (installment && installment.attempts > 1) {
    // a failed retry of an installment: journey entries only (the first failure told the customer)
    await addJourneyEntries(trx, journeys.map((j) => ({ invoiceId: j.invoiceId, contactId: null, action: PAYMENT_FAILED_SUBJECT, detail: j.detail, at: ctx.now })));
  } else if ((installment || !autopayHandled) && invoices.length > 0) {
    let notice: { body: string; link: { tokenType: 'login'; page: string; label: string } };
    if (installment) {
      const plan = `Your payment plan "${installment.planName}"`;
      const next = installment.paused
        ? `${plan} is paused: nothing will be charged until you choose another payment method.`
        : installment.nextAttemptOn
          ? `We will try installment ${installment.installmentNumber} again on ${shortDate(installment.nextAttemptOn)}. To avoid another failure, change the plan's payment method or pay the ${numbers.length === 1 ? 'invoice' : 'invoices'} yourself.`
          : 'Please pay again.';
      notice = {
        body:
          `${plan}: installment ${installment.installmentNumber} of ${total} (confirmation ${group.confirmationNumber}) for ${about}${methodText} ` +
          `could not be processed: ${reason}. Nothing was charged. ${open} open again. ${next}`,
        link: { tokenType: 'login', page: `/plans/${installment.planId}/update`, label: "Change your payment plan's payment method" },
      };
    } else {
      notice = {
        body:
          `Your payment of ${total} (confirmation ${group.confirmationNumber}) for ${about}${methodText} could not be processed: ` +
          `${reason}. Nothing was charged. ${open} open again: please pay again, with another payment method if this one keeps failing.`,
        link: { tokenType: 'login', page: '', label: 'Pay your invoices' },
      };
    }
    await announcePaymentFailure(
      trx,
      {
        vendorId: group.vendorId,
        locationId: group.locationId,
        contactId: group.contactId,
        invoiceId: invoices[0].id,
        body: notice.body,
        journeys,
        emailSubject: PAYMENT_FAILED_EMAIL_SUBJECT,
        link: notice.link,
        paymentGroupId: group.id,
      },
      ctx,
    );
  }
  await recordPaymentGroupEvent(trx, 'payment_group.failed', group.id, ctx.now);
}

/** A charged group's lines take effect on its invoices, with a "Paid" journey entry each (see the file header). */
async function settleLines(trx: Db, group: RecordedGroup, method: MethodLabel, now: Date) {
  const lines = await trx
    .selectFrom('payments')
    .select(['invoiceId', 'paidAmountCents'])
    .where('paymentGroupId', '=', group.id)
    .execute();
  const paidByInvoice = new Map<string, number>();
  for (const line of lines) paidByInvoice.set(line.invoiceId, (paidByInvoice.get(line.invoiceId) ?? 0) + line.paidAmountCents);
  const invoiceIds = [...paidByInvoice.entries()].filter(([, paid]) => paid !== 0).map(([id]) => id).sort();
  if (invoiceIds.length === 0) return;
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'openAmountCents', 'deletedAt'])
    .where('id', 'in', invoiceIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  // invoices still paid by another scheduled group stay "scheduled" after a partial settlement
  const stillScheduled = await invoicesStillScheduled(trx, group, invoiceIds, group.id);
  const journeys = [];
  for (const invoice of invoices) {
    const paid = paidByInvoice.get(invoice.id)!;
    journeys.push({
      invoiceId: invoice.id,
      contactId: group.contactId,
      action: 'Paid',
      detail: `Paid ${formatCurrency(paid)}${method ? ` with ${method.name} ${method.lastFour}` : ''}`,
      at: now,
    });
    if (invoice.deletedAt !== null) continue; // closed on the vendor's side meanwhile: leave it closed
    const settled = settleInvoice(invoice.openAmountCents, paid);
    if (settled.unchanged) continue;
    if (settled.closed) {
      await trx
        .updateTable('invoices')
        .set({ openAmountCents: 0, deletedAt: now, status: 'closed', payable: false, updatedAt: now })
        .where('id', '=', invoice.id)
        .execute();
    } else {
      const scheduled = stillScheduled.has(invoice.id);
      await trx
        .updateTable('invoices')
        .set({
          openAmountCents: settled.openAmountCents,
          payable: !scheduled,
          status: scheduled ? 'scheduled' : 'open',
          updatedAt: now,
        })
        .where('id', '=', invoice.id)
        .execute();
    }
  }
  await addJourneyEntries(trx, journeys);
}
