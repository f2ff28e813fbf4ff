import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { remitFormMachine } from '../../../machines/remit/remit-form.machine';
import { remitPrintMachine } from '../../../machines/remit/remit-print.machine';
import type { RemitPdfRequest } from '../../../machines/remit/remit.actors';
import {
  selectDownloadFailed, selectIsDownloading, selectPrintedRows, selectRemitComments, selectRemitRows, selectRemitStatus, selectRemitTotals,
  selectSelectedInvoiceIds,
} from '../../../machines/remit/remit.selectors';
import { parseRemitAmount, type RemitRow } from '../../../core/rules/remit';

/** Saves the downloaded PDF (a blob: URL on a temporary link). */
export const remitFileSaver = {
  save(blob: Blob, fileName: string) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

/** The remit slip the server renders as PDF: the rows a printout carries, with what the customer typed. */
export function pdfRequestOf(rows: readonly RemitRow[], printed: readonly RemitRow[], comments: string): RemitPdfRequest {
  const anyInvoice = rows.some((r) => r.invoice);
  return {
    invoices: printed.filter((r) => r.invoice).map((r) => ({ invoiceId: r.invoice!.id, amount: (parseRemitAmount(r.paymentAmount) ?? 0) / 100, comment: r.comment })),
    lines: anyInvoice ? [] : rows.map((r) => ({ description: r.description, amount: parseRemitAmount(r.paymentAmount) === null ? null : parseRemitAmount(r.paymentAmount)! / 100 })),
    comments,
  };
}

/** The remit form's two machines for a view: rows and select-all, and print / PDF. */
export function useRemit(vendorId: string, locationId: string) {
  const form = useActorRef(remitFormMachine, { input: { vendorId, locationId } });
  const printLogic = useMemo(
    () =>
      remitPrintMachine.provide({
        actors: { printPage: fromPromise<void, void>(async () => window.print()) },
        actions: { saveFile: (_, file: { blob: Blob; fileName: string }) => remitFileSaver.save(file.blob, file.fileName) },
      }),
    [],
  );
  const print = useActorRef(printLogic, { input: { vendorId, locationId } });
  const status = useSelector(form, selectRemitStatus);
  const rows = useSelector(form, selectRemitRows);
  const comments = useSelector(form, selectRemitComments);
  const printed = useSelector(form, selectPrintedRows);
  const totals = useSelector(form, selectRemitTotals);
  const selectedIds = useSelector(form, selectSelectedInvoiceIds);
  const downloading = useSelector(print, selectIsDownloading);
  const downloadFailed = useSelector(print, selectDownloadFailed);
  return {
    status, rows, comments, printed, totals, selectedIds, downloading, downloadFailed,
    form,
    print: () => print.send({ type: 'remit.print', invoiceIds: selectedIds }),
    downloadPdf: () => print.send({ type: 'remit.downloadPdf', body: pdfRequestOf(rows, printed, comments) }),
    dismiss: () => print.send({ type: 'remit.dismiss' }),
  };
}
