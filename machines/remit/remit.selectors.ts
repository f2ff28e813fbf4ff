import type { SnapshotFrom } from 'xstate';
import { centsToAmount } from '../../core/rules/money';
import { parseRemitAmount, printedRows, remitTotals, selectedInvoiceIds } from '../../core/rules/remit';
import type { RemitPdfRequest } from './remit.actors';
import type { remitFormMachine } from './remit-form.machine';
import type { remitPrintMachine } from './remit-print.machine';

type FormSnapshot = SnapshotFrom<typeof remitFormMachine>;
type PrintSnapshot = SnapshotFrom<typeof remitPrintMachine>;

export const selectRemitStatus = (s: FormSnapshot) => s.value as 'loading' | 'loaded' | 'failed';
export const selectRemitRows = (s: FormSnapshot) => s.context.rows;
export const selectRemitComments = (s: FormSnapshot) => s.context.comments;
/** The location has open invoices to pay: the form is their table, not the blank lines. */
export const selectHasInvoices = (s: FormSnapshot) => s.context.rows.some((r) => r.invoice !== null);
export const selectSelectedInvoiceIds = (s: FormSnapshot) => selectedInvoiceIds(s.context.rows);
export const selectPrintedRows = (s: FormSnapshot) => printedRows(s.context.rows);
export const selectRemitTotals = (s: FormSnapshot) => remitTotals(s.context.rows);
/**
 * The remit slip the server renders as PDF: the rows a printout carries, with what the customer typed. Amounts are
 * typed as text, read in cents (`parseRemitAmount`) and sent in dollars (`centsToAmount`); a blank line's empty
 * amount stays null.
 */
export function selectRemitPdfRequest(s: FormSnapshot): RemitPdfRequest {
  const { rows, comments } = s.context;
  const dollars = (text: string) => {
    const cents = parseRemitAmount(text);
    return cents === null ? null : centsToAmount(cents);
  };
  return {
    invoices: printedRows(rows).filter((r) => r.invoice).map((r) => ({ invoiceId: r.invoice!.id, amount: dollars(r.paymentAmount) ?? 0, comment: r.comment })),
    lines: selectHasInvoices(s) ? [] : rows.map((r) => ({ description: r.description, amount: dollars(r.paymentAmount) })),
    comments,
  };
}

export const selectIsDownloading = (s: PrintSnapshot) => s.matches('downloading');
export const selectDownloadFailed = (s: PrintSnapshot) => s.matches('downloadFailed');
