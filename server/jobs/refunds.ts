/**
 * Refunds: the vendor's pending refunds whose day has come are sent to the processor and recorded, exactly once.
 *
 *   refund_pending ──(processor answers; one transaction)──▶ refunded | refund_failed
 *
 * - The refund's processor key (`rf_<id>`) was committed with the refund itself, before any call. The processor is
 *   called OUTSIDE any transaction: first `lookupRefund(key)` (a run that died between the processor's answer and its
 *   commit left an outcome there), else `refund` with that key — which the processor answers idempotently (the
 *   sandbox's ledger is UNIQUE on it). Two runs, in two processes, give back the money once.
 * - One transaction records the answer, once (it re-locks the refund and checks it is still pending):
 *   - taken → `refunded`; when the vendor chose to reopen the invoices, each refunded line is owed again (open amount up
 *     by the line, open and payable — `scheduled` while another live payment still pays it); `refund.succeeded`; the
 *     customer gets the refund's receipt, an e-mail with its PDF (an SMS without an e-mail address).
 *   - refused → `refund_failed` with the processor's code and message (its amount may be refunded again);
 *     `refund.failed`. The customer is not told: nothing reached them, and the vendor decides what to do.
 * - A card refund goes out the day it is made. An ACH credit goes out on a Federal Reserve business day: a refund made
 *   on a Saturday, a Sunday or a holiday (in the vendor's time zone) has `send_on` the next business day and waits.
 */
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import { configuredTimeZone, vendorToday } from '../../core/rules/payment-dates.js';
import { moveRefund } from '../../core/rules/refunds.js';
import type { Db } from '../db/connect.js';
import { receiptPdfFileName, receiptEmailBody, refundReceiptSubject, refundReceiptView, renderReceiptPdf } from '../domain/receipt-pdf.js';
import { vendorRefund } from '../domain/vendor-refund.js';
import type { ProcessorRegistry, RefundOutcome } from '../payments-service/processor.js';
import { sandboxRegistry } from '../payments-service/sandbox.js';
import { contactReach } from '../repos/contacts.js';
import { insertOutboxMessages, insertOutboxMessageWithAttachments } from '../repos/outbox.js';
import { loadReceiptData } from '../repos/receipts.js';
import { makeInvoicesOwedAgain } from '../repos/payment-groups.js';
import { invoiceLabels, lockPendingRefund, pendingRefunds, resolveRefund } from '../repos/refunds.js';
import { recordEvent } from '../use-cases/vendor-events.js';
import type { PaymentProvider } from '../db/schema.js';
import type { ScheduledJob } from './types.js';
import { processorTimeoutFromEnv, withinTimeout } from './settlement.js';

export interface RefundRunOptions {
  now?: Date;
  processors?: ProcessorRegistry;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  limit?: number;
  /** called after the processor answered and before the answer is recorded (tests: a process dying there) */
  afterProcessorAnswer?: (refundId: string, outcome: RefundOutcome) => void | Promise<void>;
  processorTimeoutMs?: number;
}

export interface RefundRunResult {
  refundedIds: string[];
  failedIds: string[];
  /** refunds whose sending threw (logged); the next run tries them again with the same key */
  erroredIds: string[];
}

/** Sends the due pending refunds (see the file header). */
export async function processDueRefunds(db: Db, options: RefundRunOptions = {}): Promise<RefundRunResult> {
  const now = options.now ?? new Date();
  const processors = options.processors ?? sandboxRegistry(db);
  const timeoutMs = options.processorTimeoutMs ?? processorTimeoutFromEnv();
  // every day any vendor can be on (UTC ± 14 h): each refund is then checked against its own vendor's day below
  const latest = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO('Pacific/Kiritimati').toPlainDate().toString();
  const due = await pendingRefunds(db, latest, options.limit ?? 200);
  const result: RefundRunResult = { refundedIds: [], failedIds: [], erroredIds: [] };
  for (const refund of due) {
    try {
      const today = vendorToday(Temporal.Instant.fromEpochMilliseconds(now.getTime()), configuredTimeZone(refund.eodCutoff)).toString();
      if (refund.sendOn > today) continue;
      const processor = processors[refund.provider as PaymentProvider];
      const outcome: RefundOutcome = !refund.chargeKey
        ? { ok: false, code: 'charge_not_found', message: 'The payment has no charge to refund.' }
        : ((await withinTimeout(processor.lookupRefund(refund.idempotencyKey), timeoutMs, 'refund lookup')) ??
          (await withinTimeout(
            processor.refund({ chargeIdempotencyKey: refund.chargeKey, providerToken: refund.providerToken, amountCents: refund.amountCents, idempotencyKey: refund.idempotencyKey }),
            timeoutMs,
            'refund',
          )));
      await options.afterProcessorAnswer?.(refund.id, outcome);
      const recorded = await recordRefundOutcome(db, refund.id, outcome, now);
      if (recorded === 'refunded') result.refundedIds.push(refund.id);
      else if (recorded === 'refund_failed') result.failedIds.push(refund.id);
    } catch (error) {
      result.erroredIds.push(refund.id);
      options.log?.error({ refundId: refund.id, reason: error instanceof Error ? error.message : String(error) }, 'refund could not be sent; the next run tries again');
    }
  }
  return result;
}

/** Records the processor's answer once (null when another run already did). */
async function recordRefundOutcome(db: Db, refundId: string, outcome: RefundOutcome, now: Date): Promise<'refunded' | 'refund_failed' | null> {
  return db.transaction().execute(async (trx) => {
    const refund = await lockPendingRefund(trx, refundId);
    if (!refund) return null;
    const status = moveRefund(refund.status, outcome.ok ? 'refund.succeed' : 'refund.fail') as 'refunded' | 'refund_failed';
    await resolveRefund(
      trx,
      refund.id,
      outcome.ok ? { status: 'refunded', processorRefundId: outcome.refundId } : { status: 'refund_failed', failureCode: outcome.code, failureMessage: outcome.message },
      now,
    );
    const resolved = {
      ...refund,
      status,
      resolvedAt: now,
      ...(outcome.ok ? { processorRefundId: outcome.refundId } : { failureCode: outcome.code, failureMessage: outcome.message }),
    };
    const labels = await invoiceLabels(trx, refund.lines.map((l) => l.invoiceId));
    if (!outcome.ok) {
      await recordEvent(trx, refund.vendorId, 'refund.failed', { refund: vendorRefund(resolved, labels) }, now);
      return status;
    }
    const data = await loadReceiptData(trx, refund.paymentGroupId);
    if (refund.reopenInvoices && data) {
      await makeInvoicesOwedAgain(trx, { id: refund.paymentGroupId, vendorId: refund.vendorId, locationId: data.locationId }, refund.lines, now);
    }
    await recordEvent(trx, refund.vendorId, 'refund.succeeded', { refund: vendorRefund(resolved, labels) }, now);
    if (data) {
      const contact = await contactReach(trx, data.contactId);
      const lines = refund.lines.map((l) => ({ displayInvNum: labels.get(l.invoiceId)?.displayInvNum ?? '', amountCents: l.amountCents }));
      if (contact?.email) {
        const view = refundReceiptView(data, { amountCents: refund.amountCents, feeCents: refund.feeCents, lines, reason: refund.reason, resolvedAt: now });
        const pdf = await renderReceiptPdf(view, { createdAt: now });
        await insertOutboxMessageWithAttachments(
          trx,
          { channel: 'email', recipient: contact.email, subject: refundReceiptSubject(data), body: receiptEmailBody(view, contact.firstName) },
          [{ filename: receiptPdfFileName(`refund-${data.confirmationNumber}`), contentType: 'application/pdf', content: pdf }],
        );
      } else if (contact?.phone) {
        await insertOutboxMessages(trx, [
          {
            channel: 'sms',
            recipient: contact.phone,
            subject: null,
            body: `${data.vendor.displayName}: ${formatCurrency(refund.amountCents)} of your payment ${data.confirmationNumber} was refunded to ${data.method.name} ending in ${data.method.lastFour}.`,
          },
        ]);
      }
    }
    return status;
  });
}

/** The refunds as a scheduled job, every minute: a refund made through the API goes out within about a minute. */
export const refundsJob: ScheduledJob = {
  name: 'refunds',
  cron: '* * * * *',
  async run({ db, now, log }) {
    const result = await processDueRefunds(db, { now, log });
    return { refunded: result.refundedIds.length, failed: result.failedIds.length, errored: result.erroredIds.length };
  },
};
