/** Payment plans of a location for the contact, with their payment groups and the amount paid so far. */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../domain/money.js';
import { toApiPaymentMethod } from './payment-methods.js';

export async function listPaymentPlans(db: Db, contactId: string, locationId: string) {
  const plans = await db
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
    .where('p.locationId', '=', locationId)
    .orderBy('p.startDate', 'desc')
    .orderBy('p.createdAt', 'desc')
    .execute();
  if (plans.length === 0) return [];

  const groups = await db
    .selectFrom('paymentGroups')
    .select(['id', 'paymentPlanId', 'paymentDate', 'paymentTotalCents', 'status'])
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
    };
  });
}
