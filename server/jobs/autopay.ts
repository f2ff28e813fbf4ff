/**
 * The AutoPay Plus run (every 5 minutes, UTC cron; what is due is decided per vendor time zone).
 *
 * Planner (pure, `planAutopayRun`): for an active AutoPay at "today" (the vendor's date), each payable, open,
 * non-excluded, non-disputed invoice of its location with a due date is paid on its PAY DATE — the due date, or the
 * AutoPay's start date for an invoice already due then, moved to the next valid payment day of the method's provider
 * (`core/rules/payment-dates.ts#nextPaymentDate`: ACH skips weekends and holidays, cards holidays). It is due when
 * the pay date ≤ today (a late run — downtime — still pays it, once). Failed charges are retried 3, 5 and 7 days
 * after the pay date (`AUTOPAY_RETRY_DAYS`), then retries stop.
 *
 * Runner: each charge is ONE transaction that locks the AutoPay (share) and the invoice (update), re-checks
 * everything, and inserts `autopay_charges (autopay_id, invoice_id)` — UNIQUE: a second process (or a rerun after a
 * crash) finds the row and does nothing. The run never decides whether a charge is taken: it writes a payment group
 * (source "Autopay Plus", the card fee where the method has one, dated today), marks the invoice scheduled and the
 * charge `paid` ("its payment group is written"); settlement (`settlement.ts`) charges that group through the
 * processor adapter — the processor alone decides. A method deleted or unverified meanwhile is refused here, before
 * any group is written (the charge fails with that reason, as a decline does).
 *
 * A RETURNED AutoPay debit (the returns step calls `recordAutopayReturn` in its transaction) is a failure too: its
 * charge turns `failed` with the next retry date, exactly as a decline. An AutoPay whose bank account was returned
 * R02/R03/R10 is PAUSED (core/rules/payment-retries.ts): the run claims no charge and spends no retry until another
 * method is chosen; then what came due is paid, once.
 *
 * A DECLINED AutoPay group (settlement's failed path calls `recordAutopayDecline` in its transaction B; the sandbox
 * card 4000 0000 0000 0341 is declined at charge time) turns its charge back to `failed` with the next retry date
 * (`stopped` after the last), and on the FIRST failure tells the customer once: one "Payment Failed" message
 * (resolution center) and one e-mail (SMS without an e-mail address) through the outbox with a link to change the
 * AutoPay method — the one failure path settlement uses too (`use-cases/announce-payment-failure.ts`), instead of
 * settlement's pay-again (click-to-pay) text. A declined retry adds a journey entry only. A retry locks its charge row
 * (`for update skip locked`); an invoice no longer payable (paid by hand, closed, disputed) or an AutoPay turned off
 * ends the retries without a charge; otherwise the retry writes a NEW payment group with the AutoPay's CURRENT
 * method, which settlement charges with that group's own attempt key.
 */
import { nextRetryOn, PAYMENT_RETRY_DAYS, pausedByReturn } from '../../core/rules/payment-retries.js';
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import { computeTotals, type CardFunding } from '../../core/rules/fees.js';
import { nextPaymentDate, vendorToday, configuredTimeZone } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { confirmationNumber } from '../repos/payment-groups.js';
import { shortDate } from '../../core/rules/display.js';
import type { JobContext, ScheduledJob } from './types.js';
import { recordPaymentGroupEvent } from '../use-cases/vendor-events.js';
import { sendPaymentReceipt } from '../use-cases/payment-receipts.js';
import { announcePaymentFailure, PAYMENT_FAILED_SUBJECT } from '../use-cases/announce-payment-failure.js';

/** Retries of a declined or returned AutoPay charge (the one rule of core/rules/payment-retries.ts). */
export const AUTOPAY_RETRY_DAYS = PAYMENT_RETRY_DAYS;
export { nextRetryOn };
export { PAYMENT_FAILED_SUBJECT };
export const AUTOPAY_FAILED_EMAIL_SUBJECT = 'Your AutoPay Plus payment could not be processed';

// ───────────────────────────── the planner (pure) ─────────────────────────────

export interface PlannerInvoice {
  id: string;
  dueDate: string | null;
  openAmountCents: number;
  payable: boolean;
  closed: boolean;
  disputed: boolean;
}

export interface PlannerCharge {
  invoiceId: string;
  status: 'paid' | 'failed' | 'ended' | 'stopped';
  nextAttemptOn: string | null;
}

export interface AutopayPlanInput {
  /** the vendor's date now */
  today: string;
  startDate: string;
  provider: string;
  holidays: ReadonlyArray<string>;
  excluded: ReadonlyArray<string>;
  invoices: ReadonlyArray<PlannerInvoice>;
  charges: ReadonlyArray<PlannerCharge>;
}

export interface AutopayPlan {
  /** first charges: invoice and its pay date */
  charge: Array<{ invoiceId: string; payDate: string }>;
  /** failed charges whose retry is due */
  retry: string[];
}

/** The day AutoPay pays an invoice: its due date, or the start date when it was due earlier, on a payment day. */
export function autopayPayDate(dueDate: string, startDate: string, provider: string, holidays: ReadonlyArray<string>): string {
  const base = dueDate < startDate ? startDate : dueDate;
  return nextPaymentDate(Temporal.PlainDate.from(base), provider, holidays).toString();
}

export function planAutopayRun(input: AutopayPlanInput): AutopayPlan {
  const plan: AutopayPlan = { charge: [], retry: [] };
  if (input.startDate > input.today) return plan;
  const excluded = new Set(input.excluded);
  const charged = new Map(input.charges.map((c) => [c.invoiceId, c]));
  for (const invoice of input.invoices) {
    const existing = charged.get(invoice.id);
    if (existing) {
      if (existing.status === 'failed' && existing.nextAttemptOn !== null && existing.nextAttemptOn <= input.today) plan.retry.push(invoice.id);
      continue;
    }
    if (!invoice.payable || invoice.closed || invoice.disputed || invoice.openAmountCents <= 0 || !invoice.dueDate) continue;
    if (excluded.has(invoice.id)) continue;
    const payDate = autopayPayDate(invoice.dueDate, input.startDate, input.provider, input.holidays);
    if (payDate <= input.today) plan.charge.push({ invoiceId: invoice.id, payDate });
  }
  return plan;
}

// ───────────────────────────── the runner ─────────────────────────────

export interface AutopayRunHooks {
  /** called after each committed charge (tests: a crash after N charges) */
  afterCharge?: (count: number) => void;
}

type Outcome = 'charged' | 'failed' | 'retried' | 'retryFailed' | 'stopped' | 'ended' | 'skipped';

const timeZoneOf = configuredTimeZone;

/** Invoices that carry a live dispute (a zero-paid line of a group that was not canceled). */
async function disputedInvoiceIds(db: Db, invoiceIds: string[]): Promise<Set<string>> {
  if (invoiceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
    .select('p.invoiceId')
    .where('p.invoiceId', 'in', invoiceIds)
    .where('p.paidAmountCents', '=', 0)
    .where('g.status', '<>', 'canceled')
    .execute();
  return new Set(rows.map((r) => r.invoiceId));
}

export async function runAutopay(ctx: JobContext, hooks: AutopayRunHooks = {}): Promise<Record<Outcome, number>> {
  const { db, now } = ctx;
  const counts: Record<Outcome, number> = { charged: 0, failed: 0, retried: 0, retryFailed: 0, stopped: 0, ended: 0, skipped: 0 };
  const count = (outcome: Outcome) => {
    counts[outcome] += 1;
    if (outcome !== 'skipped') hooks.afterCharge?.(Object.values(counts).reduce((a, b) => a + b, 0) - counts.skipped);
  };
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const holidays = (await db.selectFrom('holidays').select('date').execute()).map((h) => toDateString(h.date));

  const autopays = await db
    .selectFrom('autopays as a')
    .innerJoin('vendors as v', 'v.id', 'a.vendorId')
    .innerJoin('paymentMethods as pm', 'pm.id', 'a.paymentMethodId')
    .select(['a.id', 'a.locationId', 'a.vendorId', 'a.startDate', 'a.excludedInvoiceIds', 'v.eodCutoff', 'pm.provider'])
    .where('a.deletedAt', 'is', null)
    // paused while its bank account is unusable (returned R02/R03/R10): nothing is claimed or charged
    .where('pm.returnedCode', 'is', null)
    .orderBy('a.id')
    .execute();

  for (const autopay of autopays) {
    try {
      const today = vendorToday(instant, timeZoneOf(autopay.eodCutoff)).toString();
      const startDate = toDateString(autopay.startDate);
      if (startDate > today) continue;
      const invoices = await db
        .selectFrom('invoices')
        .select(['id', 'dueDate', 'openAmountCents', 'payable', 'deletedAt'])
        .where('locationId', '=', autopay.locationId)
        .where('vendorId', '=', autopay.vendorId)
        .where('payable', '=', true)
        .where('deletedAt', 'is', null)
        .where('openAmountCents', '>', 0)
        .where('dueDate', 'is not', null)
        .where('dueDate', '<=', today)
        .execute();
      const disputed = await disputedInvoiceIds(db, invoices.map((i) => i.id));
      const charges = await db
        .selectFrom('autopayCharges')
        .select(['invoiceId', 'status', 'nextAttemptOn'])
        .where('autopayId', '=', autopay.id)
        .execute();
      const plan = planAutopayRun({
        today,
        startDate,
        provider: autopay.provider,
        holidays,
        excluded: autopay.excludedInvoiceIds ?? [],
        invoices: invoices.map((i) => ({
          id: i.id,
          dueDate: toDateString(i.dueDate),
          openAmountCents: Number(i.openAmountCents),
          payable: i.payable,
          closed: i.deletedAt !== null,
          disputed: disputed.has(i.id),
        })),
        charges: charges.map((c) => ({ invoiceId: c.invoiceId, status: c.status, nextAttemptOn: toDateString(c.nextAttemptOn) })),
      });
      for (const { invoiceId, payDate } of plan.charge) {
        count(await chargeOnce(ctx, { autopayId: autopay.id, invoiceId, payDate, today }));
      }
    } catch (error) {
      ctx.log.error({ autopayId: autopay.id, reason: error instanceof Error ? error.message : String(error) }, 'AutoPay run failed for one AutoPay');
      if (error instanceof SimulatedCrash) throw error;
    }
  }

  // retries (also of AutoPays turned off since: they end)
  const horizon = instant.toZonedDateTimeISO('UTC').toPlainDate().add({ days: 1 }).toString();
  const dueRetries = await db
    .selectFrom('autopayCharges as c')
    .innerJoin('autopays as a', 'a.id', 'c.autopayId')
    .innerJoin('vendors as v', 'v.id', 'a.vendorId')
    .innerJoin('paymentMethods as pm', 'pm.id', 'a.paymentMethodId')
    .select(['c.id', 'c.nextAttemptOn', 'v.eodCutoff'])
    .where('c.status', '=', 'failed')
    // a paused AutoPay spends no retry (an AutoPay turned off still ends its retries)
    .where((eb) => eb.or([eb('pm.returnedCode', 'is', null), eb('a.deletedAt', 'is not', null)]))
    .where('c.nextAttemptOn', '<=', horizon)
    .orderBy('c.id')
    .execute();
  for (const retry of dueRetries) {
    const today = vendorToday(instant, timeZoneOf(retry.eodCutoff)).toString();
    if (toDateString(retry.nextAttemptOn)! > today) continue;
    try {
      count(await retryOnce(ctx, retry.id, today));
    } catch (error) {
      ctx.log.error({ chargeId: retry.id, reason: error instanceof Error ? error.message : String(error) }, 'AutoPay retry failed');
      if (error instanceof SimulatedCrash) throw error;
    }
  }
  return counts;
}

/** Thrown by tests' hooks to stand for a process dying mid-run. */
export class SimulatedCrash extends Error {}

interface LockedMethod {
  id: string;
  provider: string;
  name: string;
  lastFour: string;
  serviceFee: string | null;
  cardFunding: CardFunding | null;
  providerToken: string;
  verificationRequired: boolean;
  deletedAt: Date | null;
  /** an ACH return that made the method unusable (R02/R03/R10), else null */
  returnedCode: string | null;
}

/**
 * Why a charge with this method is refused before any payment group is written (null: write the group; the
 * processor decides at settlement). A bank account returned R02/R03/R10 is unusable (`core/rules/ach-returns.ts`).
 */
function refusalOf(method: LockedMethod): string | null {
  if (method.deletedAt !== null) return 'the payment method was removed';
  if (method.verificationRequired) return 'the bank account is not verified';
  return null;
}

async function loadMethod(trx: Db, id: string): Promise<LockedMethod> {
  return trx
    .selectFrom('paymentMethods')
    .select(['id', 'provider', 'name', 'lastFour', 'serviceFee', 'cardFunding', 'providerToken', 'verificationRequired', 'deletedAt', 'returnedCode'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function chargeOnce(
  ctx: JobContext,
  input: { autopayId: string; invoiceId: string; payDate: string; today: string },
): Promise<Outcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const autopay = await trx
      .selectFrom('autopays')
      .selectAll()
      .where('id', '=', input.autopayId)
      .where('deletedAt', 'is', null)
      .forShare()
      .executeTakeFirst();
    if (!autopay || (autopay.excludedInvoiceIds ?? []).includes(input.invoiceId)) return 'skipped';
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'displayInvNum', 'openAmountCents', 'payable', 'deletedAt'])
      .where('id', '=', input.invoiceId)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice || !invoice.payable || invoice.deletedAt !== null || Number(invoice.openAmountCents) <= 0) return 'skipped';
    if ((await disputedInvoiceIds(trx, [invoice.id])).size > 0) return 'skipped';
    const method = await loadMethod(trx, autopay.paymentMethodId);
    if (pausedByReturn(method.returnedCode)) return 'skipped'; // paused: the charge is made once another method is chosen
    const claimed = await trx
      .insertInto('autopayCharges')
      .values({ autopayId: autopay.id, invoiceId: invoice.id, dueOn: input.payDate, status: 'paid', attempts: 1 })
      .onConflict((oc) => oc.columns(['autopayId', 'invoiceId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'skipped';
    const refusal = refusalOf(method);
    if (refusal === null) {
      const groupId = await writeAutopayPayment(trx, { autopay, method, invoice, today: input.today, now: ctx.now, publicUrl: ctx.publicUrl });
      await trx.updateTable('autopayCharges').set({ paymentGroupId: groupId, updatedAt: ctx.now }).where('id', '=', claimed.id).execute();
      return 'charged';
    }
    const nextAttemptOn = nextRetryOn(input.payDate, 1);
    await trx
      .updateTable('autopayCharges')
      .set({ status: 'failed', nextAttemptOn, lastError: refusal, updatedAt: ctx.now })
      .where('id', '=', claimed.id)
      .execute();
    const totals = computeTotals({ subtotalCents: Number(invoice.openAmountCents), method: { provider: method.provider, serviceFee: method.serviceFee } });
    await announceFailure(trx, ctx, { autopay, method, invoice, totalCents: totals.totalCents, reason: refusal, nextAttemptOn });
    return 'failed';
  });
}

async function retryOnce(ctx: JobContext, chargeId: string, today: string): Promise<Outcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const charge = await trx
      .selectFrom('autopayCharges')
      .selectAll()
      .where('id', '=', chargeId)
      .where('status', '=', 'failed')
      .where('nextAttemptOn', '<=', today)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!charge) return 'skipped';
    const end = async (status: 'ended' | 'stopped', lastError?: string) => {
      await trx
        .updateTable('autopayCharges')
        .set({ status, nextAttemptOn: null, updatedAt: ctx.now, ...(lastError ? { lastError } : {}) })
        .where('id', '=', charge.id)
        .execute();
    };
    const autopay = await trx.selectFrom('autopays').selectAll().where('id', '=', charge.autopayId).forShare().executeTakeFirstOrThrow();
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'displayInvNum', 'openAmountCents', 'payable', 'deletedAt'])
      .where('id', '=', charge.invoiceId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const stillAutopays =
      autopay.deletedAt === null &&
      !(autopay.excludedInvoiceIds ?? []).includes(invoice.id) &&
      invoice.payable &&
      invoice.deletedAt === null &&
      Number(invoice.openAmountCents) > 0 &&
      (await disputedInvoiceIds(trx, [invoice.id])).size === 0;
    if (!stillAutopays) {
      await end('ended');
      return 'ended';
    }
    const method = await loadMethod(trx, autopay.paymentMethodId);
    if (pausedByReturn(method.returnedCode)) return 'skipped'; // paused: no retry spent
    const refusal = refusalOf(method);
    const attempts = charge.attempts + 1;
    if (refusal === null) {
      // the retry's own group: settlement charges it with its own attempt key; a decline comes back through
      // recordAutopayDecline
      const groupId = await writeAutopayPayment(trx, { autopay, method, invoice, today, now: ctx.now, publicUrl: ctx.publicUrl });
      await trx
        .updateTable('autopayCharges')
        .set({ status: 'paid', attempts, nextAttemptOn: null, paymentGroupId: groupId, updatedAt: ctx.now })
        .where('id', '=', charge.id)
        .execute();
      return 'retried';
    }
    const next = nextRetryOn(toDateString(charge.dueOn), attempts);
    await trx
      .updateTable('autopayCharges')
      .set({ attempts, status: next ? 'failed' : 'stopped', nextAttemptOn: next, lastError: refusal, updatedAt: ctx.now })
      .where('id', '=', charge.id)
      .execute();
    return next ? 'retryFailed' : 'stopped';
  });
}

async function writeAutopayPayment(
  trx: Db,
  input: {
    autopay: { id: string; vendorId: string; locationId: string; contactId: string; authorizationId: string | null };
    method: LockedMethod;
    invoice: { id: string; openAmountCents: number; displayInvNum: string };
    today: string;
    now: Date;
    publicUrl: string;
  },
): Promise<string> {
  const { autopay, method, invoice } = input;
  const openCents = Number(invoice.openAmountCents);
  const totals = computeTotals({ subtotalCents: openCents, method: { provider: method.provider, serviceFee: method.serviceFee, cardFunding: method.cardFunding } });
  const confirmation = confirmationNumber();
  const group = await trx
    .insertInto('paymentGroups')
    .values({
      vendorId: autopay.vendorId,
      locationId: autopay.locationId,
      contactId: autopay.contactId,
      confirmationNumber: confirmation,
      paymentDate: input.today,
      paymentTotalCents: totals.totalCents,
      serviceFeeCents: totals.feeCents,
      paymentType: paymentMethodTypeOf(method.provider),
      status: 'scheduled',
      sourceType: 'Autopay Plus',
      paymentPlanId: null,
      requestId: null,
      paymentMethodId: method.id,
      idempotencyKey: null,
      // no customer at hand: the payment is made under the AutoPay's agreement to the terms of its method
      authorizationId: autopay.authorizationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('payments').values({ paymentGroupId: group.id, invoiceId: invoice.id, paidAmountCents: openCents, subject: null, message: null }).execute();
  await trx.updateTable('invoices').set({ payable: false, status: 'scheduled', updatedAt: input.now }).where('id', '=', invoice.id).execute();
  await addJourneyEntries(trx, [
    {
      invoiceId: invoice.id,
      contactId: null,
      action: 'Payment Scheduled',
      detail: `${formatCurrency(openCents)} scheduled by AutoPay Plus for ${shortDate(input.today)} with ${method.name} ${method.lastFour} (${confirmation})`,
      at: input.now,
    },
  ]);
  await recordPaymentGroupEvent(trx, 'payment_group.scheduled', group.id, input.now);
  await sendPaymentReceipt(trx, group.id, input);
  return group.id;
}

/**
 * Settlement's hook for a DECLINED AutoPay group (called in its transaction B, after the group is `failed` and its
 * invoice payable again): the group's charge turns `failed` with its next retry date (`stopped` after the last
 * retry), and the first failure of the charge is told to the customer with AutoPay's text and link (a declined retry
 * adds a journey entry only, as before). Answers false for a group no AutoPay charge names (settlement then tells the
 * customer with its own text).
 */
export async function recordAutopayDecline(
  trx: Db,
  group: { id: string; vendorId: string; locationId: string; contactId: string; paymentTotalCents: number },
  method: { name: string; lastFour: string } | undefined,
  reason: string,
  ctx: { now: Date; publicUrl: string },
): Promise<boolean> {
  const charge = await trx.selectFrom('autopayCharges').selectAll().where('paymentGroupId', '=', group.id).forUpdate().executeTakeFirst();
  if (!charge) return false;
  if (charge.status !== 'paid') return true; // recorded already
  const next = nextRetryOn(toDateString(charge.dueOn), charge.attempts);
  await trx
    .updateTable('autopayCharges')
    .set({ status: next ? 'failed' : 'stopped', nextAttemptOn: next, lastError: reason, updatedAt: ctx.now })
    .where('id', '=', charge.id)
    .execute();
  const invoice = await trx.selectFrom('invoices').select(['id', 'displayInvNum']).where('id', '=', charge.invoiceId).executeTakeFirstOrThrow();
  if (charge.attempts === 1) {
    await announceFailure(trx, ctx, {
      autopay: group,
      method: method ?? { name: 'your payment method', lastFour: '' },
      invoice,
      totalCents: Number(group.paymentTotalCents),
      reason,
      nextAttemptOn: next,
      paymentGroupId: group.id,
    });
  } else {
    await addJourneyEntries(trx, [{ invoiceId: invoice.id, contactId: null, action: PAYMENT_FAILED_SUBJECT, detail: `AutoPay Plus: ${reason}`, at: ctx.now }]);
  }
  return true;
}

/**
 * The returns step's hook for a RETURNED AutoPay debit (called in its transaction, after the group is `returned` and
 * its invoice payable again): the charge that made the group turns `failed` with its next retry date (`stopped` after
 * the last), exactly as a decline — the runner's retry makes a new group (a paused AutoPay spends none until another
 * method is chosen). Answers what the customer's notice says of it, or null for a group no AutoPay charge has as its
 * current group.
 */
export async function recordAutopayReturn(trx: Db, groupId: string, reason: string, now: Date): Promise<{ nextAttemptOn: string | null } | null> {
  const charge = await trx.selectFrom('autopayCharges').selectAll().where('paymentGroupId', '=', groupId).where('status', '=', 'paid').forUpdate().executeTakeFirst();
  if (!charge) return null;
  const next = nextRetryOn(toDateString(charge.dueOn)!, charge.attempts);
  await trx
    .updateTable('autopayCharges')
    .set({ status: next ? 'failed' : 'stopped', nextAttemptOn: next, lastError: reason, updatedAt: now })
    .where('id', '=', charge.id)
    .execute();
  return { nextAttemptOn: next };
}

async function announceFailure(
  trx: Db,
  ctx: { now: Date; publicUrl: string },
  input: {
    autopay: { vendorId: string; locationId: string; contactId: string };
    method: { name: string; lastFour: string };
    invoice: { id: string; displayInvNum: string };
    /** what the charge was for, fee included */
    totalCents: number;
    reason: string;
    nextAttemptOn: string | null;
    /** the declined group, when there is one (not for a method refused before any group): the notice carries its receipt */
    paymentGroupId?: string;
  },
) {
  const { autopay, method, invoice } = input;
  const retries = `We will try again on ${AUTOPAY_RETRY_DAYS.length} more days, starting ${shortDate(input.nextAttemptOn!)}.`;
  const body =
    `Your AutoPay Plus payment of ${formatCurrency(input.totalCents)} for invoice ${invoice.displayInvNum} with ` +
    `${method.name} ${method.lastFour} could not be processed: ${input.reason}. ${retries} ` +
    'To avoid another failure, change your AutoPay Plus payment method or pay the invoice yourself.';
  await announcePaymentFailure(
    trx,
    {
      vendorId: autopay.vendorId,
      locationId: autopay.locationId,
      contactId: autopay.contactId,
      invoiceId: invoice.id,
      body,
      journeys: [{ invoiceId: invoice.id, detail: `AutoPay Plus: ${input.reason}` }],
      emailSubject: AUTOPAY_FAILED_EMAIL_SUBJECT,
      link: { tokenType: 'autopay', page: '/autopaymanage', label: 'Change your AutoPay Plus payment method' },
      paymentGroupId: input.paymentGroupId,
    },
    ctx,
  );
}

export const autopayJob: ScheduledJob = {
  name: 'autopay',
  cron: '*/5 * * * *',
  run: (ctx) => runAutopay(ctx),
};
