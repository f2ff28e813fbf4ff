import type { SnapshotFrom } from 'xstate';
import { changeLocationPath } from '../selection/selection.selectors';
import { selectLoadStatus } from './load.selectors';
import type { locationsLoadMachine, vendorsLoadMachine } from './loaders';

export type LocationContextStatus = 'loading' | 'loaded' | 'failed' | 'missing';

/** What a location page's frame reads: the session's vendors slice and the locations slice of the page's vendor. */
export interface LocationContextState {
  vendors: Pick<SnapshotFrom<typeof vendorsLoadMachine>, 'value' | 'context'>;
  locations: Pick<SnapshotFrom<typeof locationsLoadMachine>, 'value' | 'context'>;
}

/** The page's place: the token and the ids in its path. */
export interface LocationContextIds {
  token: string;
  vendorId: string;
  locationId: string;
}

/**
 * A location page's vendor and location (zag's `connect(state, send)`), from the session's two load-once slices:
 * `missing` when both loaded without this vendor or location (the frame leads to /404), `failed` when either failed.
 * Pure, no React. It takes no `send`: the frame offers no retry (its failure text asks for a browser refresh).
 * The loaded data is read as kept by the slices (`context.data`), so a slice loading again still shows what it had.
 * `changeLocationTo` is where the change-location bar leads once loaded, null when there is nothing to change to.
 */
export function connectLocationContext(state: LocationContextState, { token, vendorId, locationId }: LocationContextIds) {
  const vendorsStatus = selectLoadStatus(state.vendors);
  const locationsStatus = selectLoadStatus(state.locations);
  const vendors = state.vendors.context.data;
  const locations = state.locations.context.data;
  const vendor = vendors?.find((v) => v.id === vendorId) ?? null;
  const location = locations?.[locationId] ?? null;
  const vendorCount = vendors?.length ?? 0;
  const locationCount = locations ? Object.keys(locations).length : 0;
  let status: LocationContextStatus = 'loading';
  if (vendorsStatus === 'failed' || locationsStatus === 'failed') status = 'failed';
  else if (vendorsStatus === 'loaded' && locationsStatus === 'loaded') status = vendor && location ? 'loaded' : 'missing';
  return {
    status,
    vendor,
    location,
    vendorCount,
    locationCount,
    changeLocationTo: status === 'loaded' ? changeLocationPath(token, vendorId, vendorCount, locationCount) : null,
  };
}

export type LocationContextApi = ReturnType<typeof connectLocationContext>;
