/** Tag `paymentplans`: the location's plans (the dashboard shows PAYMENT PLANS only when there are any). */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { listPaymentPlans } from '../repos/payment-plans.js';
import type { LocationParams, RouteDeps } from './deps.js';

export function paymentPlanHandlers({ db }: RouteDeps): Handlers {
  return {
    async listPaymentPlans(request) {
      const { locationId } = request.params as LocationParams;
      return { paymentPlans: await listPaymentPlans(db, authOf(request).contactId, locationId) };
    },
  };
}
