/** Actors of the console's events log: the vendor's events newest first, the endpoints, and an event sent again. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type VendorEvent = components['schemas']['Event'];
export type EventType = components['schemas']['EventType'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];

export interface EventsPage {
  events: VendorEvent[];
  cursor: string | null;
  hasMore: boolean;
}

/** How many events a page of the log holds. */
export const EVENTS_PAGE = 50;

const page = async (type: EventType | '', cursor: string | null): Promise<EventsPage> => {
  const query = { order: 'newest' as const, limit: EVENTS_PAGE, ...(type ? { type: [type] } : {}), ...(cursor ? { cursor } : {}) };
  const answer = unwrapConsole(await vendorApi.GET('/events', { params: { query } }));
  return { events: answer.events, cursor: answer.cursor, hasMore: answer.hasMore };
};

/** The newest events (of one type, or all) and the vendor's endpoints (where an event may be sent again). */
export const loadEvents = fromPromise<{ page: EventsPage; endpoints: WebhookEndpoint[] }, { type: EventType | '' }>(async ({ input }) => {
  try {
    const [events, endpoints] = await Promise.all([page(input.type, null), vendorApi.GET('/webhook-endpoints')]);
    return { page: events, endpoints: unwrapConsole(endpoints).endpoints };
  } catch (error) {
    throw networkError(error);
  }
});

/** The older events after the cursor. */
export const loadMoreEvents = fromPromise<EventsPage, { type: EventType | ''; cursor: string }>(async ({ input }) => {
  try {
    return await page(input.type, input.cursor);
  } catch (error) {
    throw networkError(error);
  }
});

/** The event sent again — to one endpoint, or to every endpoint it went to: how many deliveries were made due. */
export const redeliverEvent = fromPromise<number, { eventId: string; endpointId: string | null; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/events/{eventId}/redeliver', {
        params: { path: { eventId: input.eventId } },
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: input.endpointId ? { endpointId: input.endpointId } : {},
      }),
    ).deliveries;
  } catch (error) {
    throw networkError(error);
  }
});
