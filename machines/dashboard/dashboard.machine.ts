import { assign, setup } from 'xstate';
import { loadAutopay, loadPaymentPlans, recordVisit, type Autopay, type DashboardInput, type PaymentPlan } from './dashboard.actors';

export interface DashboardContext {
  input: DashboardInput;
  autopay: Autopay | null;
  paymentPlans: PaymentPlan[];
}

/** The dashboard only reacts to its actors' done/error events. */
export type DashboardEvent = { type: 'dashboard.noop' };

/**
 * Dashboard of a location (spec §2): on open it records a visit and loads AutoPay and payment
 * plans in parallel, each loading → loaded | failed. A failed load counts as "none" (no AUTOPAY
 * ON, no PAYMENT PLANS tile) and never blocks the page; a failed visit is ignored.
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
      initial: 'recording',
      states: {
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
