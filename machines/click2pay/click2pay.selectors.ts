import type { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import { batchSubtotalCents, computeTotals, feeMethodOf, hasServiceFee, type PaymentTotals } from '../../core/rules/fees';
import { selectAllState, sortPayableInvoices, type SelectAllState } from '../../core/rules/invoices';
import { isPaymentFormValid } from '../../core/rules/payment-form';
import { parsePaymentDate, submittedPaymentDate, validPaymentDates } from '../../core/rules/payment-dates';
import type { InvoiceAdjustment, InvoiceSelectionContext } from '../invoice-selection/invoice-selection.machine';
import type { Invoice, Terms } from './click2pay.actors';
import { calendarOptions, methodOf, termsOf, type ChosenMethod, type click2payMachine } from './click2pay.machine';
import { amountToCents, centsToAmount } from '../../core/rules/money';
import { formatDollarInput } from '../../core/rules/dollars';
import type { PaymentGroupRequest } from '../payment-submit/payment-submit.actors';

type Snapshot = Pick<SnapshotFrom<typeof click2payMachine>, 'context' | 'matches'>;

export type Click2payStatus = 'loading' | 'loaded' | 'failed';

/** The page waits for invoices, methods and the calendar; any failure fails the page (it cannot be paid). */
export function selectStatus(s: Snapshot): Click2payStatus {
  if (s.matches({ invoices: 'failed' }) || s.matches({ calendar: 'failed' })) return 'failed';
  if (s.matches({ invoices: 'loaded' }) && s.matches({ calendar: 'loaded' })) return 'loaded';
  return 'loading';
}

export const selectMethod = (s: Snapshot): ChosenMethod | null => methodOf(s.context);
export const selectPaymentDate = (s: Snapshot): string | null => s.context.paymentDate;
export const selectTermsAccepted = (s: Snapshot): boolean => s.context.termsAccepted;

/** The terms of the chosen method's provider. */
export function selectTerms(s: Snapshot): Terms | null {
  return termsOf(s.context, methodOf(s.context)?.provider);
}

/** Every selectable day for the chosen method's provider, `yyyy-MM-dd`, ascending. */
export function selectValidDates(s: Snapshot): string[] {
  const options = calendarOptions(s.context, methodOf(s.context)?.provider ?? null);
  return options ? validPaymentDates(options).map((d) => d.toString()) : [];
}

/** Today in the vendor's time zone (first month of the calendar). */
export function selectVendorToday(s: Snapshot): string {
  return s.context.input.now.toZonedDateTimeISO(s.context.input.vendor.eodCutoff.timezone).toPlainDate().toString();
}

export interface InvoiceTable {
  /** The rows shown: requested invoices, or all open ones when "show all" is on; in the pay page's order. */
  rows: Invoice[];
  /** True when "View More Invoices" is offered (more invoices than the requested ones). */
  canViewMore: boolean;
  selectAll: SelectAllState;
}

export interface InvoiceRows {
  rows: Invoice[];
  canViewMore: boolean;
}

let lastRows: { data: Snapshot['context']['invoices']; showAll: boolean; result: InvoiceRows } | null = null;

/**
 * The invoice table's rows: payable invoices only, the request's ones unless show all, sorted (§2). Depends only on
 * the loaded invoices and "show all", so the last answer is kept for those two: the sort (O(n log n)) runs once per
 * load or "show all", and the rows keep their identity while the selection or the form changes (the table's
 * memoised rows do not re-render).
 */
export function invoiceRows(data: Snapshot['context']['invoices'], showAll: boolean): InvoiceRows {
  if (lastRows && lastRows.data === data && lastRows.showAll === showAll) return lastRows.result;
  const result = computeInvoiceRows(data, showAll);
  lastRows = { data, showAll, result };
  return result;
}

function computeInvoiceRows(data: Snapshot['context']['invoices'], showAll: boolean): InvoiceRows {
  if (!data) return { rows: [], canViewMore: false };
  const payable = data.invoices.filter((i) => i.payable && !i.deletedAt);
  const requested = new Set(data.requestInvoiceIds);
  const shown = showAll ? payable : payable.filter((i) => requested.has(i.id));
  return { rows: sortPayableInvoices(shown, data.requestInvoiceIds), canViewMore: !showAll && payable.length > shown.length };
}

/** The invoice table: its rows and the select-all state of the selection over them (one pass, set lookups). */
export function selectInvoiceTable(s: Snapshot, selection: Omit<InvoiceSelectionContext, 'messageId'>): InvoiceTable {
  const { rows, canViewMore } = invoiceRows(s.context.invoices, selection.showAll);
  return { rows, canViewMore, selectAll: selectAllState(selection.selected, rows.map((r) => r.id)) };
}

export interface PaymentSummary extends PaymentTotals {
  /** True when the chosen card adds a service fee: subtotal, fee and total are shown. */
  showFee: boolean;
  invoiceCount: number;
  selectedInvoices: Invoice[];
  adjustments: InvoiceAdjustment[];
  valid: boolean;
}

/** Subtotal, fee, total and form validity (§5) of the current selection. */
export function selectPaymentSummary(s: Snapshot, selection: Omit<InvoiceSelectionContext, 'messageId'>): PaymentSummary {
  const payable = (s.context.invoices?.invoices ?? []).filter((i) => i.payable && !i.deletedAt);
  // O(n + a): set lookups, never an array search per invoice.
  const selectedInvoices = payable.filter((i) => selection.selected.has(i.id));
  const chosen = new Set(selectedInvoices.map((i) => i.id));
  const adjustments = selection.adjustments.filter((a) => chosen.has(a.invoiceId));
  const subtotalCents = batchSubtotalCents(
    selectedInvoices.map((i) => ({ id: i.id, openAmountCents: amountToCents(i.openAmount) })),
    adjustments.map((a) => ({ invoiceId: a.invoiceId, newAmountCents: a.newAmountCents })),
  );
  const method = methodOf(s.context);
  const feeMethod = feeMethodOf(method);
  const totals = computeTotals({ subtotalCents, method: feeMethod });
  const valid = isPaymentFormValid({
    termsAccepted: s.context.termsAccepted && selectTerms(s) !== null,
    method: method ? { id: method.id, verificationRequired: method.displayExtra.verificationRequired } : null,
    paymentDate: s.context.paymentDate,
    totalCents: totals.totalCents,
    invoiceCount: selectedInvoices.length,
  });
  return { ...totals, showFee: hasServiceFee(feeMethod), invoiceCount: selectedInvoices.length, selectedInvoices, adjustments, valid };
}


/**
 * The payment the form describes (openapi `CreatePaymentGroupRequest`), or null while the form is not valid (§5).
 * `now` is the moment of the submit: it decides whether the chosen day is still open or moves to the next one
 * (`submittedPaymentDate`). Adjustments are kept in cents and leave here in the contract's units: the open amount as
 * text ("125.40"), the new amount in dollars (1999 cents → 19.99 exactly, never a float division).
 */
export function selectPaymentRequest(s: Snapshot, selection: InvoiceSelectionContext, now: Temporal.Instant): PaymentGroupRequest | null {
  const summary = selectPaymentSummary(s, selection);
  const method = methodOf(s.context);
  const terms = selectTerms(s);
  const date = s.context.paymentDate ? parsePaymentDate(s.context.paymentDate) : null;
  if (!summary.valid || !method || !date || !terms) return null;
  return {
    paymentMethodId: method.id,
    paymentDate: submittedPaymentDate(date, { now, timeZone: s.context.input.vendor.eodCutoff.timezone }).toString(),
    partialPayments: summary.adjustments.map((a) => ({
      invoiceId: a.invoiceId, amount: formatDollarInput(a.amountCents), newAmount: centsToAmount(a.newAmountCents), reason: a.reason, ...(a.notes ? { notes: a.notes } : {}),
    })),
    invoices: summary.selectedInvoices.map((i) => i.id),
    epaVersion: terms.version,
    // Pay in a template message: the payment's source is Message.
    ...(selection.messageId ? { messageId: selection.messageId } : {}),
  };
}
