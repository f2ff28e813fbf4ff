/** Payment plans of a location for the contact, with their payment groups and the amount paid so far. */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import { planSchedule } from '../../core/rules/recurring-plans.js';
import { json } from '../db/json.js';
import { ApiError, notFound } from '../http/errors.js';
import { toApiPaymentMethod } from './payment-methods.js';
import { usableMethod } from './recurring-rules.js';

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
      'pm.verificationRequired as pmVerificationRequired',
      'pm.deletedAt as pmDeletedAt',
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
    .execute();

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
          verificationRequired: plan.pmVerificationRequired,
          deletedAt: plan.pmDeletedAt,
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
      schedule: planSchedule(
        {
          startDate: toDateString(plan.startDate),
          frequency: plan.frequency,
          totalAmountCents: Number(plan.totalAmountCents),
          eachAmountCents: Number(plan.eachAmountCents),
        },
        own.map((g) => ({ installmentNumber: g.installmentNumber, paymentDate: toDateString(g.paymentDate), status: g.status })),
      ).map((row) => ({ paymentNumber: row.paymentNumber, paymentDate: row.paymentDate, paymentAmount: centsToAmount(row.paymentAmountCents), status: row.status })),
    };
  });
}

// ───────────────────────────── issue 8: set up from a request, change the method ─────────────────────────────

export async function getPaymentPlan(db: Db, contactId: string, locationId: string, planId: string) {
  const [plan] = await listPaymentPlans(db, contactId, locationId, planId.toLowerCase());
  if (!plan) throw notFound('payment plan');
  return plan;
}

/** Only an active plan changes its method (422 `plan_not_active`); installments not yet created use the new one. */
export async function updatePaymentPlanMethod(
  db: Db,
  scope: { contactId: string; vendorId: string; locationId: string },
  planId: string,
  body: { paymentMethodId: string; epaVersion: string },
) {
  await db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom('paymentPlans')
      .select(['id', 'status'])
      .where('id', '=', planId.toLowerCase())
      .where('contactId', '=', scope.contactId)
      .where('vendorId', '=', scope.vendorId)
      .where('locationId', '=', scope.locationId)
      .forUpdate()
      .executeTakeFirst();
    if (!plan) throw notFound('payment plan');
    if (plan.status !== 'active') throw new ApiError(422, 'plan_not_active', 'Only an active payment plan can change its payment method.');
    const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
    await trx.updateTable('paymentPlans').set({ paymentMethodId: method.id }).where('id', '=', plan.id).execute();
  });
  return getPaymentPlan(db, scope.contactId, scope.locationId, planId);
}

/**
 * Sets up the plan a `paymentplan` request proposes: the request (`requestId`, else the token's) must be the
 * contact's, at `vendorId`, of type paymentplan and active (404 / 422 `plan_request_not_active`); one plan per request
 * (409 `plan_exists`, also guaranteed by the unique index payment_plans_request_idx); the method is checked at the
 * request's location. The request becomes complete.
 */
export async function createPaymentPlanFromRequest(
  db: Db,
  input: { contactId: string; vendorId: string; requestId: string | null; paymentMethodId: string; epaVersion: string },
  now = new Date(),
) {
  if (!input.requestId) throw new ApiError(422, 'plan_request_not_active', 'There is no payment plan request to set up.', 'requestId');
  const created = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', input.requestId!.toLowerCase())
      .where('contactId', '=', input.contactId)
      .where('vendorId', '=', input.vendorId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('request');
    const existing = await trx.selectFrom('paymentPlans').select('id').where('requestId', '=', request.id).executeTakeFirst();
    if (existing) throw new ApiError(409, 'plan_exists', 'A payment plan was already set up from this request.');
    const proposal = request.plan;
    if (request.type !== 'paymentplan' || request.status !== 'active' || !proposal) {
      throw new ApiError(422, 'plan_request_not_active', 'This payment plan request is no longer open.', 'requestId');
    }
    const scope = { contactId: input.contactId, vendorId: request.vendorId, locationId: request.locationId };
    const method = await usableMethod(trx, scope, input.paymentMethodId, input.epaVersion);
    const plan = await trx
      .insertInto('paymentPlans')
      .values({
        vendorId: request.vendorId,
        locationId: request.locationId,
        contactId: input.contactId,
        requestId: request.id,
        name: proposal.paymentPlanName,
        status: 'active',
        totalAmountCents: proposal.totalAmount,
        eachAmountCents: proposal.eachAmount,
        frequency: proposal.frequency,
        startDate: proposal.startDate ?? toDateString(request.startDate),
        paymentMethodId: method.id,
        invoiceIds: json((request.invoiceIds ?? []).filter((id) => typeof id === 'string')),
        createdAt: now,
      })
      .returning(['id', 'locationId'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('requests').set({ status: 'complete' }).where('id', '=', request.id).execute();
    return plan;
  });
  const paymentPlan = await getPaymentPlan(db, input.contactId, created.locationId, created.id);
  return { paymentMethod: paymentPlan.paymentMethod, paymentPlan };
}
