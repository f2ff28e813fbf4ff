import type { SnapshotFrom } from 'xstate';
import type { remitFormMachine } from './remit-form.machine';
import type { RemitPrintEvent, remitPrintMachine } from './remit-print.machine';
import {
  selectDownloadFailed, selectHasInvoices, selectIsDownloading, selectPrintedRows, selectRemitComments, selectRemitPdfRequest, selectRemitRows, selectRemitStatus,
  selectRemitTotals, selectSelectedInvoiceIds,
} from './remit.selectors';

/**
 * The remit page's view (zag's `connect(state, send)`): the form's rows and totals, the print machine's state, and
 * Print / Download PDF, whose events carry what the selectors build from the form (the selected invoices, the PDF
 * request). Pure, no React.
 */
export function connectRemit(
  state: { form: SnapshotFrom<typeof remitFormMachine>; print: SnapshotFrom<typeof remitPrintMachine> },
  send: { print: (event: RemitPrintEvent) => void },
) {
  const { form, print } = state;
  const selectedIds = selectSelectedInvoiceIds(form);
  return {
    status: selectRemitStatus(form),
    rows: selectRemitRows(form),
    hasInvoices: selectHasInvoices(form),
    comments: selectRemitComments(form),
    printed: selectPrintedRows(form),
    totals: selectRemitTotals(form),
    selectedIds,
    downloading: selectIsDownloading(print),
    downloadFailed: selectDownloadFailed(print),
    print: () => send.print({ type: 'remit.print', invoiceIds: selectedIds }),
    downloadPdf: () => send.print({ type: 'remit.downloadPdf', body: selectRemitPdfRequest(form) }),
    dismiss: () => send.print({ type: 'remit.dismiss' }),
  };
}
