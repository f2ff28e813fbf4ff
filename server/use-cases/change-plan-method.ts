/**
 * A payment plan's method change: only an active plan (`plan_not_active`); installments not yet created use it. The
 * vendor hears `payment_plan.method_changed` from the same transaction; choosing the method the plan has changes
 * nothing and says nothing. A change stores the customer's agreement to the terms as the plan's new authorization
 * record (the earlier one stays, with the installments made under it).
 */
import type { Db } from '../db/connect.js';
import { getPaymentPlan, lockPaymentPlan, setPlanMethod } from '../repos/payment-plans.js';
import { recordAuthorization, type Agreement } from './authorizations.js';
import { attempt, notFoundRefusal, refuse, Refused } from './outcome.js';
import { usableMethod } from './recurring-checks.js';
import { recordPaymentPlanMethodChanged } from './vendor-events.js';

export async function changePlanMethod(
  db: Db,
  scope: { contactId: string; vendorId: string; locationId: string },
  planId: string,
  body: { paymentMethodId: string; epaVersion: string },
  agreement: Agreement,
  now = new Date(),
) {
  return attempt(async () => {
    await db.transaction().execute(async (trx) => {
      const plan = await lockPaymentPlan(trx, scope, planId);
      if (!plan) throw new Refused(notFoundRefusal('payment plan'));
      if (plan.status !== 'active') throw refuse('unprocessable', 'plan_not_active', 'Only an active payment plan can change its payment method.');
      const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
      if (method.id === plan.paymentMethodId) return;
      // the terms were agreed to for the new method: installments made from now on carry this record
      const authorizationId = await recordAuthorization(trx, { kind: 'payment_plan', vendorId: scope.vendorId, contactId: scope.contactId, method, agreement, now });
      await setPlanMethod(trx, plan.id, method.id, authorizationId);
      await recordPaymentPlanMethodChanged(trx, plan.id, plan.paymentMethodId, now);
    });
    const plan = await getPaymentPlan(db, scope.contactId, scope.locationId, planId);
    if (!plan) throw new Refused(notFoundRefusal('payment plan'));
    return plan;
  });
}
