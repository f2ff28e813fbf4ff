/**
 * "Download Receipt" (receipts): the server's receipt PDF of one payment group
 * (`getPaymentGroupReceiptPdf`), fetched with the token by `machines/receipt/receipt-download.machine.ts` and saved
 * under the server's file name (`receipt-<confirmation>.pdf`). The button keeps its size and stays focusable while
 * the file is fetched (only `aria-busy` changes); a failure is said in an alert beside it, with Dismiss.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../styled-system/css';
import { receiptDownloadMachine } from '../../machines/receipt/receipt-download.machine';
import { connectReceiptDownload } from '../../machines/receipt/receipt.connect';
import type { ReceiptFile, ReceiptInput } from '../../machines/receipt/receipt.actors';
import { Button } from './button';
import { paymentGroupTexts as t } from './texts';

/** Saves the downloaded PDF (a blob: URL on a temporary link). */
export const receiptFileSaver = {
  save(file: ReceiptFile) {
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

export function ReceiptDownload({ input, disabled = false }: { input: ReceiptInput; disabled?: boolean }) {
  const logic = useMemo(() => receiptDownloadMachine.provide({ actions: { saveFile: (_, file: ReceiptFile) => receiptFileSaver.save(file) } }), []);
  const actor = useActorRef(logic, { input });
  const snapshot = useSelector(actor, (s) => s);
  const view = connectReceiptDownload(snapshot, actor.send);
  return (
    <div data-print-hide="" className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
      <Button variant="secondary" size="sm" disabled={disabled} aria-busy={view.downloading || undefined} onClick={view.download} data-testid="download-receipt">
        {t.downloadReceipt}
      </Button>
      {view.failed ? (
        <p role="alert" className={css({ color: 'danger', fontSize: 'sm', display: 'flex', gap: '2', alignItems: 'center' })}>
          {t.receiptFailed}
          <Button variant="secondary" size="sm" onClick={view.dismiss}>{t.dismiss}</Button>
        </p>
      ) : null}
    </div>
  );
}
