import { assign, setup } from 'xstate';
import { planListRedirect, visiblePlans } from '../../core/rules/recurring-plans';
import { loadPaymentPlans, type PaymentPlan } from './payment-plans.actors';

export interface PlanListInput {
  vendorId: string;
  locationId: string;
  /** The plan page the user came from (navigation history), for the "came from there" rule. */
  cameFromPlanId: string | null;
}

export interface PlanListContext {
  input: PlanListInput;
  /** Visible plans (method not deleted), by name. */
  plans: PaymentPlan[];
}

export type PlanListEvent = { type: 'plans.retry' };

const loaded = (event: unknown) => visiblePlans((event as { output: PaymentPlan[] }).output);
const redirectOf = (context: PlanListContext, plans: PaymentPlan[]) => planListRedirect(plans.map((p) => p.id), context.input.cameFromPlanId);

/**
 * The plans list and its redirects (§2.3): loading → failed | one of
 * - `toRoot`: no visible plan, or the only plan is where the user came from → the location root;
 * - `toPlan`: exactly one plan → straight to it;
 * - `list`: the report of every visible plan.
 * The redirects are final states whose provided `redirectToPlanOrRoot` action navigates (replacing the history entry).
 */
export const planListMachine = setup({
  types: {} as { context: PlanListContext; events: PlanListEvent; input: PlanListInput },
  actors: { loadPaymentPlans },
  guards: {
    toRoot: ({ context, event }) => redirectOf(context, loaded(event))?.to === 'root',
    toPlan: ({ context, event }) => redirectOf(context, loaded(event))?.to === 'plan',
  },
  actions: {
    store: assign(({ event }) => ({ plans: loaded(event) })),
    /** Provided: replaces the list in history with the plan (`planId`) or, for null, the location root. */
    redirectToPlanOrRoot: (_, _params: { planId: string | null }) => {},
  },
}).createMachine({
  id: 'planList',
  context: ({ input }) => ({ input, plans: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPaymentPlans',
        src: 'loadPaymentPlans',
        input: ({ context }) => ({ vendorId: context.input.vendorId, locationId: context.input.locationId }),
        onDone: [
          { guard: 'toRoot', target: 'toRoot', actions: 'store' },
          { guard: 'toPlan', target: 'toPlan', actions: 'store' },
          { target: 'list', actions: 'store' },
        ],
        onError: 'failed',
      },
    },
    toRoot: { type: 'final', entry: { type: 'redirectToPlanOrRoot', params: { planId: null } } },
    toPlan: { type: 'final', entry: { type: 'redirectToPlanOrRoot', params: ({ context }) => ({ planId: context.plans[0].id }) } },
    list: {},
    failed: { on: { 'plans.retry': 'loading' } },
  },
});
