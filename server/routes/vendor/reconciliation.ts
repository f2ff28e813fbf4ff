/**
 * The vendor API's reconciliation reads (tag `reconciliation` of openapi/vendor.yaml): the vendor's payment groups
 * as a change feed in JSON (`listPaymentGroups`) and CSV (`exportPaymentGroupsCsv`), and one group
 * (`getPaymentGroup`). Every read is the key's vendor's (`vendorOf`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toCsv, type CsvColumn } from '../../../core/rules/csv.js';
import { centsToAmount, sumCents } from '../../../core/rules/money.js';
import type { components } from '../../../core/api/vendor-schema.js';
import type { Handlers } from '../../http/api.js';
import { answerOf } from '../../http/refusal.js';
import { vendorOf } from '../../http/vendor-auth.js';
import { toDateString, toIsoString } from '../../domain/dates.js';
import type { PaymentGroupLineRow, PaymentGroupRecord } from '../../repos/vendor-payment-groups.js';
import { serviceFeeCents, vendorPaymentGroup as paymentGroup } from '../../domain/vendor-payment-group.js';
import { paymentGroupFeed, paymentGroupOf } from '../../use-cases/vendor-reconciliation.js';
import { cancelPaymentByVendor } from '../../use-cases/vendor-cancel-payment.js';
import { createVendorRefund, refundOf, refundsOfVendorGroup } from '../../use-cases/vendor-refund.js';
import { vendorRefund } from '../../domain/vendor-refund.js';
import { centsOfField } from '../../http/money-field.js';
import type { RouteDeps } from '../deps.js';
import type { PaymentGroupStatus } from '../../db/schema.js';


interface FeedQuery {
  cursor?: string;
  updatedSince?: string;
  locationId?: string;
  status?: PaymentGroupStatus[];
  paymentDateFrom?: string;
  paymentDateTo?: string;
  methodType?: 'ACH' | 'CC';
  order?: 'changes' | 'newest';
  limit?: number;
}

/** One CSV row: a line of a group (`line` null for a group without lines), `first` on the group's first row. */
interface CsvRow {
  group: PaymentGroupRecord;
  line: PaymentGroupLineRow | null;
  first: boolean;
}

/** Dollars with exactly two decimals, as a plain number a spreadsheet or a parser reads (`1234.50`, `-12.00`). */
const amountText = (cents: number | string) => centsToAmount(cents).toFixed(2);

/** The columns, in the order the contract lists them, named as the JSON fields they repeat. */
const PAYMENT_GROUP_CSV_COLUMNS: readonly CsvColumn<CsvRow>[] = [
  { header: 'paymentGroupId', value: (r) => r.group.id },
  { header: 'confirmationNumber', value: (r) => r.group.confirmationNumber },
  { header: 'status', value: (r) => r.group.status },
  { header: 'paymentDate', value: (r) => toDateString(r.group.paymentDate) },
  { header: 'source', value: (r) => r.group.sourceType },
  { header: 'methodType', value: (r) => r.group.paymentType },
  { header: 'methodLastFour', value: (r) => r.group.methodLastFour },
  { header: 'locationId', value: (r) => r.group.locationId },
  { header: 'locationExternalId', value: (r) => r.group.locationExternalId },
  { header: 'invoiceId', value: (r) => r.line?.invoiceId },
  { header: 'invoiceExternalId', value: (r) => r.line?.invoiceExternalId },
  { header: 'displayInvNum', value: (r) => r.line?.displayInvNum },
  { header: 'paidAmount', value: (r) => amountText(r.line?.paidAmountCents ?? 0) },
  // on the group's first row only: each column then sums to what was charged
  { header: 'serviceFee', value: (r) => (r.first ? amountText(serviceFeeCents(r.group)) : '') },
  { header: 'total', value: (r) => (r.first ? amountText(r.group.paymentTotalCents) : '') },
  { header: 'reason', value: (r) => r.line?.subject },
  { header: 'notes', value: (r) => r.line?.message },
  { header: 'updatedAt', value: (r) => toIsoString(r.group.updatedAt) },
];

function csvRows(groups: readonly PaymentGroupRecord[]): CsvRow[] {
  return groups.flatMap((group): CsvRow[] =>
    group.lines.length === 0 ? [{ group, line: null, first: true }] : group.lines.map((line, i) => ({ group, line, first: i === 0 })),
  );
}

export function reconciliationHandlers({ db, config }: RouteDeps): Handlers {
  const feed = async (request: FastifyRequest, defaultLimit: number) => {
    const query = request.query as FeedQuery;
    return answerOf(
      await paymentGroupFeed(db, vendorOf(request), {
        cursor: query.cursor,
        updatedSince: query.updatedSince,
        locationId: query.locationId,
        status: query.status,
        paymentDateFrom: query.paymentDateFrom,
        paymentDateTo: query.paymentDateTo,
        methodType: query.methodType,
        newest: query.order === 'newest',
        limit: query.limit ?? defaultLimit,
      }),
    );
  };

  return {
    async listPaymentGroups(request) {
      const page = await feed(request, 100);
      return { paymentGroups: page.groups.map(paymentGroup), cursor: page.cursor, hasMore: page.hasMore };
    },

    async exportPaymentGroupsCsv(request: FastifyRequest, reply: FastifyReply) {
      const page = await feed(request, 10_000);
      if (page.cursor !== null) reply.header('cursor', page.cursor);
      return reply
        .code(200)
        .header('has-more', String(page.hasMore))
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payment-groups.csv"')
        .header('cache-control', 'no-store')
        .send(toCsv(PAYMENT_GROUP_CSV_COLUMNS, csvRows(page.groups)));
    },

    async cancelPaymentGroup(request) {
      const { paymentGroupId } = request.params as { paymentGroupId: string };
      const { reason } = request.body as { reason: string };
      const vendorId = vendorOf(request);
      const canceled = answerOf(await cancelPaymentByVendor(db, vendorId, paymentGroupId, { reason }, { now: new Date(), publicUrl: config.publicUrl }));
      return paymentGroup(answerOf(await paymentGroupOf(db, vendorId, canceled.id)));
    },
    async createRefund(request, reply) {
      const { paymentGroupId } = request.params as { paymentGroupId: string };
      const body = request.body as { lines?: Array<{ invoiceId: string; amount: number }>; amount?: number; reopenInvoices?: boolean; reason: string };
      const vendorId = vendorOf(request);
      const refund = answerOf(
        await createVendorRefund(db, vendorId, paymentGroupId, {
          lines: body.lines?.map((line, index) => ({ invoiceId: line.invoiceId, amountCents: centsOfField(line.amount, `lines[${index}].amount`) })),
          amountCents: body.amount === undefined ? undefined : centsOfField(body.amount, 'amount'),
          reopenInvoices: body.reopenInvoices,
          reason: body.reason,
        }),
      );
      const { labels } = answerOf(await refundOf(db, vendorId, refund.id));
      return reply.code(201).send(vendorRefund(refund, labels));
    },
    async listPaymentGroupRefunds(request) {
      const { paymentGroupId } = request.params as { paymentGroupId: string };
      const { refunds, labels } = answerOf(await refundsOfVendorGroup(db, vendorOf(request), paymentGroupId));
      return { refunds: refunds.map((r) => vendorRefund(r, labels)) };
    },
    async getRefund(request) {
      const { refundId } = request.params as { refundId: string };
      const { refund, labels } = answerOf(await refundOf(db, vendorOf(request), refundId));
      return vendorRefund(refund, labels);
    },
    async getPaymentGroup(request) {
      const { paymentGroupId } = request.params as { paymentGroupId: string };
      return paymentGroup(answerOf(await paymentGroupOf(db, vendorOf(request), paymentGroupId)));
    },
  };
}
