import { assign, setup } from 'xstate';
import { loadAutopay, loadPaymentPlans, recordVisit, type Autopay, type DashboardInput, type PaymentPlan } from './dashboard.actors';

export interface DashboardContext {
  input: DashboardInput;
  autopay: Autopay | null;
  paymentPlans: PaymentPlan[];
}

/**
 * `page.shown`: the page is on the reader's screen (the view sends it from an effect, which only a browser runs). The
 * rest are its actors' done/error events.
 */
export type DashboardEvent = { type: 'page.shown' };

/**
 * Dashboard of a location (spec §2): on open it loads AutoPay and payment plans in parallel, each loading → loaded |
 * failed, and once the page is shown to the reader it records a visit. A failed load counts as "none" (no AUTOPAY ON,
 * no PAYMENT PLANS tile) and never blocks the page; a failed visit is ignored. The visit waits for `page.shown` so
 * that the page's first screen, rendered on the server (which only reads), reaches the same state as the browser
 * and is hydrated from it; the browser then records the visit, once.
 */
export const dashboardMachine = setup({
  types: {} as { context: DashboardContext; events: DashboardEvent; input: DashboardInput },
  actors: { recordVisit, loadAutopay, loadPaymentPlans },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ input, autopay: null, paymentPlans: [] }),
  type: 'parallel',
  states: {
    visit: {
      initial: 'waiting',
      states: {
        waiting: { on: { 'page.shown': 'recording' } },
        recording: {
          invoke: { id: 'recordVisit', src: 'recordVisit', input: ({ context }) => context.input, onDone: 'recorded', onError: 'failed' },
        },
        recorded: { type: 'final' },
        // Not shown to the user: the visit is bookkeeping.
        failed: { type: 'final' },
      },
    },
    autopay: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadAutopay',
            src: 'loadAutopay',
            input: ({ context }) => context.input,
            onDone: { target: 'loaded', actions: assign({ autopay: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ autopay: null }) },
          },
        },
        loaded: { type: 'final' },
        failed: { type: 'final' },
      },
    },
    plans: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPaymentPlans',
            src: 'loadPaymentPlans',
            input: ({ context }) => context.input,
            onDone: { target: 'loaded', actions: assign({ paymentPlans: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ paymentPlans: [] }) },
          },
        },
        loaded: { type: 'final' },
        failed: { type: 'final' },
      },
    },
  },
});
