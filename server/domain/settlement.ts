/**
 * Money rules of a payment group, as pure functions over integer cents:
 * - `planPaymentBatch`: what a submitted batch (selected invoices + disputes/partials) pays, per invoice line, and
 *   which rule it breaks (server re-check of the click-to-pay form, portal-core.md §2, §5).
 * - `settleInvoice`: what a settled payment line does to its invoice (the settlement job).
 *
 * Decisions:
 * - A dispute (newAmount 0) pays nothing: the invoice stays open and payable, and its line is recorded with paid 0
 *   (as the demo data does) when the batch has a payment group at all.
 * - A partial payment pays exactly newAmount, which must be > 0 and < the invoice's open amount; credits cannot be
 *   disputed or part-paid (§5).
 * - The subtotal is the sum of the paid amounts (credits negative) and must be ≥ 0 (§5).
 * - The service fee (`core/rules/fees.ts`: credit cards only, at most 3 %, half up on the whole batch) is ADDED to the payment
 *   group's `paymentTotal`: the total is what the customer is charged, as the pay page shows it ("subtotal, fee
 *   and total"); the lines keep the invoice amounts without fee.
 * - "Nothing left to pay" = every selected invoice is disputed: no payment group is created (contract).
 */
import { computeTotals, type FeeMethod } from '../../core/rules/fees.js';
import { isAllDisputed } from '../../core/rules/invoices.js';

export interface BatchInvoiceRow {
  id: string;
  openAmountCents: number;
}

export interface BatchAdjustmentInput {
  invoiceId: string;
  newAmountCents: number;
  reason: string;
  notes: string;
}

export interface BatchLine {
  invoiceId: string;
  paidCents: number;
  /** dispute/partial reason and notes, else null */
  subject: string | null;
  message: string | null;
  kind: 'full' | 'partial' | 'dispute';
}

export type BatchRefusal =
  | { code: 'invalid_partial_amount'; invoiceId: string; message: string }
  | { code: 'negative_total'; message: string };

export interface PaymentBatch {
  lines: BatchLine[];
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
  allDisputed: boolean;
  /** true when at least one line pays something or settles a credit (i.e. not everything is disputed) */
  hasPayment: boolean;
}

/**
 * The lines and totals of a batch, or the first rule it breaks. `invoices` are the selected rows (in the order to
 * record them); every adjustment's invoice must be among them (checked by the caller).
 */
export function planPaymentBatch(
  invoices: ReadonlyArray<BatchInvoiceRow>,
  adjustments: ReadonlyArray<BatchAdjustmentInput>,
  method: FeeMethod,
): PaymentBatch | BatchRefusal {
  const byInvoice = new Map(adjustments.map((a) => [a.invoiceId, a]));
  const lines: BatchLine[] = [];
  for (const invoice of invoices) {
    const adjustment = byInvoice.get(invoice.id);
    if (!adjustment) {
      lines.push({ invoiceId: invoice.id, paidCents: invoice.openAmountCents, subject: null, message: null, kind: 'full' });
      continue;
    }
    if (invoice.openAmountCents <= 0) {
      return { code: 'invalid_partial_amount', invoiceId: invoice.id, message: 'Credits cannot be disputed or partially paid.' };
    }
    if (adjustment.newAmountCents < 0 || adjustment.newAmountCents >= invoice.openAmountCents) {
      return {
        code: 'invalid_partial_amount',
        invoiceId: invoice.id,
        message: 'A partial payment must be more than $0 and less than the open amount.',
      };
    }
    lines.push({
      invoiceId: invoice.id,
      paidCents: adjustment.newAmountCents,
      subject: adjustment.reason,
      message: adjustment.notes,
      kind: adjustment.newAmountCents > 0 ? 'partial' : 'dispute',
    });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.paidCents, 0);
  if (subtotalCents < 0) return { code: 'negative_total', message: 'The payment total cannot be negative.' };
  const totals = computeTotals({ subtotalCents, method });
  return {
    lines,
    subtotalCents,
    feeCents: totals.feeCents,
    totalCents: totals.totalCents,
    allDisputed: isAllDisputed(
      invoices.map((i) => i.id),
      adjustments,
    ),
    hasPayment: lines.some((line) => line.kind !== 'dispute'),
  };
}

export function isRefusal(value: PaymentBatch | BatchRefusal): value is BatchRefusal {
  return 'code' in value;
}

export interface SettledInvoice {
  openAmountCents: number;
  /** fully paid: the invoice is closed (deleted_at set, status closed, not payable) */
  closed: boolean;
  /** the line changed nothing (a dispute) */
  unchanged: boolean;
}

/**
 * The invoice after a settled line of `paidCents`. Paid 0 (a dispute) changes nothing. Otherwise the open amount
 * drops by the paid amount; reaching 0 — or crossing it, which the scheduling rules never allow but a vendor-side
 * change of the open amount might — closes the invoice with an open amount of 0.
 */
export function settleInvoice(openAmountCents: number, paidCents: number): SettledInvoice {
  if (paidCents === 0) return { openAmountCents, closed: openAmountCents === 0, unchanged: true };
  const remaining = openAmountCents - paidCents;
  const crossed = openAmountCents > 0 ? remaining <= 0 : openAmountCents < 0 ? remaining >= 0 : true;
  return crossed
    ? { openAmountCents: 0, closed: true, unchanged: false }
    : { openAmountCents: remaining, closed: false, unchanged: false };
}
