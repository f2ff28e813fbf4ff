/** Tag `autopay`: the AutoPay Plus of a location — load, set up, change method / exclusions, turn off. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { answerOf } from '../http/refusal.js';
import { getActiveAutopay, type AutopayScope } from '../repos/autopay.js';
import { setUpAutopay, type SetUpAutopayBody } from '../use-cases/set-up-autopay.js';
import { turnOffAutopay } from '../use-cases/turn-off-autopay.js';
import { changeAutopayMethod, updateAutopayExclusions } from '../use-cases/update-autopay.js';
import { agreementOf } from './agreement.js';
import type { LocationParams, RouteDeps } from './deps.js';

type AutopayParams = LocationParams & { autopayId: string };

function scopeOf(request: Parameters<Handlers[string]>[0]): AutopayScope {
  const { vendorId, locationId } = request.params as LocationParams;
  const auth = authOf(request);
  return { contactId: auth.contactId, vendorId, locationId, tokenRequestId: auth.type === 'autopay' ? auth.requestId : null };
}

export function autopayHandlers({ db, config }: RouteDeps): Handlers {
  return {
    async getAutopay(request) {
      const { locationId } = request.params as LocationParams;
      return { autoPay: await getActiveAutopay(db, authOf(request).contactId, locationId) };
    },

    async createAutopay(request, reply) {
      const autoPay = answerOf(await setUpAutopay(db, scopeOf(request), request.body as SetUpAutopayBody, agreementOf(request, config)));
      reply.code(201);
      return { autoPay };
    },

    async updateAutopayPaymentMethod(request) {
      const { autopayId } = request.params as AutopayParams;
      const body = request.body as { paymentMethodId: string; epaVersion: string };
      return { autoPay: answerOf(await changeAutopayMethod(db, scopeOf(request), autopayId, body, agreementOf(request, config))) };
    },

    async updateAutopayExclusions(request) {
      const { autopayId } = request.params as AutopayParams;
      const body = request.body as { excludeInvoiceIds: string[]; reincludeInvoiceIds: string[] };
      return { autoPay: answerOf(await updateAutopayExclusions(db, scopeOf(request), autopayId, body)) };
    },

    async deleteAutopay(request) {
      const { autopayId } = request.params as AutopayParams;
      return answerOf(await turnOffAutopay(db, scopeOf(request), autopayId));
    },
  };
}
