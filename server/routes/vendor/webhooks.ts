/** The vendor API's webhook endpoints, their attempts, the event list and redelivery (openapi/vendor.yaml, tag webhooks). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../http/api.js';
import { ApiError, notFound } from '../../http/errors.js';
import { answerOf } from '../../http/refusal.js';
import { vendorOf } from '../../http/vendor-auth.js';
import { pageOf, pageStart } from '../../http/page-cursor.js';
import { toIsoString } from '../../domain/dates.js';
import { webhookIdOf } from '../../use-cases/webhook-delivery.js';
import { attemptsOfEndpoint, deleteEndpoint, endpointOfVendor, eventOfVendor, eventPage, listEndpoints, type EndpointRow } from '../../repos/webhooks.js';
import { changeEndpoint, createEndpoint, redeliverEvent, rotateSecret, sendTestEvent } from '../../use-cases/vendor-webhooks.js';
import type { RouteDeps } from '../deps.js';

const endpoint = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  enabled: row.status === 'enabled',
  disabledReason: row.disabledReason,
  failingSince: toIsoString(row.failingSince),
  previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now() ? toIsoString(row.previousSecretExpiresAt) : null,
  createdAt: toIsoString(row.createdAt),
  updatedAt: toIsoString(row.updatedAt),
});

const event = (row: { id: string; seq: string; type: string; data: Record<string, unknown>; createdAt: Date }) => ({
  id: row.id,
  webhookId: webhookIdOf(row.id),
  cursor: String(row.seq),
  type: row.type,
  timestamp: toIsoString(row.createdAt),
  data: row.data,
});

export function webhookHandlers({ db, config }: RouteDeps): Handlers {
  return {
    async listWebhookEndpoints(request) {
      return { endpoints: (await listEndpoints(db, vendorOf(request))).map(endpoint) };
    },
    async createWebhookEndpoint(request: FastifyRequest, reply: FastifyReply) {
      const created = answerOf(await createEndpoint(db, config.webhookSecretsKey(), vendorOf(request), request.body as { url: string }));
      return reply.code(201).send({ endpoint: endpoint(created.endpoint), secret: created.secret });
    },
    async rotateWebhookSecret(request) {
      const { endpointId } = request.params as { endpointId: string };
      const { overlapHours } = (request.body ?? {}) as { overlapHours?: number };
      const rotated = answerOf(await rotateSecret(db, config.webhookSecretsKey(), vendorOf(request), endpointId, overlapHours));
      return { endpoint: endpoint(rotated.endpoint), secret: rotated.secret };
    },
    async getWebhookEndpoint(request) {
      const row = await endpointOfVendor(db, vendorOf(request), (request.params as { endpointId: string }).endpointId);
      if (!row) throw notFound('webhook endpoint');
      return endpoint(row);
    },
    async updateWebhookEndpoint(request) {
      const { endpointId } = request.params as { endpointId: string };
      return endpoint(answerOf(await changeEndpoint(db, vendorOf(request), endpointId, request.body as object)));
    },
    async deleteWebhookEndpoint(request: FastifyRequest, reply: FastifyReply) {
      if (!(await deleteEndpoint(db, vendorOf(request), (request.params as { endpointId: string }).endpointId))) throw notFound('webhook endpoint');
      return reply.code(204).send();
    },
    async sendTestWebhook(request) {
      const { endpointId } = request.params as { endpointId: string };
      const sent = answerOf(await sendTestEvent(db, config.webhookSecretsKey(), vendorOf(request), endpointId, config.webhooks.timeoutMs));
      return { ...sent, attemptedAt: toIsoString(sent.attemptedAt) };
    },
    async listWebhookAttempts(request) {
      const vendorId = vendorOf(request);
      const { endpointId } = request.params as { endpointId: string };
      if (!(await endpointOfVendor(db, vendorId, endpointId))) throw notFound('webhook endpoint');
      const rows = await attemptsOfEndpoint(db, vendorId, endpointId, (request.query as { limit?: number }).limit ?? 100);
      return { attempts: rows.map((r) => ({ ...r, attemptedAt: toIsoString(r.attemptedAt) })) };
    },
    async listEvents(request) {
      const query = request.query as { cursor?: string; after?: string; limit?: number; type?: string[]; order?: 'oldest' | 'newest' };
      const limit = query.limit ?? 100;
      // newest first has cursors of its own: one of the other order would start at the wrong end
      const newest = query.order === 'newest';
      const list = newest ? 'events-newest' : 'events';
      if (newest && query.after !== undefined) throw new ApiError(400, 'validation_failed', 'after: send `cursor` with order=newest', 'after');
      const after = pageStart(list, query);
      const rows = await eventPage(db, vendorOf(request), { after, limit: limit + 1, types: query.type, newest });
      const { items, ...position } = pageOf(list, rows, limit, (r) => String(r.seq), after);
      return { events: items.map(event), ...position };
    },
    async getEvent(request) {
      const row = await eventOfVendor(db, vendorOf(request), (request.params as { eventId: string }).eventId);
      if (!row) throw notFound('event');
      return event(row);
    },
    async redeliverEvent(request: FastifyRequest, reply: FastifyReply) {
      const { eventId } = request.params as { eventId: string };
      const { endpointId } = (request.body ?? {}) as { endpointId?: string };
      const deliveries = answerOf(await redeliverEvent(db, vendorOf(request), eventId, endpointId));
      return reply.code(202).send({ deliveries });
    },
  };
}
