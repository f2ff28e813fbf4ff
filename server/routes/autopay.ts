/** Tag `autopay`: the AutoPay Plus of a location — load, set up, change method / exclusions, turn off (issue 8). */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import {
  createAutopay,
  deleteAutopay,
  getActiveAutopay,
  updateAutopayExclusions,
  updateAutopayMethod,
  type AutopayScope,
} from '../repos/autopay.js';
import type { LocationParams, RouteDeps } from './deps.js';

type AutopayParams = LocationParams & { autopayId: string };

function scopeOf(request: Parameters<Handlers[string]>[0]): AutopayScope {
  const { vendorId, locationId } = request.params as LocationParams;
  const auth = authOf(request);
  return { contactId: auth.contactId, vendorId, locationId, tokenRequestId: auth.type === 'autopay' ? auth.requestId : null };
}

export function autopayHandlers({ db }: RouteDeps): Handlers {
  return {
    async getAutopay(request) {
      const { locationId } = request.params as LocationParams;
      return { autoPay: await getActiveAutopay(db, authOf(request).contactId, locationId) };
    },

    async createAutopay(request, reply) {
      const autoPay = await createAutopay(db, scopeOf(request), request.body as Parameters<typeof createAutopay>[2]);
      reply.code(201);
      return { autoPay };
    },

    async updateAutopayPaymentMethod(request) {
      const { autopayId } = request.params as AutopayParams;
      return { autoPay: await updateAutopayMethod(db, scopeOf(request), autopayId, request.body as { paymentMethodId: string; epaVersion: string }) };
    },

    async updateAutopayExclusions(request) {
      const { autopayId } = request.params as AutopayParams;
      const body = request.body as { excludeInvoiceIds: string[]; reincludeInvoiceIds: string[] };
      return { autoPay: await updateAutopayExclusions(db, scopeOf(request), autopayId, body) };
    },

    async deleteAutopay(request) {
      const { autopayId } = request.params as AutopayParams;
      return deleteAutopay(db, scopeOf(request), autopayId);
    },
  };
}
