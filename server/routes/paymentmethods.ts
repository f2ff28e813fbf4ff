/**
 * Tag `paymentmethods`: the location's saved cards and bank accounts, the `paymentMethodsJwt` for the payments
 * service's tokenizer, attaching a tokenized method, micro-deposit verification and (soft) delete.
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { centsOfField } from '../http/money-field.js';
import { issuePaymentMethodsJwt } from '../payments-service/payments-jwt.js';
import type { ProcessorRegistry } from '../payments-service/processor.js';
import { sandboxRegistry } from '../payments-service/sandbox.js';
import { answerOf } from '../http/refusal.js';
import { enabledPaymentConfigs, listPaymentMethods, type MethodScope } from '../repos/payment-methods.js';
import { retryAfterSeconds } from '../repos/payment-attempts.js';
import { attachPaymentMethod } from '../use-cases/attach-payment-method.js';
import { deletePaymentMethod } from '../use-cases/delete-payment-method.js';
import { verifyPaymentMethod } from '../use-cases/verify-payment-method.js';
import type { LocationParams, RouteDeps } from './deps.js';

/** The tokenizer's path on the payments service's own origin (`openapi/payments.yaml`; never the portal's origin). */
export const TOKENIZER_PATH = '/payments-api/tokenizer';

function scopeOf(request: Parameters<Handlers[string]>[0]): MethodScope {
  const { vendorId, locationId } = request.params as LocationParams;
  return { contactId: authOf(request).contactId, vendorId, locationId };
}

/** Dollars (0.01–0.99 by the contract) → cents; more than two decimals is a 400 naming the item. */
function depositCents(amounts: number[]): [number, number] {
  const cents = amounts.map((amount, i) => centsOfField(amount, `amounts[${i}]`));
  return [cents[0], cents[1]];
}

export function paymentMethodHandlers({ db, config }: RouteDeps, processors: ProcessorRegistry = sandboxRegistry(db)): Handlers {
  return {
    async listPaymentMethods(request) {
      const scope = scopeOf(request);
      const { createClientFlow } = (request.query ?? {}) as { createClientFlow?: boolean };
      const [paymentMethods, paymentMethodsJwt] = await Promise.all([
        listPaymentMethods(db, scope),
        issuePaymentMethodsJwt(db, scope),
      ]);
      const clientFlowInfo: Record<string, { tokenizerUrl: string; serviceFee: string | null }> = {};
      if (createClientFlow === true) {
        for (const enabled of await enabledPaymentConfigs(db, scope.vendorId, scope.locationId)) {
          clientFlowInfo[enabled.provider] = { tokenizerUrl: `${config.payments.publicUrl}${TOKENIZER_PATH}`, serviceFee: enabled.serviceFee };
        }
      }
      return { paymentMethods, paymentMethodsJwt, hostedFieldsUrl: `${config.payments.publicUrl}/hosted-fields`, clientFlowInfo };
    },

    async createPaymentMethod(request, reply) {
      const { paymentMethodKey } = request.body as { paymentMethodKey: string };
      const paymentMethod = answerOf(await attachPaymentMethod(db, scopeOf(request), paymentMethodKey, processors));
      return reply.code(201).send({ paymentMethod });
    },

    async verifyPaymentMethod(request, reply) {
      const { paymentMethodId } = request.params as LocationParams & { paymentMethodId: string };
      const { amounts } = request.body as { amounts: number[] };
      const outcome = await verifyPaymentMethod(db, scopeOf(request), paymentMethodId, depositCents(amounts), processors);
      if (!outcome.ok && outcome.refusal.kind === 'rate_limited') reply.header('retry-after', retryAfterSeconds('verification_failed'));
      return { paymentMethod: answerOf(outcome) };
    },

    async deletePaymentMethod(request, reply) {
      const { paymentMethodId } = request.params as LocationParams & { paymentMethodId: string };
      const { cancelScheduledPayments } = (request.query ?? {}) as { cancelScheduledPayments?: boolean };
      answerOf(await deletePaymentMethod(db, scopeOf(request), paymentMethodId, { cancelScheduledPayments: cancelScheduledPayments === true }));
      return reply.code(204).send();
    },
  };
}
