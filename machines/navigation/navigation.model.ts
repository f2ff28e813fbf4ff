import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import type { navigationMachine } from './navigation.machine';

const base = '/token/demo-token/vendors/0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01/locations/5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export const navigationModelPaths = { vendors: '/token/demo-token/vendors', base, invoices: `${base}/invoices` };

/** Model events: a page, the location base (clears) and a page under it; bounded so the walk ends. */
export function navigationModelEvents(snapshot: SnapshotFrom<typeof navigationMachine>): EventObject[] {
  if (snapshot.context.visited.length >= 3) return [];
  return [
    { type: 'navigation.visit', path: navigationModelPaths.vendors },
    { type: 'navigation.visit', path: navigationModelPaths.base },
    { type: 'navigation.visit', path: navigationModelPaths.invoices },
  ];
}
