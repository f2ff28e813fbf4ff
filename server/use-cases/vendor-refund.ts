/**
 * The vendor gives money back (`POST /vendor-api/payment-groups/{id}/refunds`): in one transaction, under the group's
 * row lock — so two refunds of one payment racing, in one process or two, are decided one after the other and never
 * give back more than was charged — the group must be `complete` with a charge the processor took; the request is
 * planned by the one rule (core/rules/refunds.ts: lines, an amount, or everything left); the refund is written
 * `refund_pending` with its processor key (`rf_<id>`) and the day it goes out (a card today; an ACH credit on the next
 * Federal Reserve business day in the vendor's time zone); `refund.created` is written with it. The refunds job
 * (server/jobs/refunds.ts) sends it to the processor and records the answer.
 */
import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { configuredTimeZone, nextPaymentDate, vendorToday } from '../../core/rules/payment-dates.js';
import { DEFAULT_DATE_PROVIDER } from '../../core/rules/providers.js';
import { planRefund, type RefundLine } from '../../core/rules/refunds.js';
import type { Db } from '../db/connect.js';
import { vendorRefund } from '../domain/vendor-refund.js';
import { groupOfVendor, holidayDates, insertRefund, invoiceLabels, lockGroupForRefund, refundOfVendor, refundsOfGroup, type RefundRow } from '../repos/refunds.js';
import { recordEvent } from './vendor-events.js';
import { notFoundRefusal, ok, refusal, type Outcome } from './outcome.js';

/** Refunds one payment group may have (the contract's bound on `RefundList`). */
export const MAX_REFUNDS_PER_GROUP = 100;

export interface RefundInput {
  lines?: RefundLine[];
  amountCents?: number;
  reopenInvoices?: boolean;
  reason: string;
}

/** The day a refund goes to the processor: today for a card; for ACH today when it is a business day, else the next. */
export function refundSendOn(paymentType: string, today: Temporal.PlainDate, holidays: readonly string[]): string {
  return paymentType === 'ACH' ? nextPaymentDate(today, DEFAULT_DATE_PROVIDER, holidays).toString() : today.toString();
}

export async function createVendorRefund(db: Db, vendorId: string, groupId: string, input: RefundInput, now = new Date()): Promise<Outcome<RefundRow>> {
  return db.transaction().execute(async (trx) => {
    const group = await lockGroupForRefund(trx, vendorId, groupId);
    if (!group) return { ok: false, refusal: notFoundRefusal('payment group') };
    if (group.status !== 'complete' || !group.chargeKey) {
      return {
        ok: false,
        refusal: refusal(
          'unprocessable',
          'not_refundable',
          group.status === 'complete'
            ? 'Only a payment the processor charged can be refunded: this one was completed without a charge (a $0 payment, or one recorded as history).'
            : `Only a completed payment can be refunded: this one is ${group.status}.`,
        ),
      };
    }
    const refunds = await refundsOfGroup(trx, groupId);
    if (refunds.length >= MAX_REFUNDS_PER_GROUP) {
      return { ok: false, refusal: refusal('unprocessable', 'too_many_refunds', `A payment can have at most ${MAX_REFUNDS_PER_GROUP} refunds.`) };
    }
    const plan = planRefund(
      { totalCents: group.paymentTotalCents, serviceFeeCents: group.serviceFeeCents, lines: group.lines, refunds },
      { lines: input.lines, amountCents: input.amountCents, reopenInvoices: input.reopenInvoices ?? false },
    );
    if (!plan.ok) return { ok: false, refusal: refusal('unprocessable', plan.code, plan.message, plan.field) };
    const today = vendorToday(Temporal.Instant.fromEpochMilliseconds(now.getTime()), configuredTimeZone(group.eodCutoff as { timezone?: string } | null));
    const holidays = group.paymentType === 'ACH' ? await holidayDates(trx) : [];
    const refund = await insertRefund(trx, {
      id: randomUUID(),
      vendorId,
      paymentGroupId: groupId,
      amountCents: plan.amountCents,
      feeCents: plan.feeCents,
      lines: plan.lines,
      reopenInvoices: input.reopenInvoices ?? false,
      reason: input.reason,
      sendOn: refundSendOn(group.paymentType, today, holidays),
      createdAt: now,
    });
    const labels = await invoiceLabels(trx, refund.lines.map((l) => l.invoiceId));
    await recordEvent(trx, vendorId, 'refund.created', { refund: vendorRefund(refund, labels) }, now);
    return ok(refund);
  });
}

/** The refunds of one of the vendor's groups with their invoices' labels; not found when the group is not the vendor's. */
export async function refundsOfVendorGroup(db: Db, vendorId: string, groupId: string): Promise<Outcome<{ refunds: RefundRow[]; labels: Awaited<ReturnType<typeof invoiceLabels>> }>> {
  if (!(await groupOfVendor(db, vendorId, groupId))) return { ok: false, refusal: notFoundRefusal('payment group') };
  const refunds = await refundsOfGroup(db, groupId);
  return ok({ refunds, labels: await invoiceLabels(db, refunds.flatMap((r) => r.lines.map((l) => l.invoiceId))) });
}

/** One refund of the vendor with its invoices' labels. */
export async function refundOf(db: Db, vendorId: string, refundId: string): Promise<Outcome<{ refund: RefundRow; labels: Awaited<ReturnType<typeof invoiceLabels>> }>> {
  const refund = await refundOfVendor(db, vendorId, refundId);
  if (!refund) return { ok: false, refusal: notFoundRefusal('refund') };
  return ok({ refund, labels: await invoiceLabels(db, refund.lines.map((l) => l.invoiceId)) });
}
