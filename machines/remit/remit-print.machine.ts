import { assign, fromPromise, setup } from 'xstate';
import { fetchRemitPdf, recordRemitPrinted, type RemitLocation, type RemitPdfRequest } from './remit.actors';

export interface RemitPrintContext {
  input: RemitLocation;
  /** The invoices selected when printing started (the journey names them). */
  invoiceIds: string[];
  /** The slip requested as PDF. */
  pdfBody: RemitPdfRequest | null;
}

export type RemitPrintEvent =
  | { type: 'remit.print'; invoiceIds: string[] }
  | { type: 'remit.downloadPdf'; body: RemitPdfRequest }
  | { type: 'remit.dismiss' };

/**
 * Remit print (portal-recurring.md §2.7, §7): `remit.print` → printing (the provided `printPage` actor opens the
 * browser's print dialog and settles when it closes) → with invoices selected, recording (`POST .../journeys` type
 * "Remit form printed"; its failure is ignored, spec §7) → idle. "Download PDF" (`remit.downloadPdf`) → downloading
 * (the server's remit slip) → idle (the provided `saveFile` action saves it) | downloadFailed (dismiss or retry).
 */
export const remitPrintMachine = setup({
  types: {} as { context: RemitPrintContext; events: RemitPrintEvent; input: RemitLocation },
  actors: {
    /** Provided: the browser's print (synchronous in browsers; settles when the dialog closes). */
    printPage: fromPromise<void, void>(async () => {}),
    recordRemitPrinted,
    fetchRemitPdf,
  },
  guards: {
    hasSelection: ({ context }) => context.invoiceIds.length > 0,
  },
  actions: {
    /** Provided: saves the PDF as a file. */
    saveFile: (_, _params: { blob: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'remitPrint',
  context: ({ input }) => ({ input, invoiceIds: [], pdfBody: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'remit.print': { target: 'printing', actions: assign({ invoiceIds: ({ event }) => event.invoiceIds }) },
        'remit.downloadPdf': { target: 'downloading', actions: assign({ pdfBody: ({ event }) => event.body }) },
      },
    },
    printing: {
      invoke: {
        id: 'printPage',
        src: 'printPage',
        onDone: [{ guard: 'hasSelection', target: 'recording' }, { target: 'idle' }],
        onError: 'idle',
      },
    },
    // Only after a printout with rows selected; a failure is not shown (spec §7 "errors ignored").
    recording: {
      invoke: {
        id: 'recordRemitPrinted',
        src: 'recordRemitPrinted',
        input: ({ context }) => ({ ...context.input, invoiceIds: context.invoiceIds }),
        onDone: 'idle',
        onError: 'idle',
      },
    },
    downloading: {
      invoke: {
        id: 'fetchRemitPdf',
        src: 'fetchRemitPdf',
        input: ({ context }) => ({ ...context.input, body: context.pdfBody! }),
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: 'downloadFailed',
      },
    },
    downloadFailed: {
      on: {
        'remit.dismiss': 'idle',
        'remit.downloadPdf': { target: 'downloading', actions: assign({ pdfBody: ({ event }) => event.body }) },
        'remit.print': { target: 'printing', actions: assign({ invoiceIds: ({ event }) => event.invoiceIds }) },
      },
    },
  },
});
