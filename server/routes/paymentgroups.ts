/**
 * Tag `paymentgroups`: the payment report list, one group with its lines, and scheduling a payment
 * (`createPaymentGroup`, exactly once per Idempotency-Key — the use case `use-cases/schedule-payment.ts`).
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { ApiError, notFound } from '../http/errors.js';
import { answerOf } from '../http/refusal.js';
import { click2payRequestOf, getPaymentGroupDetail, listPaymentGroups } from '../repos/payment-groups.js';
import { contactHasTemplateMessage } from '../repos/message-center.js';
import { schedulePaymentOnce, type CreatePaymentGroupBody } from '../use-cases/schedule-payment.js';
import { loadReceiptData } from '../repos/receipts.js';
import { receiptContentDisposition } from '../domain/receipt-pdf.js';
import { receiptPdfOf } from '../use-cases/payment-receipts.js';
import { agreementOf } from './agreement.js';
import type { LocationParams, RouteDeps } from './deps.js';

export interface PaymentGroupRouteOptions {
  /** the clock (tests pin it); default the real time */
  now?: () => Date;
  /** false writes uncompressed PDF content streams (tests) */
  compress?: boolean;
}

export function paymentGroupHandlers({ db, config }: RouteDeps, options: PaymentGroupRouteOptions = {}): Handlers {
  const now = options.now ?? (() => new Date());
  return {
    async listPaymentGroups(request) {
      const { locationId } = request.params as LocationParams;
      const { onlyPending } = (request.query ?? {}) as { onlyPending?: boolean };
      return {
        paymentGroups: await listPaymentGroups(db, {
          contactId: authOf(request).contactId,
          locationId,
          ...(onlyPending ? { status: 'scheduled' as const } : {}),
        }),
      };
    },

    async getPaymentGroupPayments(request) {
      const { locationId, paymentGroupId } = request.params as LocationParams & { paymentGroupId: string };
      const detail = await getPaymentGroupDetail(db, { contactId: authOf(request).contactId, locationId, paymentGroupId });
      if (!detail) throw notFound('payment group');
      return detail;
    },

    // The receipt as it stands now (use-cases/payment-receipts.ts): only a group of the token's contact at this location.
    async getPaymentGroupReceiptPdf(request, reply) {
      const { vendorId, locationId, paymentGroupId } = request.params as LocationParams & { paymentGroupId: string };
      const data = await loadReceiptData(db, paymentGroupId, { contactId: authOf(request).contactId, vendorId, locationId });
      if (!data) throw notFound('payment group');
      const { pdf } = await receiptPdfOf(data, { epaDir: config.epaDir, compress: options.compress });
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', receiptContentDisposition(data.confirmationNumber))
        .header('cache-control', 'no-store')
        .send(pdf);
    },

    async createPaymentGroup(request, reply) {
      const auth = authOf(request);
      const { vendorId, locationId } = request.params as LocationParams;
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.trim().length < 8 || key.length > 255) {
        throw new ApiError(400, 'validation_failed', 'Idempotency-Key: must be a text of 8 to 255 characters', 'Idempotency-Key');
      }
      const body = request.body as CreatePaymentGroupBody;
      // Pay in a template message: the message must be the contact's at this location.
      if (body.messageId && !(await contactHasTemplateMessage(db, { contactId: auth.contactId, vendorId, locationId, messageId: body.messageId }))) {
        throw notFound('template message');
      }
      const outcome = await schedulePaymentOnce(db, {
        contactId: auth.contactId,
        vendorId,
        locationId,
        idempotencyKey: key,
        body,
        click2payRequestId: await click2payRequestOf(db, auth, { vendorId, locationId }),
        agreement: agreementOf(request, config),
        now: now(),
        publicUrl: config.publicUrl,
      });
      const result = answerOf(outcome);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  };
}
