import type { SnapshotFrom } from 'xstate';
import type { ReceiptDownloadEvent, receiptDownloadMachine } from './receipt-download.machine';

/**
 * The "Download Receipt" button's view (zag's `connect(state, send)`): busy while the PDF is fetched (the button stays
 * the same size: only `aria-busy` and `disabled` change), the failure flag for the page's message, and the actions.
 * Pure, no React.
 */
export function connectReceiptDownload(state: SnapshotFrom<typeof receiptDownloadMachine>, send: (event: ReceiptDownloadEvent) => void) {
  return {
    downloading: state.matches('downloading'),
    failed: state.matches('downloadFailed'),
    download: () => send({ type: 'receipt.download' }),
    dismiss: () => send({ type: 'receipt.dismiss' }),
  };
}
