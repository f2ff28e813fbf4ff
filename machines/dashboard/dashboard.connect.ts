import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';
import { selectAutopayOn, selectHasPaymentPlans, selectIsLoading } from './dashboard.selectors';

/**
 * The dashboard's view (zag's `connect(state, send)`): whether its tiles wait for AutoPay and the plans, whether the
 * AUTOPAY tile says AUTOPAY ON, and whether the PAYMENT PLANS tile shows. Pure, no React. It takes no `send`: the
 * chart reacts only to its actors (the tiles are links).
 */
export function connectDashboard(snapshot: Pick<SnapshotFrom<typeof dashboardMachine>, 'context' | 'matches'>) {
  return {
    isLoading: selectIsLoading(snapshot),
    autopayOn: selectAutopayOn(snapshot),
    hasPaymentPlans: selectHasPaymentPlans(snapshot),
  };
}

export type DashboardApi = ReturnType<typeof connectDashboard>;
