/**
 * The remit form's rules (portal-recurring.md §2.7, §3 "Remit row", §4 "Remit rows", §5, §9), shared by the remit
 * machine, the view, the tests and the server's remit PDF. Money in integer cents; amounts typed as text.
 *
 * Decisions (the spec leaves them open):
 * - An unselected invoice row has no amount ("" — the customer writes it by hand on a printout); selecting sets the
 *   open amount, unselecting clears amount and comment (§4 "and back").
 * - Subtotal = the positive amounts of the selected rows (or of the blank lines when there are no invoices),
 *   Credits = the negative ones, Total = Subtotal + Credits. An amount that is not a number counts as $0.
 * - The slip's account is `accountOf(locationId)` (no account number exists in the data).
 * - Typed amounts keep at most two decimals when read (`12.345` reads as $12.35, half away from zero).
 * - Invoice rows are ordered by due date ascending (no due date last), then by invoice number; blank rows follow by
 *   id (§4 "invoice rows first, then blank rows by id").
 */
import { formatCurrency, formatDollarInput } from './dollars';

/** Texts of the remit form (verbatim from the spec where quoted; ours otherwise), shared by the SPA and the PDF. */
export const remitTexts = {
  pageTitle: 'Remit Form for',
  printTitle: 'Remit Form',
  printedOn: 'Printed on',
  foldHere: 'Fold Here',
  remitTo: 'Remit to',
  location: 'Location',
  account: 'Account',
  columns: { invoice: 'Invoice', invoiceDate: 'Invoice Date', dueDate: 'Due Date', openAmount: 'Open Amount', amountPaid: 'Amount Paid/Credited', description: 'Description', amount: 'Amount' },
  empty: 'There are no open invoices currently, but you can still use this remit form for any payments.',
  emptyPrinted: 'There are no open invoices at this time.',
  subtotal: 'Subtotal',
  credits: 'Credits',
  total: 'Total',
  comments: 'Comments',
  rowComment: 'Comment',
  print: 'Print',
  downloadPdf: 'Download PDF',
  downloadFailed: 'Could not create the remit form PDF. Please try again.',
  loading: 'Loading the remit form',
  loadFailed: 'We were unable to load the data for this remit form. Please refresh your browser window to try again.',
  back: 'Back to Dashboard',
  selectAll: 'Select all invoices',
  selectRow: (num: string) => `Select invoice ${num}`,
  amountLabel: (num: string) => `Amount paid or credited for invoice ${num}`,
  commentLabel: (num: string) => `Comment for invoice ${num}`,
  blankDescriptionLabel: (n: number) => `Description of line ${n}`,
  blankAmountLabel: (n: number) => `Amount of line ${n}`,
  commentCount: (n: number, max: number) => `${n}/${max} characters`,
  tableLabel: 'Invoices to remit',
  retry: 'Try again',
} as const;

/**
 * The account printed on the slip: the portal has no customer account number, so the location's reference — the first
 * 8 characters of its id, upper case — identifies the account on the check stub (decision).
 */
export function accountOf(locationId: string): string {
  return locationId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** §9 limits. */
export const REMIT_ROW_COMMENT_MAX = 250;
export const REMIT_FORM_COMMENT_MAX = 1000;
export const REMIT_BLANK_ROWS = 5;

/** The invoice fields a remit row shows (a subset of the open-invoice list's invoice). */
export interface RemitInvoice {
  id: string;
  displayInvNum: string;
  invoiceDate: string | null;
  dueDate: string | null;
  openAmountCents: number;
}

/** §3 Remit row: rowId, comment, paymentAmount (as typed), selected, plus the invoice (null for a blank line). */
export interface RemitRow {
  rowId: string;
  invoice: RemitInvoice | null;
  /** The amount as the input holds it (stripped to digits, dot and minus). */
  paymentAmount: string;
  comment: string;
  selected: boolean;
  /** Blank lines: the description written in. */
  description: string;
}

/** §5: amount fields accept only digits, dot and minus. */
export function stripAmountInput(text: string): string {
  return text.replace(/[^0-9.-]/g, '');
}

/** §5: comments have no line breaks (they are removed as typed) and a maximum length (in code points). */
export function cleanComment(text: string, max: number): string {
  return [...text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')].slice(0, max).join('');
}

/** A typed amount as cents: `null` when it is not a number (empty, "-", "1.2.3", "--4"). */
export function parseRemitAmount(text: string): number | null {
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = (fraction + '000').slice(0, 3);
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return minus && cents !== 0 ? -cents : cents;
}

/** The bare number an amount input shows while focused (no currency symbol), e.g. 123456 → "1234.56". */
export function bareAmount(cents: number): string {
  return formatDollarInput(cents);
}

/** What an amount input shows when not focused: currency, or the text as typed when it is not a number. */
export function displayAmount(text: string): string {
  const cents = parseRemitAmount(text);
  return cents === null ? text : formatCurrency(cents);
}

/** True when the row's amount differs from its open amount: the comment row shows (§2.7, §5). */
export function amountDiffers(row: RemitRow): boolean {
  if (!row.invoice || !row.selected) return false;
  return parseRemitAmount(row.paymentAmount) !== row.invoice.openAmountCents;
}

const byDue = (a: RemitInvoice, b: RemitInvoice) => {
  if (a.dueDate !== b.dueDate) {
    if (!a.dueDate) return 1;
    if (!b.dueDate) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.displayInvNum.localeCompare(b.displayInvNum, 'en', { numeric: true });
};

/** §4: rows from the open invoices (invoice rows first), or the 5 numbered blank rows when there are none. */
export function buildRemitRows(invoices: readonly RemitInvoice[]): RemitRow[] {
  if (invoices.length === 0) {
    return Array.from({ length: REMIT_BLANK_ROWS }, (_, i) => ({ rowId: `blank-${i + 1}`, invoice: null, paymentAmount: '', comment: '', selected: false, description: '' }));
  }
  return [...invoices].sort(byDue).map((invoice) => ({ rowId: invoice.id, invoice, paymentAmount: '', comment: '', selected: false, description: '' }));
}

/** §4 sorting: invoice rows first, then blank rows by id (numbered). */
export function sortRemitRows(rows: readonly RemitRow[]): RemitRow[] {
  const invoices = rows.filter((r) => r.invoice);
  const blanks = rows.filter((r) => !r.invoice).sort((a, b) => a.rowId.localeCompare(b.rowId, 'en', { numeric: true }));
  return [...invoices, ...blanks];
}

/** Selects a row: amount = open amount, comment cleared (§4). */
export function selectRow(row: RemitRow): RemitRow {
  return { ...row, selected: true, paymentAmount: row.invoice ? bareAmount(row.invoice.openAmountCents) : row.paymentAmount, comment: '' };
}

/** Unselects a row: amount and comment cleared (§4 "and back"). */
export function unselectRow(row: RemitRow): RemitRow {
  return { ...row, selected: false, paymentAmount: '', comment: '' };
}

/** Select-all (§4): nothing selected → all; otherwise clear all. Only invoice rows are selectable. */
export function toggleAllRows(rows: readonly RemitRow[]): RemitRow[] {
  const anySelected = rows.some((r) => r.selected);
  return rows.map((r) => (!r.invoice ? r : anySelected ? (r.selected ? unselectRow(r) : r) : r.selected ? r : selectRow(r)));
}

/** A new amount for a row: stripped (§5); an amount equal to the open amount clears the comment (§4). */
export function changeAmount(row: RemitRow, text: string): RemitRow {
  const paymentAmount = stripAmountInput(text);
  const next = { ...row, paymentAmount };
  return row.invoice && parseRemitAmount(paymentAmount) === row.invoice.openAmountCents ? { ...next, comment: '' } : next;
}

/** The rows a printout (and the PDF) carries: the selected ones when any is selected, otherwise all (§2.7). */
export function printedRows(rows: readonly RemitRow[]): RemitRow[] {
  return rows.some((r) => r.selected) ? rows.filter((r) => r.selected) : [...rows];
}

/** Subtotal, Credits and Total (see the decisions above). */
export function remitTotals(rows: readonly RemitRow[]): { subtotalCents: number; creditsCents: number; totalCents: number } {
  let subtotalCents = 0;
  let creditsCents = 0;
  for (const row of rows) {
    if (row.invoice && !row.selected) continue;
    const cents = parseRemitAmount(row.paymentAmount) ?? 0;
    if (cents >= 0) subtotalCents += cents;
    else creditsCents += cents;
  }
  return { subtotalCents, creditsCents, totalCents: subtotalCents + creditsCents };
}

/** The invoice ids of the selected rows (the "Remit form printed" journey). */
export function selectedInvoiceIds(rows: readonly RemitRow[]): string[] {
  return rows.filter((r) => r.selected && r.invoice).map((r) => r.invoice!.id);
}
