import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { connectLocationContext, type LocationContextApi } from '../../machines/load/location-context.connect';
import { useSession } from './session';

export type LocationContextView = LocationContextApi;

/** Vendor and location of a location page, from the session's load-once slices (`connectLocationContext`). */
export function useLocationContext(vendorId: string, locationId: string): LocationContextView {
  const session = useSession();
  const vendors = useSelector(session.vendors(), (s) => s);
  const locations = useSelector(session.locations(vendorId), (s) => s);
  return useMemo(
    () => connectLocationContext({ vendors, locations }, { token: session.token, vendorId, locationId }),
    [vendors, locations, session.token, vendorId, locationId],
  );
}
