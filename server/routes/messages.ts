/**
 * Tag `messages`: adding a comment to an invoice (`addComment`) and marking an invoice's messages read
 * (`markMessagesRead`) — rules and storage: `repos/invoice-messages.ts`, the comment with its vendor event
 * `use-cases/add-comment.ts`; listing the contact's messages
 * (`listMessages`) and, tag `templatemessages`, its template messages (`listTemplateMessages`) — `repos/message-center.ts`.
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { ApiError, notFound } from '../http/errors.js';
import { answerOf } from '../http/refusal.js';
import { commentProblem, contactHasInvoice, findLocationInvoice, markInvoiceMessagesRead } from '../repos/invoice-messages.js';
import { listContactMessages, listContactTemplateMessages } from '../repos/message-center.js';
import { addComment } from '../use-cases/add-comment.js';
import type { LocationParams, RouteDeps } from './deps.js';

export interface MessageRouteOptions {
  /** the clock (tests pin it); default the real time */
  now?: () => Date;
}

export function messageHandlers({ db }: RouteDeps, options: MessageRouteOptions = {}): Handlers {
  const now = options.now ?? (() => new Date());
  return {
    async listMessages(request) {
      const { vendorId, locationId } = request.params as LocationParams;
      const { onlyMostRecent, contactNotRead } = (request.query ?? {}) as { onlyMostRecent?: boolean; contactNotRead?: boolean };
      const scope = { contactId: authOf(request).contactId, vendorId, locationId };
      return { messages: await listContactMessages(db, scope, { onlyMostRecent, contactNotRead }) };
    },

    async listTemplateMessages(request) {
      const { vendorId, locationId } = request.params as LocationParams;
      const { messageId } = (request.query ?? {}) as { messageId?: string };
      const templateMessages = await listContactTemplateMessages(db, { contactId: authOf(request).contactId, vendorId, locationId }, messageId);
      if (!templateMessages) throw notFound('template message');
      return { templateMessages };
    },

    async addComment(request, reply) {
      const { vendorId, locationId } = request.params as LocationParams;
      const body = request.body as { invoiceId: string; message: string };
      // the contract already refuses these; checked again so no rule depends on the validator's regex dialect
      const problem = commentProblem(body.message);
      if (problem) throw new ApiError(400, 'validation_failed', `message ${problem}`, 'message');
      const invoice = await findLocationInvoice(db, { vendorId, locationId, invoiceId: body.invoiceId });
      if (!invoice) throw notFound('invoice');
      const contactId = authOf(request).contactId;
      const written = answerOf(await addComment(db, { vendorId, locationId, contactId, invoice, text: body.message, now: now() }));
      return reply.code(201).send(written);
    },

    async markMessagesRead(request, reply) {
      const { vendorId } = request.params as { vendorId: string };
      const { invoiceId } = request.body as { invoiceId: string };
      const contactId = authOf(request).contactId;
      if (!(await contactHasInvoice(db, { contactId, vendorId, invoiceId }))) throw notFound('invoice');
      await markInvoiceMessagesRead(db, { contactId, vendorId, invoiceId, now: now() });
      return reply.code(204).send();
    },
  };
}
