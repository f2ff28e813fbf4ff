import { useSelector } from '@xstate/react';
import type { Location, Vendor } from '../../machines/load/load.actors';
import { useSession } from './session';

export interface LocationContextView {
  status: 'loading' | 'loaded' | 'failed' | 'missing';
  vendor: Vendor | null;
  location: Location | null;
  vendorCount: number;
  locationCount: number;
}

/** Vendor and location of a location page, from the session's load-once slices. */
export function useLocationContext(vendorId: string, locationId: string): LocationContextView {
  const session = useSession();
  const vendorsRef = session.vendors();
  const locationsRef = session.locations(vendorId);
  const vendorsStatus = useSelector(vendorsRef, (s) => s.value);
  const locationsStatus = useSelector(locationsRef, (s) => s.value);
  const vendors = useSelector(vendorsRef, (s) => s.context.data);
  const locations = useSelector(locationsRef, (s) => s.context.data);
  const vendor = vendors?.find((v) => v.id === vendorId) ?? null;
  const location = locations?.[locationId] ?? null;
  let status: LocationContextView['status'] = 'loading';
  if (vendorsStatus === 'failed' || locationsStatus === 'failed') status = 'failed';
  else if (vendorsStatus === 'loaded' && locationsStatus === 'loaded') status = vendor && location ? 'loaded' : 'missing';
  return { status, vendor, location, vendorCount: vendors?.length ?? 0, locationCount: locations ? Object.keys(locations).length : 0 };
}
