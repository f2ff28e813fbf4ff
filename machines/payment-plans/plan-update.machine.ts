import { assign, setup } from 'xstate';
import { loadPlan, PlanNotFoundError, updatePaymentPlan, type PaymentPlan, type PlanData } from './payment-plans.actors';
import type { ChosenMethod } from '../autopay/autopay-page.machine';

export interface PlanUpdateInput {
  vendorId: string;
  locationId: string;
  planId: string;
}

export interface PlanUpdateContext {
  input: PlanUpdateInput;
  data: PlanData | null;
  method: ChosenMethod | null;
  termsAccepted: boolean;
  /** The load failed because the plan is not one of the location's (visible) plans. */
  notFound: boolean;
  result: PaymentPlan | null;
}

export type PlanUpdateEvent =
  | { type: 'form.method'; method: ChosenMethod }
  | { type: 'form.terms'; accepted: boolean }
  | { type: 'plan.update' }
  | { type: 'plan.confirm' }
  | { type: 'plan.cancel' }
  | { type: 'plan.retryLoad' };

export function planTerms(context: Pick<PlanUpdateContext, 'data'>, provider: string | null | undefined) {
  return provider ? (context.data?.epa[provider] ?? null) : null;
}

/** §2.3: a different, verified method and the box ticked. */
export function canUpdatePlan(context: PlanUpdateContext): boolean {
  const { method, data, termsAccepted } = context;
  return !!data && data.plan.status === 'active' && !!method && method.id !== data.plan.paymentMethodId && !method.displayExtra.verificationRequired
    && termsAccepted && !!planTerms(context, method.provider);
}

/**
 * Plan detail and its method update (§2.3, §8 "Could not update payment plan."): loads the plan (loading → loaded |
 * failed); a plan that is not active offers no update (`inactive`). In `ready` the form holds method and terms; Update
 * (enabled only for a different, verified method with the box ticked) opens the "Update payment plan?" modal
 * (Update / Cancel), then `submitting` → `updated` (the provided `goToUpdateConfirmation` action navigates to the confirmation)
 * or `failed` (the text shows, the form stays as chosen).
 */
export const planUpdateMachine = setup({
  types: {} as { context: PlanUpdateContext; events: PlanUpdateEvent; input: PlanUpdateInput },
  actors: { loadPlan, updatePaymentPlan },
  guards: {
    isActive: (_, data: PlanData) => data.plan.status === 'active',
    canUpdate: ({ context }) => canUpdatePlan(context),
  },
  actions: {
    storeData: assign((_, data: PlanData) => ({ data, notFound: false })),
    chooseMethod: assign(({ context, event }) => {
      if (event.type !== 'form.method') return {};
      const changed = planTerms(context, context.method?.provider)?.version !== planTerms(context, event.method.provider)?.version;
      return { method: event.method, termsAccepted: changed ? false : context.termsAccepted };
    }),
    /** Provided: stores the last used method and goes to the update confirmation. */
    goToUpdateConfirmation: (_, _params: { plan: PaymentPlan; method: ChosenMethod }) => {},
  },
}).createMachine({
  id: 'planUpdate',
  context: ({ input }) => ({ input, data: null, method: null, termsAccepted: false, notFound: false, result: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => context.input,
        onDone: [
          { guard: { type: 'isActive', params: ({ event }) => event.output }, target: 'loaded.ready', actions: { type: 'storeData', params: ({ event }) => event.output } },
          { target: 'loaded.inactive', actions: { type: 'storeData', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: assign({ notFound: ({ event }) => event.error instanceof PlanNotFoundError }) },
      },
    },
    loaded: {
      initial: 'ready',
      states: {
        // Completed and canceled plans show their schedule only.
        inactive: {},
        ready: {
          initial: 'idle',
          on: {
            'form.method': { actions: 'chooseMethod' },
            'form.terms': { actions: assign({ termsAccepted: ({ event }) => event.accepted }) },
          },
          states: {
            idle: { on: { 'plan.update': { guard: 'canUpdate', target: 'confirming' } } },
            // The "Update payment plan?" modal.
            confirming: { on: { 'plan.confirm': 'submitting', 'plan.cancel': 'idle' } },
            submitting: {
              invoke: {
                id: 'updatePaymentPlan',
                src: 'updatePaymentPlan',
                input: ({ context }) => ({ ...context.input, paymentMethodId: context.method!.id, epaVersion: planTerms(context, context.method!.provider)!.version }),
                onDone: {
                  target: '#planUpdate.updated',
                  actions: [assign({ result: ({ event }) => event.output }), { type: 'goToUpdateConfirmation', params: ({ context, event }) => ({ plan: event.output, method: context.method! }) }],
                },
                onError: 'failed',
              },
            },
            failed: { on: { 'plan.update': { guard: 'canUpdate', target: 'confirming' } } },
          },
        },
      },
    },
    updated: { type: 'final' },
    failed: { on: { 'plan.retryLoad': 'loading' } },
  },
});
