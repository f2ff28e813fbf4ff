/** Tag `visits`: the dashboard records a visit when it opens. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { recordVisit } from '../repos/visits.js';
import type { LocationParams, RouteDeps } from './deps.js';

export function visitHandlers({ db }: RouteDeps): Handlers {
  return {
    async recordVisit(request, reply) {
      const { vendorId, locationId } = request.params as LocationParams;
      await recordVisit(db, authOf(request).contactId, vendorId, locationId);
      return reply.code(204).send();
    },
  };
}
