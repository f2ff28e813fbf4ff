/**
 * Refunds of a completed payment group, the one rule the server (the vendor API, the refunds job) and the chart
 * (machines/refund/refund.machine.ts) share.
 *
 * The lifecycle of a refund:
 *
 *   refund_pending ──refund.succeed──▶ refunded
 *         └─────────refund.fail─────▶ refund_failed
 *
 * A refund is written `refund_pending` with its processor idempotency key; the refunds job sends it to the processor
 * (a card at once; an ACH credit on the next Federal Reserve business day) and records the answer once. refunded and
 * refund_failed are final (a failed refund frees its amount: the vendor may refund again).
 *
 * What can be refunded: never more than was charged. The group's total (fee included) less every refund not failed
 * is what is left; a line (an invoice the group paid) can be refunded up to what it paid less what was refunded of it.
 * A request names either lines (`{ invoiceId, amountCents }`), or an amount, or neither (everything left: each line's
 * rest and the fee's). Reopening the invoices needs lines (a bare amount names no invoice).
 */

export type RefundStatus = 'refund_pending' | 'refunded' | 'refund_failed';
export type RefundEvent = 'refund.succeed' | 'refund.fail';

export const REFUND_TRANSITIONS: Readonly<Record<RefundStatus, Partial<Record<RefundEvent, RefundStatus>>>> = {
  refund_pending: { 'refund.succeed': 'refunded', 'refund.fail': 'refund_failed' },
  refunded: {},
  refund_failed: {},
};

/** The status after `event`; throws when the lifecycle does not allow it (a bug, never a caller's mistake). */
export function moveRefund(status: RefundStatus, event: RefundEvent): RefundStatus {
  const next = REFUND_TRANSITIONS[status][event];
  if (!next) throw new Error(`a refund cannot ${event} when ${status}`);
  return next;
}

export interface RefundLine {
  invoiceId: string;
  amountCents: number;
}

/** What a group charged, and its refunds so far (failed ones count for nothing). */
export interface RefundableGroup {
  totalCents: number;
  serviceFeeCents: number;
  /** what each invoice line paid (credits and disputed lines, ≤ 0, are not refundable) */
  lines: ReadonlyArray<{ invoiceId: string; paidCents: number }>;
  refunds: ReadonlyArray<{ status: RefundStatus; amountCents: number; feeCents: number; lines: ReadonlyArray<RefundLine> }>;
}

/** What is left to refund: in all, of the fee, and of each line. */
export function refundable(group: RefundableGroup): { totalCents: number; feeCents: number; lines: Map<string, number> } {
  const live = group.refunds.filter((r) => r.status !== 'refund_failed');
  const lines = new Map<string, number>();
  for (const line of group.lines) if (line.paidCents > 0) lines.set(line.invoiceId, (lines.get(line.invoiceId) ?? 0) + line.paidCents);
  for (const refund of live) for (const line of refund.lines) lines.set(line.invoiceId, (lines.get(line.invoiceId) ?? 0) - line.amountCents);
  const refunded = live.reduce((sum, r) => sum + r.amountCents, 0);
  const feeRefunded = live.reduce((sum, r) => sum + r.feeCents, 0);
  return { totalCents: Math.max(0, group.totalCents - refunded), feeCents: Math.max(0, group.serviceFeeCents - feeRefunded), lines };
}

export interface RefundRequest {
  lines?: ReadonlyArray<RefundLine>;
  amountCents?: number;
  reopenInvoices: boolean;
}

export type RefundPlan = { ok: true; amountCents: number; feeCents: number; lines: RefundLine[] } | { ok: false; code: string; message: string; field?: string };

const cents = (value: number) => `$${(value / 100).toFixed(2)}`;

/** The refund a request makes of the group, or why not (the API's 422 codes). */
export function planRefund(group: RefundableGroup, request: RefundRequest): RefundPlan {
  const left = refundable(group);
  if (left.totalCents <= 0) return { ok: false, code: 'nothing_to_refund', message: 'Everything this payment charged has been refunded already.' };
  if (request.lines && request.amountCents !== undefined) {
    return { ok: false, code: 'lines_or_amount', message: 'Send the lines to refund or an amount, not both.', field: 'amount' };
  }
  if (request.lines) {
    const seen = new Set<string>();
    let sum = 0;
    for (const [index, line] of request.lines.entries()) {
      const rest = left.lines.get(line.invoiceId);
      if (rest === undefined) return { ok: false, code: 'unknown_line', message: 'This invoice was not paid by this payment.', field: `lines[${index}].invoiceId` };
      if (seen.has(line.invoiceId)) return { ok: false, code: 'duplicate_line', message: 'An invoice may appear only once in a refund.', field: `lines[${index}].invoiceId` };
      seen.add(line.invoiceId);
      if (line.amountCents > rest) {
        return { ok: false, code: 'exceeds_line', message: `At most ${cents(Math.max(0, rest))} of this invoice's payment can still be refunded.`, field: `lines[${index}].amount` };
      }
      sum += line.amountCents;
    }
    if (sum > left.totalCents) return { ok: false, code: 'exceeds_refundable', message: `At most ${cents(left.totalCents)} of this payment can still be refunded.`, field: 'lines' };
    return { ok: true, amountCents: sum, feeCents: 0, lines: request.lines.map((l) => ({ ...l })) };
  }
  if (request.amountCents !== undefined) {
    if (request.reopenInvoices) return { ok: false, code: 'lines_required', message: 'To reopen invoices, name the lines to refund: an amount alone names no invoice.', field: 'reopenInvoices' };
    if (request.amountCents > left.totalCents) return { ok: false, code: 'exceeds_refundable', message: `At most ${cents(left.totalCents)} of this payment can still be refunded.`, field: 'amount' };
    return { ok: true, amountCents: request.amountCents, feeCents: 0, lines: [] };
  }
  // everything left: each line's rest and the fee's — when they make up what is left (a bare amount refunded before,
  // or a credit that lowered the charge, leaves lines that no longer add up: then it is a bare amount)
  const lines = [...left.lines].filter(([, rest]) => rest > 0).map(([invoiceId, rest]) => ({ invoiceId, amountCents: rest }));
  const splittable = lines.reduce((sum, l) => sum + l.amountCents, 0) + left.feeCents === left.totalCents;
  if (!splittable && request.reopenInvoices) {
    return { ok: false, code: 'lines_required', message: "What is left of this payment cannot be split by invoice (part was refunded as an amount, or a credit lowered it): name the lines to refund to reopen invoices.", field: 'reopenInvoices' };
  }
  return splittable ? { ok: true, amountCents: left.totalCents, feeCents: left.feeCents, lines } : { ok: true, amountCents: left.totalCents, feeCents: 0, lines: [] };
}
