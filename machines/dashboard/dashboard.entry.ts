import { defineMachine } from '../registry-entry';
import { dashboardMachine } from './dashboard.machine';
import { dashboardModelEvents, modelLocationId, modelVendorId } from './dashboard.model';

export const dashboardEntry = defineMachine({
  machine: dashboardMachine,
  input: { vendorId: modelVendorId, locationId: modelLocationId },
  events: dashboardModelEvents,
  purpose: 'Dashboard: visit, AutoPay and plans',
  feature: 'Dashboard',
});
