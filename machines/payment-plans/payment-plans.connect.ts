/**
 * The payment-plan pages' views (zag's `connect(state, send)`), one per chart: what the list, the plan detail with
 * its method update, and the plan request's setup show, derived by the selectors, and their intents. Pure, no React.
 */
import type { SnapshotFrom } from 'xstate';
import { feeMethodOf, shownServiceFeePercent } from '../../core/rules/fees';
import type { ChosenMethod } from '../autopay/autopay-page.machine';
import type { PlanListEvent, planListMachine } from './plan-list.machine';
import type { PlanSetupEvent, planSetupMachine } from './plan-setup.machine';
import type { PlanUpdateEvent, planUpdateMachine } from './plan-update.machine';
import {
  selectPlanConfirming, selectPlanListStatus, selectPlanPageStatus, selectPlanSubmitting, selectPlanTerms, selectPlanUpdateEnabled, selectPlanUpdateFailed,
  selectPlanSetupStatus, selectProposedPlan, selectSetupEnabled, selectSetupFailed, selectSetupSubmitting, selectSetupTerms,
} from './payment-plans.selectors';

/** The plans list (its redirects are the chart's provided `redirectToPlanOrRoot`). */
export function connectPlanList(snapshot: Pick<SnapshotFrom<typeof planListMachine>, 'context' | 'matches'>, send: (event: PlanListEvent) => void) {
  return {
    status: selectPlanListStatus(snapshot),
    plans: snapshot.context.plans,
    retry: () => send({ type: 'plans.retry' }),
  };
}

/** A plan's detail and its method update (Update opens the modal; Confirm submits). */
export function connectPlan(snapshot: Pick<SnapshotFrom<typeof planUpdateMachine>, 'context' | 'matches'>, send: (event: PlanUpdateEvent) => void) {
  const { context } = snapshot;
  return {
    status: selectPlanPageStatus(snapshot),
    plan: context.data?.plan ?? null,
    method: context.method,
    termsAccepted: context.termsAccepted,
    terms: selectPlanTerms(snapshot),
    enabled: selectPlanUpdateEnabled(snapshot),
    confirming: selectPlanConfirming(snapshot),
    submitting: selectPlanSubmitting(snapshot),
    failed: selectPlanUpdateFailed(snapshot),
    /** the percent charged with the chosen method (credit cards only, capped), null when none */
    fee: shownServiceFeePercent(feeMethodOf(context.method)),
    chooseMethod: (method: ChosenMethod) => send({ type: 'form.method', method }),
    setTerms: (accepted: boolean) => send({ type: 'form.terms', accepted }),
    update: () => send({ type: 'plan.update' }),
    confirm: () => send({ type: 'plan.confirm' }),
    cancel: () => send({ type: 'plan.cancel' }),
    retry: () => send({ type: 'plan.retryLoad' }),
  };
}

/** A plan request's setup (the machine builds the request from its context). */
export function connectPlanSetup(snapshot: Pick<SnapshotFrom<typeof planSetupMachine>, 'context' | 'matches'>, send: (event: PlanSetupEvent) => void) {
  const { context } = snapshot;
  return {
    status: selectPlanSetupStatus(snapshot),
    request: context.data?.request ?? null,
    proposed: selectProposedPlan(snapshot),
    method: context.method,
    termsAccepted: context.termsAccepted,
    terms: selectSetupTerms(snapshot),
    enabled: selectSetupEnabled(snapshot),
    submitting: selectSetupSubmitting(snapshot),
    failed: selectSetupFailed(snapshot),
    chooseMethod: (method: ChosenMethod) => send({ type: 'form.method', method }),
    setTerms: (accepted: boolean) => send({ type: 'form.terms', accepted }),
    setUp: () => send({ type: 'plan.setup' }),
    retry: () => send({ type: 'plan.retryLoad' }),
  };
}
