import { assign, setup } from 'xstate';
import { fetchPdf, isRedirectableUrl, type PdfLoaderInput } from './pdf-loader.actors';

export interface PdfLoaderContext {
  input: PdfLoaderInput;
  url: string | null;
}


/**
 * The PDF loader (spec §4): loading → loaded (redirect to the URL) | failed. The redirect happens only for an http,
 * https, ftp or blob URL; any other answer is a failure. `openPdf` is provided by the view (tests replace it with
 * `.provide`), so the machine never navigates the browser itself.
 */
export const pdfLoaderMachine = setup({
  // No user events: the failure text asks the user to refresh the page (spec §8).
  types: {} as { context: PdfLoaderContext; input: PdfLoaderInput },
  actors: { fetchPdf },
  guards: { redirectable: (_, url: string) => isRedirectableUrl(url) },
  actions: { openPdf: (_, _url: string) => {} },
}).createMachine({
  id: 'pdfLoader',
  context: ({ input }) => ({ input, url: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPdf',
        src: 'fetchPdf',
        input: ({ context }) => context.input,
        onDone: [
          { guard: { type: 'redirectable', params: ({ event }) => event.output }, target: 'loaded', actions: assign({ url: ({ event }) => event.output }) },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    loaded: { entry: { type: 'openPdf', params: ({ context }) => context.url! }, type: 'final' },
    failed: {},
  },
});
