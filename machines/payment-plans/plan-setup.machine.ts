import { assign, setup } from 'xstate';
import { createPaymentPlan, loadPlanRequest, type CreatePaymentPlanResponse, type PlanRequestData } from './payment-plans.actors';
import type { ChosenMethod } from '../autopay/autopay-page.machine';

export interface PlanSetupInput {
  vendorId: string;
  locationId: string;
  requestId: string;
}

export interface PlanSetupContext {
  input: PlanSetupInput;
  data: PlanRequestData | null;
  method: ChosenMethod | null;
  termsAccepted: boolean;
  result: CreatePaymentPlanResponse | null;
}

export type PlanSetupEvent =
  | { type: 'form.method'; method: ChosenMethod }
  | { type: 'form.terms'; accepted: boolean }
  | { type: 'plan.setup' }
  | { type: 'plan.retryLoad' };

export function setupTerms(context: Pick<PlanSetupContext, 'data'>, provider: string | null | undefined) {
  return provider ? (context.data?.epa[provider] ?? null) : null;
}

/**
 * §2.3: setup is disabled when no method is selected, the method needs verification, no vendor is set, the terms
 * box is unchecked, or a submission is in progress (the last is the chart: only `idle`/`failed` accept it).
 */
export function canSetUp(context: PlanSetupContext): boolean {
  const { method, termsAccepted, input } = context;
  return !!input.vendorId && !!method && !method.displayExtra.verificationRequired && termsAccepted && !!setupTerms(context, method.provider);
}

/**
 * The plan request page (§2.3, §4 "Plan setup: idle, submitting, confirmed or failed"): loads the request
 * (loading → loaded | failed "failed to load"); a request that is not an active payment-plan request shows as
 * `closed`. In `ready`: idle → submitting → confirmed (the provided `goToSetupConfirmation` action stores the last used
 * method and navigates to the confirmation with method and plan) | failed ("Could not set up payment plan.").
 */
export const planSetupMachine = setup({
  types: {} as { context: PlanSetupContext; events: PlanSetupEvent; input: PlanSetupInput },
  actors: { loadPlanRequest, createPaymentPlan },
  guards: {
    isOpen: (_, { request }: PlanRequestData) => request.type === 'paymentplan' && request.status === 'active' && request.paymentPlan !== null,
    canSetUp: ({ context }) => canSetUp(context),
  },
  actions: {
    storeData: assign((_, data: PlanRequestData) => ({ data })),
    chooseMethod: assign(({ context, event }) => {
      if (event.type !== 'form.method') return {};
      const changed = setupTerms(context, context.method?.provider)?.version !== setupTerms(context, event.method.provider)?.version;
      return { method: event.method, termsAccepted: changed ? false : context.termsAccepted };
    }),
    /** Provided: stores the last used method and goes to the setup confirmation. */
    goToSetupConfirmation: (_, _params: { result: CreatePaymentPlanResponse }) => {},
  },
}).createMachine({
  id: 'planSetup',
  context: ({ input }) => ({ input, data: null, method: null, termsAccepted: false, result: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPlanRequest',
        src: 'loadPlanRequest',
        input: ({ context }) => context.input,
        onDone: [
          { guard: { type: 'isOpen', params: ({ event }) => event.output }, target: 'loaded.ready', actions: { type: 'storeData', params: ({ event }) => event.output } },
          { target: 'loaded.closed', actions: { type: 'storeData', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    loaded: {
      initial: 'ready',
      states: {
        // Already set up, canceled or expired: nothing to set up.
        closed: {},
        ready: {
          initial: 'idle',
          on: {
            'form.method': { actions: 'chooseMethod' },
            'form.terms': { actions: assign({ termsAccepted: ({ event }) => event.accepted }) },
          },
          states: {
            idle: { on: { 'plan.setup': { guard: 'canSetUp', target: 'submitting' } } },
            submitting: {
              invoke: {
                id: 'createPaymentPlan',
                src: 'createPaymentPlan',
                input: ({ context }) => ({
                  vendorId: context.input.vendorId, requestId: context.input.requestId,
                  paymentMethodId: context.method!.id, epaVersion: setupTerms(context, context.method!.provider)!.version,
                }),
                onDone: {
                  target: '#planSetup.confirmed',
                  actions: [assign({ result: ({ event }) => event.output }), { type: 'goToSetupConfirmation', params: ({ event }) => ({ result: event.output }) }],
                },
                onError: 'failed',
              },
            },
            failed: { on: { 'plan.setup': { guard: 'canSetUp', target: 'submitting' } } },
          },
        },
      },
    },
    confirmed: { type: 'final' },
    failed: { on: { 'plan.retryLoad': 'loading' } },
  },
});
