import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

type DashboardSnapshot = Pick<SnapshotFrom<typeof dashboardMachine>, 'context' | 'matches'>;

/** Spinner while AutoPay or plans are still loading (the visit does not hold the page). */
export function selectIsLoading(snapshot: DashboardSnapshot): boolean {
  return snapshot.matches({ autopay: 'loading' }) || snapshot.matches({ plans: 'loading' });
}

/** "AUTOPAY ON" when the location has an active AutoPay. A failed load counts as none. */
export function selectAutopayOn(snapshot: DashboardSnapshot): boolean {
  return snapshot.matches({ autopay: 'loaded' }) && snapshot.context.autopay !== null;
}

/** The PAYMENT PLANS tile shows only when the location has payment plans. */
export function selectHasPaymentPlans(snapshot: DashboardSnapshot): boolean {
  return snapshot.matches({ plans: 'loaded' }) && snapshot.context.paymentPlans.length > 0;
}
