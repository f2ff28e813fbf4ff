/**
 * A payment plan's method change: only an active plan (`plan_not_active`); installments not yet created use it. The
 * vendor hears `payment_plan.method_changed` from the same transaction; choosing the method the plan has changes
 * nothing and says nothing.
 */
import type { Db } from '../db/connect.js';
import { getPaymentPlan, lockPaymentPlan, setPlanMethod } from '../repos/payment-plans.js';
import { attempt, notFoundRefusal, refuse, Refused } from './outcome.js';
import { usableMethod } from './recurring-checks.js';
import { recordPaymentPlanMethodChanged } from './vendor-events.js';

export async function changePlanMethod(
  db: Db,
  scope: { contactId: string; vendorId: string; locationId: string },
  planId: string,
  body: { paymentMethodId: string; epaVersion: string },
  now = new Date(),
) {
  return attempt(async () => {
    await db.transaction().execute(async (trx) => {
      const plan = await lockPaymentPlan(trx, scope, planId);
      if (!plan) throw new Refused(notFoundRefusal('payment plan'));
      if (plan.status !== 'active') throw refuse('unprocessable', 'plan_not_active', 'Only an active payment plan can change its payment method.');
      const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
      if (method.id === plan.paymentMethodId) return;
      await setPlanMethod(trx, plan.id, method.id);
      await recordPaymentPlanMethodChanged(trx, plan.id, plan.paymentMethodId, now);
    });
    const plan = await getPaymentPlan(db, scope.contactId, scope.locationId, planId);
    if (!plan) throw new Refused(notFoundRefusal('payment plan'));
    return plan;
  });
}
