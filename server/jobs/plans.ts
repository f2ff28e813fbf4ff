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
 * `payment_groups (payment_plan_id, installment_number)` makes each installment exactly once, whatever the number of
 * processes or reruns (`insert … on conflict do nothing`). Lines spread the amount over the plan's invoices, oldest due
 * first, up to what each still owes beyond the plan's groups not yet settled. A plan whose method is deleted or
 * unverified is skipped (logged) and picked up once it has a usable method. A plan whose every installment is complete
 * becomes `complete`.
 */
import { Temporal } from 'temporal-polyfill';
import { computeTotals } from '../../core/rules/fees.js';
import { configuredTimeZone, toHolidaySet, vendorToday } from '../../core/rules/payment-dates.js';
import { dueInstallments, planInstallments, scheduleRows, type Installment } from '../../core/rules/recurring-plans.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { confirmationNumber } from '../repos/payment-groups.js';
import type { JobContext, ScheduledJob } from './types.js';
import { recordPaymentGroupEvent } from '../use-cases/vendor-events.js';

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
        .execute();
      const rows = scheduleRows(installments, groups.map((g) => ({ ...g, paymentDate: toDateString(g.paymentDate) })));
      const taken = new Set(
        installments.filter((row, i) => groups.some((g) => g.installmentNumber === row.paymentNumber) || rows[i].status !== 'Open').map((r) => r.paymentNumber),
      );
      for (const installment of dueInstallments(installments, today, taken)) {
        const outcome = await createInstallment(db, plan.id, installment, today, now);
        if (outcome === 'created') {
          counts.created += 1;
          hooks.afterInstallment?.(counts.created);
        } else {
          counts.skipped += 1;
          if (outcome === 'no_method') log.warn({ paymentPlanId: plan.id }, 'plan installment not created: the plan has no usable payment method');
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

async function createInstallment(db: Db, planId: string, installment: Installment, today: string, now: Date): Promise<'created' | 'taken' | 'no_method'> {
  return db.transaction().execute(async (trx) => {
    const plan = await trx.selectFrom('paymentPlans').selectAll().where('id', '=', planId).where('status', '=', 'active').forShare().executeTakeFirst();
    if (!plan) return 'taken';
    const method = await trx
      .selectFrom('paymentMethods')
      .select(['id', 'provider', 'serviceFee', 'cardFunding', 'verificationRequired', 'deletedAt'])
      .where('id', '=', plan.paymentMethodId)
      .executeTakeFirstOrThrow();
    if (method.deletedAt !== null || method.verificationRequired) return 'no_method';
    const totals = computeTotals({ subtotalCents: installment.paymentAmountCents, method });
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
      .onConflict((oc) => oc.columns(['paymentPlanId', 'installmentNumber']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!group) return 'taken';
    const lines = await allocateLines(trx, plan.id, plan.invoiceIds ?? [], installment.paymentAmountCents);
    if (lines.length > 0) {
      await trx
        .insertInto('payments')
        .values(lines.map((l) => ({ paymentGroupId: group.id, invoiceId: l.invoiceId, paidAmountCents: l.cents, subject: null, message: null })))
        .execute();
    }
    await recordPaymentGroupEvent(trx, 'payment_group.scheduled', group.id, now);
    return 'created';
  });
}

/** Spreads `amountCents` over the plan's invoices (oldest due first), up to what each owes beyond unsettled plan groups. */
async function allocateLines(trx: Db, planId: string, invoiceIds: string[], amountCents: number) {
  if (invoiceIds.length === 0) return [];
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'openAmountCents', 'dueDate', 'deletedAt'])
    .where('id', 'in', invoiceIds)
    .orderBy('dueDate')
    .orderBy('id')
    .execute();
  const pending = await trx
    .selectFrom('payments as p')
    .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
    .select(['p.invoiceId', 'p.paidAmountCents'])
    .where('g.paymentPlanId', '=', planId)
    .where('g.status', '=', 'scheduled')
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
  return lines;
}

export const plansJob: ScheduledJob = {
  name: 'plans',
  cron: '*/5 * * * *',
  run: (ctx) => runPlans(ctx),
};
