import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { planListMachine } from '../../../machines/payment-plans/plan-list.machine';
import { planSetupMachine } from '../../../machines/payment-plans/plan-setup.machine';
import { planUpdateMachine } from '../../../machines/payment-plans/plan-update.machine';
import type { ChosenMethod } from '../../../machines/autopay/autopay-page.machine';
import type { CreatePaymentPlanResponse, PaymentPlan } from '../../../machines/payment-plans/payment-plans.actors';
import {
  selectPlanConfirming, selectPlanListStatus, selectPlanPageStatus, selectPlanSubmitting, selectPlanTerms, selectPlanUpdateEnabled, selectPlanUpdateFailed,
  selectPlanSetupStatus, selectSetupEnabled, selectSetupFailed, selectSetupSubmitting, selectSetupTerms,
} from '../../../machines/payment-plans/payment-plans.selectors';
import { useAppServices } from '../../app/app-services';
import { hasServiceFee } from '../../../core/rules/fees';
import { planIdInPath } from '../../../core/rules/recurring-plans';

function useNavigateRef() {
  const navigate = useNavigate();
  const ref = useRef(navigate);
  ref.current = navigate;
  return ref;
}

/** The plan page the user came from, per the session's navigation history (read once, when the list opens). */
function useCameFromPlan(currentPath: string): string | null {
  const { navigation } = useAppServices();
  return useRef((() => {
    const { to, from } = navigation.getSnapshot().context;
    return planIdInPath(to === currentPath ? from : to);
  })()).current;
}

export function usePlanList(vendorId: string, locationId: string, base: string) {
  const navigateRef = useNavigateRef();
  const cameFromPlanId = useCameFromPlan(`${base}/plans`);
  const logic = useMemo(() => planListMachine.provide({
    actions: { redirect: (_, { planId }) => navigateRef.current(planId ? `${base}/plans/${planId}` : base, { replace: true }) },
  }), [base, navigateRef]);
  const actor = useActorRef(logic, { input: { vendorId, locationId, cameFromPlanId } });
  return {
    status: useSelector(actor, selectPlanListStatus),
    plans: useSelector(actor, (s) => s.context.plans),
    retry: () => actor.send({ type: 'plans.retry' }),
  };
}

/** What the update confirmation page gets as navigation state (without it: the root). */
export interface PlanUpdatedState {
  plan: PaymentPlan;
  method: ChosenMethod;
}

export function usePlan(vendorId: string, locationId: string, planId: string, base: string) {
  const navigateRef = useNavigateRef();
  const { persisted } = useAppServices();
  const logic = useMemo(() => planUpdateMachine.provide({
    actions: {
      updated: (_, { plan, method }) => {
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: method.id });
        navigateRef.current(`${base}/plans/${plan.id}/update/confirmation`, { state: { plan, method } satisfies PlanUpdatedState });
      },
    },
  }), [base, navigateRef, persisted]);
  const actor = useActorRef(logic, { input: { vendorId, locationId, planId } });
  const context = useSelector(actor, (s) => s.context);
  return {
    status: useSelector(actor, selectPlanPageStatus),
    plan: context.data?.plan ?? null,
    method: context.method,
    termsAccepted: context.termsAccepted,
    terms: useSelector(actor, selectPlanTerms),
    enabled: useSelector(actor, selectPlanUpdateEnabled),
    confirming: useSelector(actor, selectPlanConfirming),
    submitting: useSelector(actor, selectPlanSubmitting),
    failed: useSelector(actor, selectPlanUpdateFailed),
    fee: hasServiceFee(context.method ? { provider: context.method.provider, serviceFee: context.method.displayExtra.serviceFee } : null),
    chooseMethod: (method: ChosenMethod) => actor.send({ type: 'form.method', method }),
    setTerms: (accepted: boolean) => actor.send({ type: 'form.terms', accepted }),
    update: () => actor.send({ type: 'plan.update' }),
    confirm: () => actor.send({ type: 'plan.confirm' }),
    cancel: () => actor.send({ type: 'plan.cancel' }),
    retry: () => actor.send({ type: 'plan.retryLoad' }),
  };
}

export type PlanSetupConfirmation = CreatePaymentPlanResponse;

export function usePlanSetup(vendorId: string, locationId: string, requestId: string, base: string) {
  const navigateRef = useNavigateRef();
  const { persisted } = useAppServices();
  const logic = useMemo(() => planSetupMachine.provide({
    actions: {
      confirmed: (_, { result }) => {
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: result.paymentMethod.id });
        navigateRef.current(`${base}/planrequests/${requestId}/confirmation`, { state: result satisfies PlanSetupConfirmation });
      },
    },
  }), [base, navigateRef, persisted, requestId]);
  const actor = useActorRef(logic, { input: { vendorId, locationId, requestId } });
  const context = useSelector(actor, (s) => s.context);
  return {
    status: useSelector(actor, selectPlanSetupStatus),
    request: context.data?.request ?? null,
    method: context.method,
    termsAccepted: context.termsAccepted,
    terms: useSelector(actor, selectSetupTerms),
    enabled: useSelector(actor, selectSetupEnabled),
    submitting: useSelector(actor, selectSetupSubmitting),
    failed: useSelector(actor, selectSetupFailed),
    chooseMethod: (method: ChosenMethod) => actor.send({ type: 'form.method', method }),
    setTerms: (accepted: boolean) => actor.send({ type: 'form.terms', accepted }),
    setUp: () => actor.send({ type: 'plan.setup' }),
    retry: () => actor.send({ type: 'plan.retryLoad' }),
  };
}
