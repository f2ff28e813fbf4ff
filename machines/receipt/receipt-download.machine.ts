import { setup } from 'xstate';
import { fetchReceiptPdf, type ReceiptFile, type ReceiptInput } from './receipt.actors';

export type ReceiptDownloadEvent = { type: 'receipt.download' } | { type: 'receipt.dismiss' };

/**
 * "Download Receipt" on the payment detail (receipts): idle → downloading (the server's receipt PDF of the
 * group, `getPaymentGroupReceiptPdf`) → idle, the provided `saveFile` action saving it | downloadFailed (the page says
 * so; download again, or dismiss). A second click while downloading is ignored.
 */
export const receiptDownloadMachine = setup({
  types: {} as { context: { input: ReceiptInput }; events: ReceiptDownloadEvent; input: ReceiptInput },
  actors: { fetchReceiptPdf },
  actions: {
    /** Provided: saves the PDF as a file. */
    saveFile: (_, _params: ReceiptFile) => {},
  },
}).createMachine({
  id: 'receiptDownload',
  context: ({ input }) => ({ input }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'receipt.download': 'downloading' },
    },
    downloading: {
      invoke: {
        id: 'fetchReceiptPdf',
        src: 'fetchReceiptPdf',
        input: ({ context }) => context.input,
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: 'downloadFailed',
      },
    },
    downloadFailed: {
      on: { 'receipt.download': 'downloading', 'receipt.dismiss': 'idle' },
    },
  },
});
