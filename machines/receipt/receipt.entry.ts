import { defineMachine } from '../registry-entry';
import { receiptDownloadMachine } from './receipt-download.machine';
import { modelReceiptInput, receiptDownloadModelEvents } from './receipt.model';

export const receiptDownloadEntry = defineMachine({
  machine: receiptDownloadMachine, input: modelReceiptInput, events: receiptDownloadModelEvents, feature: 'Reports',
  purpose: 'Payment detail "Download Receipt": the server\'s receipt PDF of the payment, saved as a file, or a failure to retry',
});
