/**
 * Report rules (spec §2 Invoice Report / Payment Report), pure: column comparators, the invoice report's default
 * sort and the payment report's grouping.
 */
import { invoiceDisplayStatus, type InvoiceDisplayStatus } from './invoices';
import { amountToCents } from './money';

export type SortDirection = 'ascending' | 'descending';
export interface ReportSort<C extends string = string> {
  column: C;
  direction: SortDirection;
}

/** The fields of an invoice the report shows. */
export interface ReportInvoice {
  id: string;
  displayInvNum: string;
  dueDate: string | null;
  externalInvoiceDate: string | null;
  invoiceDate: string | null;
  openAmount: number;
  payable: boolean;
  deletedAt: string | null;
}

export type InvoiceReportColumn = 'invoice' | 'invoiceDate' | 'dueDate' | 'amount' | 'status';
export const INVOICE_REPORT_DEFAULT_SORT: ReportSort<InvoiceReportColumn> = { column: 'dueDate', direction: 'ascending' };

/** The invoice date the report shows: the vendor's external date, else the portal's. */
export function reportInvoiceDate(i: ReportInvoice): string | null {
  return i.externalInvoiceDate ?? i.invoiceDate;
}

export function reportInvoiceStatus(i: ReportInvoice): InvoiceDisplayStatus {
  return invoiceDisplayStatus(i);
}

/** ISO dates compare as text; a missing date sorts after every date (ascending). */
function compareDates(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

// Made at the first comparison, not when the module loads: a collator's first construction loads the locale's
// collation data, a cost every page importing these rules would pay at start even if it never sorts invoice numbers.
let collator: Intl.Collator | null = null;
const compareInvoiceNumbers = (a: string, b: string) => (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b);

/** Ascending comparators of the invoice report's columns (the table reverses them for descending). */
export const invoiceReportCompare: Record<InvoiceReportColumn, (a: ReportInvoice, b: ReportInvoice) => number> = {
  invoice: (a, b) => compareInvoiceNumbers(a.displayInvNum, b.displayInvNum),
  invoiceDate: (a, b) => compareDates(reportInvoiceDate(a), reportInvoiceDate(b)),
  dueDate: (a, b) => compareDates(a.dueDate, b.dueDate),
  amount: (a, b) => amountToCents(a.openAmount) - amountToCents(b.openAmount),
  status: (a, b) => reportInvoiceStatus(a).localeCompare(reportInvoiceStatus(b)),
};

/** Stable sort by `sort` (the order the table shows and the CSV exports). */
export function sortRows<T, C extends string>(rows: readonly T[], sort: ReportSort<C> | null, compare: Record<C, (a: T, b: T) => number>): T[] {
  if (!sort) return [...rows];
  const fn = compare[sort.column];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.map((row, i) => ({ row, i })).sort((a, b) => sign * fn(a.row, b.row) || a.i - b.i).map((x) => x.row);
}

/** Next sort after a header click: the same column flips direction, another column starts ascending. */
export function nextSort<C extends string>(current: ReportSort<C>, column: C): ReportSort<C> {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

// ── payment report ──

/** A payment group's lifecycle: scheduled → processing → complete | failed; scheduled → canceled; complete → returned. */
export type PaymentGroupStatus = 'scheduled' | 'processing' | 'complete' | 'failed' | 'canceled' | 'returned';

/**
 * What the customer reads for each status (report sections, payment detail). The spec names Scheduled, Completed and
 * Canceled; Processing (the charge was sent on the payment date and its answer is awaited) and Failed (the processor
 * declined it; nothing was taken, the invoices can be paid again) are ours, written into openapi/portal.yaml, and so
 * is Returned (a bank debit the customer's bank sent back days after it completed: the money came back, the
 * invoices can be paid again).
 */
export const PAYMENT_STATUS_LABELS = {
  scheduled: 'Scheduled',
  processing: 'Processing',
  complete: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  returned: 'Returned',
} as const satisfies Record<PaymentGroupStatus, string>;
export type PaymentSource = 'portal' | 'click2pay' | 'paymentplan' | 'autopay' | 'message';

export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  portal: 'Portal', click2pay: 'Click2Pay', paymentplan: 'Payment Plan', autopay: 'Autopay Plus', message: 'Message',
};

// Failed and Returned sit right after the payments still to happen: they ask the customer to act (pay again).
export const PAYMENT_GROUP_ORDER = [
  { status: 'scheduled', title: PAYMENT_STATUS_LABELS.scheduled },
  { status: 'processing', title: PAYMENT_STATUS_LABELS.processing },
  { status: 'failed', title: PAYMENT_STATUS_LABELS.failed },
  { status: 'returned', title: PAYMENT_STATUS_LABELS.returned },
  { status: 'complete', title: PAYMENT_STATUS_LABELS.complete },
  { status: 'canceled', title: PAYMENT_STATUS_LABELS.canceled },
] as const satisfies ReadonlyArray<{ status: PaymentGroupStatus; title: string }>;

/**
 * Groups Scheduled, Processing, Failed, Returned, Completed, Canceled (in that order, empty groups left out), each by payment
 * date descending.
 */
export function groupPayments<T extends { status: PaymentGroupStatus; paymentDate: string }>(groups: readonly T[]) {
  return PAYMENT_GROUP_ORDER.map(({ status, title }) => ({
    status,
    title,
    rows: sortRows(groups.filter((g) => g.status === status), { column: 'date', direction: 'descending' }, { date: (a: T, b: T) => compareDates(a.paymentDate, b.paymentDate) }),
  })).filter((g) => g.rows.length > 0);
}
