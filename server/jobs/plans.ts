/**
 * Payment plan installments (every 5 minutes, UTC cron; due per vendor time zone).
 *
 * Planner: the one schedule rule of core/rules/recurring-plans.ts (`planInstallments`, `scheduleRows`), the same the
 * plan page shows, so the page shows exactly what this job charges — with the plan's method's provider and the holiday
 * list, so an ACH installment due on a weekend or holiday is created on (and dated) the next business day.
 *
 * Runner: for each ACTIVE plan, each installment whose date ≤ today (vendor's date) without a payment group gets one,
 * with the plan's CURRENT payment method (a method change applies to installments not yet created), source
 * "Payment Plan", dated today (or the installment date when later runs catch up: never before today). The UNIQUE key
 * `payment_groups (payment_plan_id, installment_number)`, among the groups that are not a failed attempt (migration
 * 0023), makes each attempt of an installment exactly once, whatever the number of processes or reruns (`insert … on
 * conflict do nothing`, and the attempt re-checked under the plan's lock). Lines spread the amount over the plan's invoices, oldest due
 * first, up to what each still owes beyond the payment groups not yet settled that pay it (scheduled or processing,
 * the plan's or any other); the group's amount is the sum of its lines (and the card fee on that sum) — NEVER more
 * than is still open: an installment whose invoices were partly closed or paid meanwhile charges the open remainder
 * only. When nothing is left to charge, the installment gets NO group (nothing is charged): if every invoice of the
 * plan is closed or fully paid (nothing open on any), the plan becomes `complete` — what it was set up to pay is
 * settled, so its later installments are never created (their rows stay Open in the schedule; the plan reads
 * Completed); if some are still open but covered by payments in flight (which may fail and reopen them), the next run
 * tries the installment again. (A plan naming no invoices pays its installment amounts as they are.) The plan row
 * is locked (update) while an installment is written, so two processes writing two installments of one plan at once
 * never spread the same open amount twice. A plan whose method is deleted or unverified is skipped (logged) and
 * picked up once it has a usable method. A plan whose bank account was returned R02/R03/R10 is PAUSED: skipped, no
 * attempt made, until another method is chosen (core/rules/payment-retries.ts). A plan whose every installment is
 * complete becomes `complete`. Settlement charges the installment's group through the processor adapter.
 *
 * Retries (core/rules/payment-retries.ts, the same rule as AutoPay's): an installment whose groups all failed (declined
 * at settlement) or came back (an ACH return) is tried again 3, 5 and 7 days after its date, each time with a NEW group
 * of the same installment number and the plan's current method, dated the retry's day; then no more. The customer is
 * told of the first failure (settlement's failure path, `use-cases/recurring-setbacks.ts#installmentSetback`, with the
 * retry day and a link to change the plan's method); a failed retry adds journey entries only. The schedule reads an
 * installment's latest group.
 */
import { Temporal } from 'temporal-polyfill';
import { computeTotals } from '../../core/rules/fees.js';
import { configuredTimeZone, toHolidaySet, vendorToday } from '../../core/rules/payment-dates.js';
import { nextInstallmentAttempt, pausedByReturn } from '../../core/rules/payment-retries.js';
import { planInstallments, scheduleRows, type Installment } from '../../core/rules/recurring-plans.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { confirmationNumber } from '../repos/payment-groups.js';
import type { JobContext, ScheduledJob } from './types.js';
import { recordPaymentGroupEvent } from '../use-cases/vendor-events.js';
import { sendPaymentReceipt } from '../use-cases/payment-receipts.js';

export interface PlansRunHooks {
  afterInstallment?: (count: number) => void;
}

export async function runPlans(ctx: JobContext, hooks: PlansRunHooks = {}) {
  const { db, now, log } = ctx;
  const counts = { created: 0, skipped: 0, completed: 0 };
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const plans = await db
    .selectFrom('paymentPlans as p')
    .innerJoin('vendors as v', 'v.id', 'p.vendorId')
    .innerJoin('paymentMethods as m', 'm.id', 'p.paymentMethodId')
    .select(['p.id', 'p.startDate', 'p.frequency', 'p.totalAmountCents', 'p.eachAmountCents', 'v.eodCutoff', 'm.provider'])
    .where('p.status', '=', 'active')
    // paused while its bank account is unusable (returned R02/R03/R10): nothing charged, no retry spent
    .where('m.returnedCode', 'is', null)
    .orderBy('p.id')
    .execute();
  const holidays = plans.length > 0 ? toHolidaySet((await db.selectFrom('holidays').select('date').execute()).map((h) => toDateString(h.date))) : new Set<string>();
  for (const plan of plans) {
    try {
      const today = vendorToday(instant, configuredTimeZone(plan.eodCutoff)).toString();
      const installments = planInstallments({
        startDate: toDateString(plan.startDate),
        frequency: plan.frequency,
        totalAmountCents: Number(plan.totalAmountCents),
        eachAmountCents: Number(plan.eachAmountCents),
      }, { provider: plan.provider, holidays });
      const groups = await db
        .selectFrom('paymentGroups')
        .select(['installmentNumber', 'status', 'paymentDate'])
        .where('paymentPlanId', '=', plan.id)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      const rows = scheduleRows(installments, groups.map((g) => ({ ...g, paymentDate: toDateString(g.paymentDate) })));
      // each installment's next attempt: its first group, or a retry after failed / returned ones (payment-retries.ts)
      const due = installments.flatMap((installment, i) => {
        const statuses = groups.filter((g) => g.installmentNumber === installment.paymentNumber).map((g) => g.status);
        if (statuses.length === 0 && rows[i].status !== 'Open') return []; // paid by a group without a number
        const next = nextInstallmentAttempt(installment.paymentDate, statuses);
        return next && next.dueOn <= today ? [{ installment, attempt: next.attempt }] : [];
      });
      for (const { installment, attempt } of due) {
        const outcome = await createInstallment(db, plan.id, installment, attempt, today, now, ctx.publicUrl);
        if (outcome === 'created') {
          counts.created += 1;
          hooks.afterInstallment?.(counts.created);
        } else {
          counts.skipped += 1;
          if (outcome === 'no_method') log.warn({ paymentPlanId: plan.id }, 'plan installment not created: the plan has no usable payment method');
          if (outcome === 'settled') {
            counts.completed += 1;
            break; // the plan is complete: no later installment
          }
        }
      }
      if (installments.length > 0 && rows.every((r) => r.status === 'Closed')) {
        await db.updateTable('paymentPlans').set({ status: 'complete' }).where('id', '=', plan.id).where('status', '=', 'active').execute();
        counts.completed += 1;
      }
    } catch (error) {
      if (error instanceof Error && error.name === 'SimulatedCrash') throw error;
      log.error({ paymentPlanId: plan.id, reason: error instanceof Error ? error.message : String(error) }, 'plan installments failed');
    }
  }
  return counts;
}

async function createInstallment(
  db: Db,
  planId: string,
  installment: Installment,
  attempt: number,
  today: string,
  now: Date,
  publicUrl: string,
): Promise<'created' | 'taken' | 'no_method' | 'paused' | 'nothing_open' | 'settled'> {
  return db.transaction().execute(async (trx) => {
    // update, not share: installments of one plan are written one at a time (each sees the lines of the one before)
    const plan = await trx.selectFrom('paymentPlans').selectAll().where('id', '=', planId).where('status', '=', 'active').forUpdate().executeTakeFirst();
    if (!plan) return 'taken';
    const method = await trx
      .selectFrom('paymentMethods')
      .select(['id', 'provider', 'serviceFee', 'cardFunding', 'verificationRequired', 'deletedAt', 'returnedCode'])
      .where('id', '=', plan.paymentMethodId)
      .executeTakeFirstOrThrow();
    if (method.deletedAt !== null || method.verificationRequired) return 'no_method';
    if (pausedByReturn(method.returnedCode)) return 'paused';
    // under the plan's lock: the attempt the run saw is still the next one (another process did not make it)
    const made = await trx
      .selectFrom('paymentGroups')
      .select('status')
      .where('paymentPlanId', '=', plan.id)
      .where('installmentNumber', '=', installment.paymentNumber)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    if (nextInstallmentAttempt(installment.paymentDate, made.map((g) => g.status))?.attempt !== attempt) return 'taken';
    const invoiceIds = plan.invoiceIds ?? [];
    const { lines, openCents } = await allocateLines(trx, invoiceIds, installment.paymentAmountCents);
    // a plan naming no invoices (a request without any) pays its installment amounts as they are
    const subtotalCents = invoiceIds.length === 0 ? installment.paymentAmountCents : lines.reduce((sum, l) => sum + l.cents, 0);
    if (subtotalCents <= 0) {
      // nothing to charge, no group. Every invoice closed or paid (nothing open on any): the plan is complete. Some
      // still open but paid by payments in flight (which may fail and reopen them): the next run tries again.
      if (openCents > 0) return 'nothing_open';
      await trx.updateTable('paymentPlans').set({ status: 'complete' }).where('id', '=', plan.id).execute();
      return 'settled';
    }
    const totals = computeTotals({ subtotalCents, method });
    const group = await trx
      .insertInto('paymentGroups')
      .values({
        vendorId: plan.vendorId,
        locationId: plan.locationId,
        contactId: plan.contactId,
        confirmationNumber: confirmationNumber(),
        paymentDate: installment.paymentDate > today ? installment.paymentDate : today,
        paymentTotalCents: totals.totalCents,
        serviceFeeCents: totals.feeCents,
        paymentType: paymentMethodTypeOf(method.provider),
        status: 'scheduled',
        sourceType: 'Payment Plan',
        paymentPlanId: plan.id,
        requestId: plan.requestId,
        paymentMethodId: method.id,
        idempotencyKey: null,
        installmentNumber: installment.paymentNumber,
        // no customer at hand: the installment is made under the plan's agreement to the terms of its method
        authorizationId: plan.authorizationId,
      })
      // the UNIQUE key among live and completed groups (migration 0023): one per installment, whatever the processes
      .onConflict((oc) => oc.columns(['paymentPlanId', 'installmentNumber']).where('status', 'not in', ['failed', 'returned']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!group) return 'taken';
    if (lines.length > 0) {
      await trx
        .insertInto('payments')
        .values(lines.map((l) => ({ paymentGroupId: group.id, invoiceId: l.invoiceId, paidAmountCents: l.cents, subject: null, message: null })))
        .execute();
    }
    await recordPaymentGroupEvent(trx, 'payment_group.scheduled', group.id, now);
    await sendPaymentReceipt(trx, group.id, { now, publicUrl });
    return 'created';
  });
}

/**
 * Spreads `amountCents` over the plan's invoices (oldest due first), up to what each still owes: its open amount (0
 * once closed) less the lines of every group not yet settled that pays it (scheduled or processing). `openCents`:
 * what is open on the plan's invoices at all (0: every one closed or paid).
 */
async function allocateLines(trx: Db, invoiceIds: string[], amountCents: number) {
  if (invoiceIds.length === 0) return { lines: [], openCents: 0 };
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'openAmountCents', 'dueDate', 'deletedAt'])
    .where('id', 'in', invoiceIds)
    .orderBy('dueDate')
    .orderBy('id')
    .forUpdate()
    .execute();
  const pending = await trx
    .selectFrom('payments as p')
    .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
    .select(['p.invoiceId', 'p.paidAmountCents'])
    .where('p.invoiceId', 'in', invoiceIds)
    .where('g.status', 'in', ['scheduled', 'processing'])
    .execute();
  const owed = new Map(invoices.filter((i) => i.deletedAt === null).map((i) => [i.id, Number(i.openAmountCents)]));
  for (const p of pending) if (owed.has(p.invoiceId)) owed.set(p.invoiceId, owed.get(p.invoiceId)! - Number(p.paidAmountCents));
  const lines: Array<{ invoiceId: string; cents: number }> = [];
  let left = amountCents;
  for (const [invoiceId, cents] of owed) {
    if (left <= 0) break;
    if (cents <= 0) continue;
    const take = Math.min(cents, left);
    lines.push({ invoiceId, cents: take });
    left -= take;
  }
  const openCents = invoices.filter((i) => i.deletedAt === null).reduce((sum, i) => sum + Math.max(0, Number(i.openAmountCents)), 0);
  return { lines, openCents };
}

export const plansJob: ScheduledJob = {
  name: 'plans',
  cron: '*/5 * * * *',
  run: (ctx) => runPlans(ctx),
};
