/** A refund as the vendor API and its events show it (openapi/vendor.yaml `Refund`). */
import { centsToAmount } from '../../core/rules/money.js';
import type { RefundStatus } from '../../core/rules/refunds.js';
import { toIsoString } from './dates.js';

export interface RefundFacts {
  id: string;
  paymentGroupId: string;
  status: RefundStatus;
  amountCents: number;
  feeCents: number;
  lines: ReadonlyArray<{ invoiceId: string; amountCents: number }>;
  reopenInvoices: boolean;
  reason: string;
  sendOn: string;
  processorRefundId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export function vendorRefund(refund: RefundFacts, invoices: ReadonlyMap<string, { displayInvNum: string; externalId: string | null }>) {
  return {
    id: refund.id,
    paymentGroupId: refund.paymentGroupId,
    status: refund.status,
    amount: centsToAmount(refund.amountCents),
    serviceFee: centsToAmount(refund.feeCents),
    lines: refund.lines.map((line) => ({
      invoiceId: line.invoiceId,
      invoiceExternalId: invoices.get(line.invoiceId)?.externalId ?? null,
      displayInvNum: invoices.get(line.invoiceId)?.displayInvNum ?? '',
      amount: centsToAmount(line.amountCents),
    })),
    reopenInvoices: refund.reopenInvoices,
    reason: refund.reason,
    sendOn: refund.sendOn,
    processorRefundId: refund.processorRefundId,
    failure: refund.failureCode ? { code: refund.failureCode, message: refund.failureMessage ?? '' } : null,
    createdAt: toIsoString(refund.createdAt),
    resolvedAt: refund.resolvedAt ? toIsoString(refund.resolvedAt) : null,
  };
}
