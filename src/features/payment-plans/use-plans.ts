import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { planListMachine } from '../../../machines/payment-plans/plan-list.machine';
import { planSetupMachine } from '../../../machines/payment-plans/plan-setup.machine';
import { planUpdateMachine } from '../../../machines/payment-plans/plan-update.machine';
import type { ChosenMethod } from '../../../machines/autopay/autopay-page.machine';
import type { CreatePaymentPlanResponse, PaymentPlan } from '../../../machines/payment-plans/payment-plans.actors';
import { connectPlan, connectPlanList, connectPlanSetup } from '../../../machines/payment-plans/payment-plans.connect';
import { useAppServices } from '../../app/app-services';
import { planIdInPath } from '../../../core/rules/recurring-plans';
import { paths } from '../../../core/rules/paths';

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
  const cameFromPlanId = useCameFromPlan(paths.plans(base));
  const logic = useMemo(() => planListMachine.provide({
    actions: { redirectToPlanOrRoot: (_, { planId }) => navigateRef.current(planId ? paths.plan(base, planId) : base, { replace: true }) },
  }), [base, navigateRef]);
  const actor = useActorRef(logic, { input: { vendorId, locationId, cameFromPlanId } });
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => connectPlanList(snapshot, actor.send), [snapshot, actor]);
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
      goToUpdateConfirmation: (_, { plan, method }) => {
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: method.id });
        navigateRef.current(paths.planUpdated(base, plan.id), { state: { plan, method } satisfies PlanUpdatedState });
      },
    },
  }), [base, navigateRef, persisted]);
  const actor = useActorRef(logic, { input: { vendorId, locationId, planId } });
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => connectPlan(snapshot, actor.send), [snapshot, actor]);
}

export type PlanSetupConfirmation = CreatePaymentPlanResponse;

export function usePlanSetup(vendorId: string, locationId: string, requestId: string, base: string) {
  const navigateRef = useNavigateRef();
  const { persisted } = useAppServices();
  const logic = useMemo(() => planSetupMachine.provide({
    actions: {
      goToSetupConfirmation: (_, { result }) => {
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: result.paymentMethod.id });
        navigateRef.current(paths.planRequestConfirmation(base, requestId), { state: result satisfies PlanSetupConfirmation });
      },
    },
  }), [base, navigateRef, persisted, requestId]);
  const actor = useActorRef(logic, { input: { vendorId, locationId, requestId } });
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => connectPlanSetup(snapshot, actor.send), [snapshot, actor]);
}
