/** Tag `payments`: the scheduled payments of a payment method and its AutoPay / plan usage (before deleting it). */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import { paymentsByMethod } from '../repos/payment-methods.js';
import type { LocationParams, RouteDeps } from './deps.js';

export function paymentHandlers({ db }: RouteDeps): Handlers {
  return {
    async listPaymentsByMethod(request) {
      const { vendorId, locationId } = request.params as LocationParams;
      const { paymentMethodId } = request.query as { paymentMethodId: string };
      const answer = await paymentsByMethod(db, { contactId: authOf(request).contactId, vendorId, locationId }, paymentMethodId);
      if (!answer) throw notFound('payment method');
      return answer;
    },
  };
}
