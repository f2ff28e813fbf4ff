/** Tag `paymentplans`: the location's plans, a plan's method change, set-up from a plan request. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import { answerOf } from '../http/refusal.js';
import { listPaymentPlans } from '../repos/payment-plans.js';
import { contactHasVendor } from '../repos/scope.js';
import { changePlanMethod } from '../use-cases/change-plan-method.js';
import { setUpPlan } from '../use-cases/set-up-plan.js';
import { agreementOf } from './agreement.js';
import type { LocationParams, RouteDeps } from './deps.js';

export function paymentPlanHandlers({ db, config }: RouteDeps): Handlers {
  return {
    async listPaymentPlans(request) {
      const { locationId } = request.params as LocationParams;
      return { paymentPlans: await listPaymentPlans(db, authOf(request).contactId, locationId) };
    },

    async updatePaymentPlan(request) {
      const { vendorId, locationId, planId } = request.params as LocationParams & { planId: string };
      const body = request.body as { paymentMethodId: string; epaVersion: string };
      const scope = { contactId: authOf(request).contactId, vendorId, locationId };
      return { paymentPlan: answerOf(await changePlanMethod(db, scope, planId, body, agreementOf(request, config))) };
    },

    async createPaymentPlan(request, reply) {
      const auth = authOf(request);
      const body = request.body as { vendorId: string; paymentMethodId: string; epaVersion: string; requestId?: string };
      if (!(await contactHasVendor(db, auth, body.vendorId))) throw notFound('vendor');
      const requestId = body.requestId ?? (auth.type === 'paymentplan' ? auth.requestId : null);
      const created = await setUpPlan(db, {
        contactId: auth.contactId,
        vendorId: body.vendorId,
        requestId,
        paymentMethodId: body.paymentMethodId,
        epaVersion: body.epaVersion,
      }, agreementOf(request, config));
      const answer = answerOf(created);
      reply.code(201);
      return answer;
    },
  };
}
