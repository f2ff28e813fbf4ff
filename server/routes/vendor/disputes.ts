/**
 * The customers' disputes and short-pays (openapi/vendor.yaml, tag disputes): the inbox newest first, one with its
 * replies, a reply (to the customer's invoice page, message list and e-mail), resolve and reopen.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { centsToAmount } from '../../../core/rules/money.js';
import { toIsoString } from '../../domain/dates.js';
import type { Handlers } from '../../http/api.js';
import { pageOf, pageStart } from '../../http/page-cursor.js';
import { answerOf } from '../../http/refusal.js';
import { callerLabel, vendorOf } from '../../http/vendor-auth.js';
import { disputePage, type DisputeFilter, type DisputeRow } from '../../repos/vendor-disputes.js';
import { disputeDetail, replyToDispute, setDisputeResolved, type DisputeDetail } from '../../use-cases/vendor-disputes.js';
import type { RouteDeps } from '../deps.js';

const summary = (d: DisputeRow) => ({
  id: d.id,
  kind: d.paidCents === 0 ? ('dispute' as const) : ('short_pay' as const),
  status: d.resolvedAt ? ('resolved' as const) : ('open' as const),
  reason: d.reason,
  notes: d.notes,
  paidAmount: centsToAmount(d.paidCents),
  invoice: { id: d.invoiceId, externalId: d.invoiceExternalId, displayInvNum: d.displayInvNum, openAmount: centsToAmount(d.invoiceOpenCents), closed: d.invoiceClosed },
  location: { id: d.locationId, externalId: d.locationExternalId, name: d.locationName },
  contact: { id: d.contactId, name: d.contactName },
  createdAt: toIsoString(d.createdAt),
  resolvedAt: toIsoString(d.resolvedAt),
  resolvedBy: d.resolvedBy,
  replyCount: d.replyCount,
});

const detail = ({ dispute, replies }: DisputeDetail) => ({
  ...summary(dispute),
  replies: replies.map((r) => ({ id: r.id, text: r.text, by: r.authorLabel, at: toIsoString(r.createdAt) })),
});

/** The key of a dispute in a cursor: its moment (to the millisecond) and id. */
const keyOf = (d: DisputeRow) => `${d.createdAt.toISOString()}|${d.id}`;

export function disputeHandlers({ db, config }: RouteDeps): Handlers {
  return {
    async listDisputes(request: FastifyRequest) {
      const query = request.query as DisputeFilter & { cursor?: string; limit?: number };
      const start = pageStart('disputes', query);
      const [at, id] = start ? start.split('|') : [];
      const limit = query.limit ?? 50;
      const rows = await disputePage(db, vendorOf(request), {
        status: query.status,
        kind: query.kind,
        after: at && id ? { createdAt: new Date(at), id } : undefined,
        limit: limit + 1,
      });
      const { items, cursor, hasMore } = pageOf('disputes', rows, limit, keyOf, start);
      return { disputes: items.map(summary), cursor, hasMore };
    },
    async getDispute(request: FastifyRequest) {
      return detail(answerOf(await disputeDetail(db, vendorOf(request), (request.params as { disputeId: string }).disputeId)));
    },
    async replyToDispute(request: FastifyRequest, reply: FastifyReply) {
      const { disputeId } = request.params as { disputeId: string };
      const { text } = request.body as { text: string };
      const answer = answerOf(await replyToDispute(db, vendorOf(request), disputeId, { text, by: callerLabel(request) }, { now: new Date(), publicUrl: config.publicUrl }));
      return reply.code(201).send(detail(answer));
    },
    async resolveDispute(request: FastifyRequest) {
      const { disputeId } = request.params as { disputeId: string };
      return detail(answerOf(await setDisputeResolved(db, vendorOf(request), disputeId, { resolved: true, by: callerLabel(request) }, { now: new Date() })));
    },
    async reopenDispute(request: FastifyRequest) {
      const { disputeId } = request.params as { disputeId: string };
      return detail(answerOf(await setDisputeResolved(db, vendorOf(request), disputeId, { resolved: false, by: callerLabel(request) }, { now: new Date() })));
    },
  };
}
