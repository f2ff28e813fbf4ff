/** Tag `autopay`: the read-only load the dashboard needs ("AUTOPAY ON"). Set-up and management come later. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { getActiveAutopay } from '../repos/autopay.js';
import type { LocationParams, RouteDeps } from './deps.js';

export function autopayHandlers({ db }: RouteDeps): Handlers {
  return {
    async getAutopay(request) {
      const { locationId } = request.params as LocationParams;
      return { autoPay: await getActiveAutopay(db, authOf(request).contactId, locationId) };
    },
  };
}
