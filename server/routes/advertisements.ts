/** Tag `advertisements`: the vendor's ads keyed by fileId, impressions and clicks. Data: `repos/ads.ts`. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { ApiError, notFound } from '../http/errors.js';
import { listAdvertisements, recordAdEvent } from '../repos/ads.js';
import type { RouteDeps } from './deps.js';

interface AdEventBody {
  locationId: string;
  displayPage: string;
  userTimezone: string;
}

/** An IANA time-zone name the runtime knows (`Intl`), e.g. America/New_York or UTC. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export function advertisementHandlers({ db }: RouteDeps): Handlers {
  const record = (kind: 'impression' | 'click') => async (request: Parameters<Handlers[string]>[0], reply: Parameters<Handlers[string]>[1]) => {
    const { vendorId, fileId } = request.params as { vendorId: string; fileId: string };
    const body = request.body as AdEventBody;
    if (!isTimeZone(body.userTimezone)) {
      throw new ApiError(400, 'validation_failed', 'userTimezone: must be an IANA time zone', 'userTimezone');
    }
    const outcome = await recordAdEvent(db, { kind, vendorId, fileId, contactId: authOf(request).contactId, ...body });
    if (outcome === 'not_found') throw notFound('advertisement');
    return reply.code(204).send();
  };
  return {
    async listAdvertisements(request) {
      const { vendorId } = request.params as { vendorId: string };
      return listAdvertisements(db, vendorId);
    },
    recordAdImpression: record('impression'),
    recordAdClick: record('click'),
  };
}
