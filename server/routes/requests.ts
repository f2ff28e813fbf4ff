/** Tag `requests`: requests addressed to the contact. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import { getRequest, listLocationRequests, listOpenRequests } from '../repos/requests.js';
import type { LocationParams, RouteDeps } from './deps.js';

export function requestHandlers({ db }: RouteDeps): Handlers {
  return {
    async listAllRequests(request) {
      return { requests: await listOpenRequests(db, authOf(request)) };
    },

    async listLocationRequests(request) {
      const { locationId } = request.params as LocationParams;
      const { requestType } = (request.query ?? {}) as { requestType?: string };
      return { requests: await listLocationRequests(db, authOf(request), locationId, requestType) };
    },

    async getRequest(request) {
      const { locationId, requestId } = request.params as LocationParams & { requestId: string };
      const found = await getRequest(db, authOf(request), locationId, requestId);
      if (!found) throw notFound('request');
      return { request: found };
    },
  };
}
