/** Actor of a customer's account on the console: what the location's contacts set up (GET /locations/{id}/account). */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type LocationAccount = components['schemas']['LocationAccount'];

export const loadAccount = fromPromise<LocationAccount | null, { locationId: string }>(async ({ input }) => {
  try {
    const result = await vendorApi.GET('/locations/{locationId}/account', { params: { path: { locationId: input.locationId } } });
    // a location that is not (or no longer) the vendor's: nothing to show; the page says it is not found
    if (result.response.status === 404) return null;
    return unwrapConsole(result);
  } catch (error) {
    throw networkError(error);
  }
});
