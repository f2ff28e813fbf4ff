import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { connectDashboard, type DashboardApi } from '../../../machines/dashboard/dashboard.connect';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine';

export type DashboardView = DashboardApi;

/** Runs the dashboard machine of one location (the caller keys it by location); its view is `connectDashboard`. */
export function useDashboard(vendorId: string, locationId: string, logic = dashboardMachine): DashboardView {
  const actorRef = useActorRef(logic, { input: { vendorId, locationId } });
  const snapshot = useSelector(actorRef, (s) => s);
  // The page is on the reader's screen: the chart records the visit (`page.shown`). An effect, which the server's
  // render of the first screen never runs (it only reads): the browser hydrates that render, then records the visit once.
  useEffect(() => void actorRef.send({ type: 'page.shown' }), [actorRef]);
  return useMemo(() => connectDashboard(snapshot), [snapshot]);
}
