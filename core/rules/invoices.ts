/**
 * Invoice and payment-method display rules of the click-to-pay page and the reports — portal-core.md §2 Click-to-pay
 * (invoice-number truncation, negative credits, three-state select-all, sort order, edit not for credits, "A disputed
 * invoice with newAmount above 0 is a partial payment, otherwise a dispute", allDisputed), §2 Invoice Report ("Closed
 * when deletedAt is set, Open when payable, otherwise Scheduled"), §3 (Payment method type derived from provider;
 * dispute reasons), §5 ("Edit (dispute or partial pay) is not offered for credits") and §9 (payment method label
 * "truncated to 10 characters (5 below 420 px width) followed by the last four digits"; invoice number display).
 *
 * Decisions:
 * - Truncation counts characters (code points), not UTF-16 units.
 * - Pay-page numbers: the spec's rule is kept literally — longer than 9 characters → "..." + the last 10, so a
 *   10-character number shows in full behind "...".
 * - Sort: requested invoices first, then (within each part) credits, then due date ascending; a missing/empty due
 *   date sorts after every date; ties keep the incoming order (stable).
 * - Method label: the name is trimmed and cut to 10 (narrow: 5) characters without an ellipsis, then a space and the
 *   last four digits; with no last four the label is the cut name alone.
 */
import type { Temporal } from 'temporal-polyfill';

export { paymentTypeForProvider } from './providers';

/** Characters (code points) of a text. */
const chars = (text: string): string[] => Array.from(text);

/** Pay-page invoice number: longer than 9 characters → "..." + the last 10 characters. */
export function payInvoiceNumber(num: string): string {
  const c = chars(num);
  return c.length > 9 ? `...${c.slice(-10).join('')}` : num;
}

/** Message-table invoice number: longer than 12 characters → "…" + the last 12 characters. */
export function messageInvoiceNumber(num: string): string {
  const c = chars(num);
  return c.length > 12 ? `…${c.slice(-12).join('')}` : num;
}

export type InvoiceDisplayStatus = 'Closed' | 'Open' | 'Scheduled';

/** Invoice status as shown: Closed when deleted, Open when payable, otherwise Scheduled (a payment is scheduled). */
export function invoiceDisplayStatus({ deletedAt, payable }: { deletedAt?: string | null; payable: boolean }): InvoiceDisplayStatus {
  if (deletedAt) return 'Closed';
  return payable ? 'Open' : 'Scheduled';
}

/** An invoice's open amount, in dollars (`openAmount`, as on the API) or cents (`openAmountCents`): only its sign matters here. */
export type OpenAmount = { openAmount: number } | { openAmountCents: number };

function openAmountOf(invoice: OpenAmount): number {
  return 'openAmountCents' in invoice ? invoice.openAmountCents : invoice.openAmount;
}

/** A credit has a negative open amount (§2). */
export function isCredit(invoice: OpenAmount): boolean {
  return openAmountOf(invoice) < 0;
}

/** §5: dispute and partial payment are offered for invoices, never for credits. */
export function canEditInvoice(invoice: OpenAmount): boolean {
  return !isCredit(invoice);
}

export type SortableInvoice = OpenAmount & { id: string; dueDate?: string | Temporal.PlainDate | null };

function dueKey(due: string | Temporal.PlainDate | null | undefined): string | null {
  if (due === null || due === undefined) return null;
  const text = typeof due === 'string' ? due.trim() : due.toString();
  return text === '' ? null : text;
}

function compareDue(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  // yyyy-MM-dd compares correctly as text; other text at least sorts deterministically.
  return a < b ? -1 : 1;
}

/**
 * The pay page's order: invoices in the request first, then credits, then due date ascending; stable otherwise.
 * Returns a new array.
 */
export function sortPayableInvoices<T extends SortableInvoice>(invoices: ReadonlyArray<T>, requestInvoiceIds: Iterable<string> = []): T[] {
  const requested = new Set(requestInvoiceIds);
  const keyed = invoices.map((invoice, index) => ({
    invoice,
    index,
    requested: requested.has(invoice.id) ? 0 : 1,
    credit: isCredit(invoice) ? 0 : 1,
    due: dueKey(invoice.dueDate),
  }));
  keyed.sort((a, b) => a.requested - b.requested || a.credit - b.credit || compareDue(a.due, b.due) || a.index - b.index);
  return keyed.map((k) => k.invoice);
}

/** §9: the payment-method label narrows below this width (px). */
export const NARROW_LABEL_WIDTH_PX = 420;

/** True below 420 px, where method labels are cut to 5 characters. */
export function isNarrowWidth(widthPx: number): boolean {
  return widthPx < NARROW_LABEL_WIDTH_PX;
}

/** "Visa Busin 4821" (10 characters of the name, 5 when narrow, then the last four). */
export function paymentMethodLabel(name: string | null | undefined, lastFour: string | null | undefined, narrow: boolean): string {
  const cut = chars((name ?? '').trim()).slice(0, narrow ? 5 : 10).join('').trimEnd();
  const four = (lastFour ?? '').trim();
  return [cut, four].filter(Boolean).join(' ');
}

export type SelectAllState = 'none' | 'some' | 'all';

function asSet(ids: Iterable<string>): ReadonlySet<string> {
  return ids instanceof Set ? (ids as ReadonlySet<string>) : new Set(ids);
}

/** The three-state select-all box: none, some (minus) or all of the listed invoices selected. Ids not listed are ignored. */
export function selectAllState(selected: Iterable<string>, all: Iterable<string>): SelectAllState {
  const chosen = asSet(selected);
  let count = 0;
  let total = 0;
  for (const id of asSet(all)) {
    total++;
    if (chosen.has(id)) count++;
  }
  if (count === 0) return 'none';
  return count === total ? 'all' : 'some';
}

/** §2: toggling the select-all box when all are checked clears the selection; otherwise it selects all. */
export function toggleSelectAll(selected: Iterable<string>, all: Iterable<string>): string[] {
  const list = [...asSet(all)];
  return selectAllState(selected, list) === 'all' ? [] : list;
}

/** §3 dispute reasons, in the order of the dropdown. */
export const DISPUTE_REASONS = [
  'Damaged/Quality',
  'Discount',
  'Partial Payment',
  'Price Incorrect',
  'Quantity/Weight Incorrect',
  'Refused',
  'Tax Incorrect',
  'Wrong Item',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export function isDisputeReason(reason: string): reason is DisputeReason {
  return (DISPUTE_REASONS as readonly string[]).includes(reason);
}

/** §2: an adjusted invoice with a new amount above 0 is a partial payment, otherwise a dispute. */
export function adjustmentKind({ newAmountCents }: { newAmountCents: number }): 'partial' | 'dispute' {
  return newAmountCents > 0 ? 'partial' : 'dispute';
}

/**
 * allDisputed (§2 "if every invoice was disputed or partial"): true when the batch has at least one invoice and each
 * one has an adjustment (dispute or partial payment).
 */
export function isAllDisputed(invoiceIds: ReadonlyArray<string>, adjustments: ReadonlyArray<{ invoiceId: string }>): boolean {
  const adjusted = new Set(adjustments.map((a) => a.invoiceId));
  return invoiceIds.length > 0 && invoiceIds.every((id) => adjusted.has(id));
}
