import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { connectDashboard, type DashboardApi } from '../../../machines/dashboard/dashboard.connect';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine';
import { usePageShown } from '../../ui/page-shown';

export type DashboardView = DashboardApi;

/** Runs the dashboard machine of one location (the caller keys it by location); its view is `connectDashboard`. */
export function useDashboard(vendorId: string, locationId: string, logic = dashboardMachine): DashboardView {
  const actorRef = useActorRef(logic, { input: { vendorId, locationId } });
  const snapshot = useSelector(actorRef, (s) => s);
  // The page is on the reader's screen: the chart records the visit.
  usePageShown(actorRef);
  return useMemo(() => connectDashboard(snapshot), [snapshot]);
}
