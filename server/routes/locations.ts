/** Tag `locations`: the contact's locations of one vendor (scope checked before the handler). */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { listLocationsOfContact } from '../repos/vendors.js';
import type { RouteDeps } from './deps.js';

export function locationHandlers({ db }: RouteDeps): Handlers {
  return {
    async listLocations(request) {
      const { vendorId } = request.params as { vendorId: string };
      return { locations: await listLocationsOfContact(db, authOf(request).contactId, vendorId) };
    },
  };
}
