import { assign, fromPromise, setup } from 'xstate';
import { fetchPaymentDetail, type PaymentDetailInput, type PaymentGroupDetail } from './reports.actors';

export interface PaymentDetailContext {
  input: PaymentDetailInput;
  data: PaymentGroupDetail | undefined;
  error: unknown;
}

/**
 * Payment Detail load (core §2, §8; recurring §2.10): loading → loaded | failed.
 *
 * `failed` is where the page stays and shows core §8's payment-detail failure text ("We were unable to load the
 * data for this payment detail. …" and the contact line) — an unknown or foreign id (404) ends here too. Only the
 * payment *confirmation* leaves for the location base on a failed load (core §8); recurring §2.10's "a failed load
 * redirects to the root" is read as the confirmation's rule (docs/decisions.md, "Payment detail failure").
 * The text asks for a browser refresh, so there is no retry event. Context and the invoke id `load` are those of the
 * generic load machine, so `selectLoadStatus` / `selectLoadData` and `loadModelEvents` apply.
 */
export const paymentDetailMachine = setup({
  types: {} as { context: PaymentDetailContext; input: PaymentDetailInput },
  actors: { load: fromPromise<PaymentGroupDetail, PaymentDetailInput>(({ input, signal }) => fetchPaymentDetail(input, signal)) },
}).createMachine({
  id: 'paymentDetailLoad',
  context: ({ input }) => ({ input, data: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loaded: {},
    // core §8: the failure text stays on the page (no redirect, no retry: it asks for a browser refresh).
    failed: {},
  },
});
