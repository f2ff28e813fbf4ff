/** Payment plans of a location for the contact, with their payment groups and the amount paid so far. */
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { PaymentPlansTable } from '../db/schema.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import { planSchedule } from '../../core/rules/recurring-plans.js';
import { toHolidaySet } from '../../core/rules/payment-dates.js';
import { json } from '../db/json.js';
import { schedulePause } from '../../core/rules/payment-retries.js';
import { toApiPaymentMethod } from './payment-methods.js';

export async function listPaymentPlans(db: Db, contactId: string, locationId: string, planId?: string) {
  let query = db
    .selectFrom('paymentPlans as p')
    .innerJoin('paymentMethods as pm', 'pm.id', 'p.paymentMethodId')
    .innerJoin('contacts as c', 'c.id', 'p.contactId')
    .selectAll('p')
    .select([
      'pm.id as pmId',
      'pm.provider as pmProvider',
      'pm.name as pmName',
      'pm.lastFour as pmLastFour',
      'pm.serviceFee as pmServiceFee',
      'pm.cardFunding as pmCardFunding',
      'pm.verificationRequired as pmVerificationRequired',
      'pm.deletedAt as pmDeletedAt',
      'pm.returnedCode as pmReturnedCode',
      'pm.unusableSince as pmUnusableSince',
      'c.firstName as contactFirstName',
      'c.lastName as contactLastName',
    ])
    .where('p.contactId', '=', contactId)
    .where('p.locationId', '=', locationId);
  if (planId) query = query.where('p.id', '=', planId);
  const plans = await query.orderBy('p.startDate', 'desc').orderBy('p.createdAt', 'desc').execute();
  if (plans.length === 0) return [];

  const groups = await db
    .selectFrom('paymentGroups')
    .select(['id', 'paymentPlanId', 'paymentDate', 'paymentTotalCents', 'status', 'installmentNumber'])
    .where('contactId', '=', contactId)
    .where(
      'paymentPlanId',
      'in',
      plans.map((p) => p.id),
    )
    .orderBy('paymentDate')
    // an installment tried again: its groups in the order they were made (the schedule reads the latest)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  // the schedule moves an ACH installment off a closed day exactly as the plans job does
  const holidays = toHolidaySet((await db.selectFrom('holidays').select('date').execute()).map((h) => toDateString(h.date)));

  return plans.map((plan) => {
    const own = groups.filter((g) => g.paymentPlanId === plan.id);
    const paidCents = own.filter((g) => g.status === 'complete').reduce((sum, g) => sum + Number(g.paymentTotalCents), 0);
    return {
      id: plan.id,
      name: plan.name,
      status: plan.status,
      totalAmount: centsToAmount(plan.totalAmountCents),
      eachAmount: centsToAmount(plan.eachAmountCents),
      frequency: plan.frequency,
      startDate: toDateString(plan.startDate),
      paymentMethodId: plan.paymentMethodId,
      paymentMethod: toApiPaymentMethod(
        {
          id: plan.pmId,
          provider: plan.pmProvider,
          name: plan.pmName,
          lastFour: plan.pmLastFour,
          serviceFee: plan.pmServiceFee,
          cardFunding: plan.pmCardFunding,
          verificationRequired: plan.pmVerificationRequired,
          deletedAt: plan.pmDeletedAt,
          returnedCode: plan.pmReturnedCode,
          unusableSince: plan.pmUnusableSince,
        },
        { firstName: plan.contactFirstName, lastName: plan.contactLastName },
      ),
      paymentGroups: own.map((g) => ({
        id: g.id,
        paymentDate: toDateString(g.paymentDate),
        paymentTotal: centsToAmount(g.paymentTotalCents),
        status: g.status,
      })),
      paidSoFar: centsToAmount(paidCents),
      // an active plan is paused while its bank account is unusable (core/rules/payment-retries.ts)
      paused:
        plan.status === 'active'
          ? schedulePause({ name: plan.pmName, lastFour: plan.pmLastFour, returnedCode: plan.pmReturnedCode, unusableSince: plan.pmUnusableSince })
          : null,
      schedule: planSchedule(
        {
          startDate: toDateString(plan.startDate),
          frequency: plan.frequency,
          totalAmountCents: Number(plan.totalAmountCents),
          eachAmountCents: Number(plan.eachAmountCents),
        },
        own.map((g) => ({ installmentNumber: g.installmentNumber, paymentDate: toDateString(g.paymentDate), status: g.status })),
        { provider: plan.pmProvider, holidays },
      ).map((row) => ({ paymentNumber: row.paymentNumber, paymentDate: row.paymentDate, paymentAmount: centsToAmount(row.paymentAmountCents), status: row.status })),
    };
  });
}

// ───────────────────────────── the rows of setting up a plan and changing its method ─────────────────────────────

/** One plan of the contact at the location, shaped as the contract's PaymentPlan, or undefined. */
export async function getPaymentPlan(db: Db, contactId: string, locationId: string, planId: string) {
  const [plan] = await listPaymentPlans(db, contactId, locationId, planId.toLowerCase());
  return plan;
}

/** The scope's plan `planId`, locked for update; undefined when it is not the scope's. */
export async function lockPaymentPlan(trx: Db, scope: { contactId: string; vendorId: string; locationId: string }, planId: string) {
  return trx
    .selectFrom('paymentPlans')
    .select(['id', 'status', 'paymentMethodId'])
    .where('id', '=', planId.toLowerCase())
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .forUpdate()
    .executeTakeFirst();
}

/** The plan pays with another method, under the customer's agreement to its terms (`authorizationId`). */
export async function setPlanMethod(trx: Db, planId: string, paymentMethodId: string, authorizationId: string): Promise<void> {
  await trx.updateTable('paymentPlans').set({ paymentMethodId, authorizationId }).where('id', '=', planId).execute();
}

/** The contact's request `requestId` at the vendor, locked for update; undefined when it is not the contact's. */
export async function lockRequestOfContact(trx: Db, input: { contactId: string; vendorId: string }, requestId: string) {
  return trx
    .selectFrom('requests')
    .selectAll()
    .where('id', '=', requestId.toLowerCase())
    .where('contactId', '=', input.contactId)
    .where('vendorId', '=', input.vendorId)
    .forUpdate()
    .executeTakeFirst();
}

export async function planOfRequest(trx: Db, requestId: string) {
  return trx.selectFrom('paymentPlans').select('id').where('requestId', '=', requestId).executeTakeFirst();
}

export async function insertPaymentPlan(trx: Db, plan: Omit<Insertable<PaymentPlansTable>, 'invoiceIds'> & { invoiceIds: string[] }) {
  return trx
    .insertInto('paymentPlans')
    .values({ ...plan, invoiceIds: json(plan.invoiceIds) })
    .returning(['id', 'locationId'])
    .executeTakeFirstOrThrow();
}
