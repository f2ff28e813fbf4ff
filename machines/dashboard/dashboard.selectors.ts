import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

type DashboardSnapshot = Pick<SnapshotFrom<typeof dashboardMachine>, 'context' | 'matches'>;

/** Spinner while AutoPay or plans are still loading (the visit does not hold the page). */
export function selectIsLoading(snapshot: DashboardSnapshot): boolean {
  return snapshot.matches({ autopay: 'loading' }) || snapshot.matches({ plans: 'loading' });
}

/** "AUTOPAY ON" when the location has an active AutoPay (the answer's `autoPay`, null when none). */
export function isAutopayOn(autopay: { id: string } | null | undefined): boolean {
  return autopay != null;
}

/** The PAYMENT PLANS tile shows only when the location has payment plans. */
export function hasPaymentPlans(plans: readonly unknown[]): boolean {
  return plans.length > 0;
}

/** "AUTOPAY ON" once loaded with an active AutoPay. A failed load counts as none. */
export function selectAutopayOn(snapshot: DashboardSnapshot): boolean {
  return snapshot.matches({ autopay: 'loaded' }) && isAutopayOn(snapshot.context.autopay);
}

/** The PAYMENT PLANS tile once loaded with plans. */
export function selectHasPaymentPlans(snapshot: DashboardSnapshot): boolean {
  return snapshot.matches({ plans: 'loaded' }) && hasPaymentPlans(snapshot.context.paymentPlans);
}
