import { useActorRef, useSelector } from '@xstate/react';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine';
import { selectAutopayOn, selectHasPaymentPlans, selectIsLoading } from '../../../machines/dashboard/dashboard.selectors';

export interface DashboardView {
  isLoading: boolean;
  autopayOn: boolean;
  hasPaymentPlans: boolean;
}

/** Runs the dashboard machine of one location (the caller keys it by location). */
export function useDashboard(vendorId: string, locationId: string, logic = dashboardMachine): DashboardView {
  const actorRef = useActorRef(logic, { input: { vendorId, locationId } });
  return {
    isLoading: useSelector(actorRef, selectIsLoading),
    autopayOn: useSelector(actorRef, selectAutopayOn),
    hasPaymentPlans: useSelector(actorRef, selectHasPaymentPlans),
  };
}
