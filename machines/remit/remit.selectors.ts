import type { SnapshotFrom } from 'xstate';
import { printedRows, remitTotals, selectedInvoiceIds } from '../../core/rules/remit';
import type { remitFormMachine } from './remit-form.machine';
import type { remitPrintMachine } from './remit-print.machine';

type FormSnapshot = SnapshotFrom<typeof remitFormMachine>;
type PrintSnapshot = SnapshotFrom<typeof remitPrintMachine>;

export const selectRemitStatus = (s: FormSnapshot) => s.value as 'loading' | 'loaded' | 'failed';
export const selectRemitRows = (s: FormSnapshot) => s.context.rows;
export const selectRemitComments = (s: FormSnapshot) => s.context.comments;
export const selectHasInvoices = (s: FormSnapshot) => s.context.rows.some((r) => r.invoice !== null);
export const selectSelectedInvoiceIds = (s: FormSnapshot) => selectedInvoiceIds(s.context.rows);
export const selectPrintedRows = (s: FormSnapshot) => printedRows(s.context.rows);
export const selectRemitTotals = (s: FormSnapshot) => remitTotals(s.context.rows);
export const selectIsDownloading = (s: PrintSnapshot) => s.matches('downloading');
export const selectDownloadFailed = (s: PrintSnapshot) => s.matches('downloadFailed');
export const selectIsPrinting = (s: PrintSnapshot) => s.matches('printing') || s.matches('recording');
