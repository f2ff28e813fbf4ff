/**
 * Setting up the plan a `paymentplan` request proposes: the request (`requestId`, else the token's) must be the
 * contact's, at `vendorId`, of type paymentplan and active (not found / `plan_request_not_active`); one plan per
 * request (`plan_exists`, also guaranteed by the unique index payment_plans_request_idx); the method is checked at
 * the request's location. The request becomes complete, and the vendor hears `payment_plan.created` from the same
 * transaction.
 */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { completeRequest } from '../repos/requests.js';
import { getPaymentPlan, insertPaymentPlan, lockRequestOfContact, planOfRequest } from '../repos/payment-plans.js';
import { recordAuthorization, type Agreement } from './authorizations.js';
import { attempt, notFoundRefusal, refuse, Refused } from './outcome.js';
import { usableMethod } from './recurring-checks.js';
import { recordPaymentPlanCreated } from './vendor-events.js';

export async function setUpPlan(
  db: Db,
  input: { contactId: string; vendorId: string; requestId: string | null; paymentMethodId: string; epaVersion: string },
  agreement: Agreement,
  now = new Date(),
) {
  return attempt(async () => {
    const requestId = input.requestId;
    if (!requestId) throw refuse('unprocessable', 'plan_request_not_active', 'There is no payment plan request to set up.', 'requestId');
    const created = await db.transaction().execute(async (trx) => {
      const request = await lockRequestOfContact(trx, input, requestId);
      if (!request) throw new Refused(notFoundRefusal('request'));
      if (await planOfRequest(trx, request.id)) throw refuse('conflict', 'plan_exists', 'A payment plan was already set up from this request.');
      const proposal = request.plan;
      if (request.type !== 'paymentplan' || request.status !== 'active' || !proposal) {
        throw refuse('unprocessable', 'plan_request_not_active', 'This payment plan request is no longer open.', 'requestId');
      }
      const scope = { contactId: input.contactId, vendorId: request.vendorId, locationId: request.locationId };
      const method = await usableMethod(trx, scope, input.paymentMethodId, input.epaVersion);
      const authorizationId = await recordAuthorization(trx, {
        kind: 'payment_plan', vendorId: request.vendorId, contactId: input.contactId, method, agreement, now,
      });
      const plan = await insertPaymentPlan(trx, {
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
        invoiceIds: (request.invoiceIds ?? []).filter((id) => typeof id === 'string'),
        authorizationId,
        createdAt: now,
      });
      await completeRequest(trx, request.id);
      await recordPaymentPlanCreated(trx, plan.id, now);
      return plan;
    });
    const paymentPlan = await getPaymentPlan(db, input.contactId, created.locationId, created.id);
    if (!paymentPlan) throw new Refused(notFoundRefusal('payment plan'));
    return { paymentMethod: paymentPlan.paymentMethod, paymentPlan };
  });
}
