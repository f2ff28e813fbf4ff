import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { VendorEvent, WebhookEndpoint } from './console-events.actors';
import type { consoleEventsMachine } from './console-events.machine';

const event = (n: number, type: VendorEvent['type'], data: Record<string, unknown>): VendorEvent => ({
  id: `0b8a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c${String(n).padStart(2, '0')}`,
  webhookId: `0b8a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c${String(n).padStart(2, '0')}`,
  cursor: String(100 - n),
  type,
  timestamp: `2026-11-2${9 - n}T15:30:00.000Z`,
  data,
});

export const eventsSample: VendorEvent[] = [
  event(1, 'payment_group.completed', { paymentGroup: { id: 'c1f0a8e2-5b7d-4e3a-9f61-2d8c4b7a9e10', confirmationNumber: 'PP-7PBS28WMC2', total: 1120.15 } }),
  event(2, 'comment.added', { comment: { text: 'Please send the proof of delivery.' } }),
];
export const olderEventsSample: VendorEvent[] = [event(3, 'import.completed', { import: { id: '5d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6', created: 12 } })];

export const endpointsSample: WebhookEndpoint[] = [
  {
    id: '8675f23b-7d5a-4539-b335-a9e55b41b0ef', url: 'https://erp.example.com/hooks/performancepay', description: 'ERP', enabled: true, eventTypes: null,
    failingSince: null, disabledAt: null, disabledReason: null, createdAt: '2026-11-01T10:00:00.000Z', previousSecretExpiresAt: null,
  } as unknown as WebhookEndpoint,
];

/**
 * Model events: the newest events (more to come) with the endpoints, offline, retry; only failed payments (none);
 * older events (or a failure); an event's data opened and closed; an event sent again to every endpoint it went to or
 * to the one chosen, after its confirmation (cancelled, refused, or sent).
 */
export function consoleEventsModelEvents(snapshot: SnapshotFrom<typeof consoleEventsMachine>): EventObject[] {
  const { type, events, openId, destination, done, moreFailed, problem } = snapshot.context;
  const first = events[0];
  // each branch starts from the first page as loaded, so the walk stays short
  const fresh = type === '' && events.length === 2 && openId === null && done === 0 && !moreFailed;
  const candidates: AnyEventObject[] = [
    { type: 'events.retry' },
    { type: 'xstate.done.actor.loadEvents', output: { page: type === '' ? { events: eventsSample, cursor: 'ZXZuMTo5OA', hasMore: true } : { events: [], cursor: null, hasMore: false }, endpoints: endpointsSample } },
    { type: 'xstate.error.actor.loadEvents', error: new ConsoleApiError(0) },
    ...(fresh || type !== '' ? [{ type: 'filter.change', value: type === '' ? 'payment_group.failed' : '' }] : []),
    ...(fresh ? [{ type: 'events.more' }] : []),
    { type: 'xstate.done.actor.loadMoreEvents', output: { events: olderEventsSample, cursor: 'ZXZuMTo5Nw', hasMore: false } },
    { type: 'xstate.error.actor.loadMoreEvents', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
    ...(first && (fresh || (openId !== null && events.length === 2)) ? [{ type: 'event.toggle', eventId: first.id }] : []),
    ...(first && fresh ? [{ type: 'redeliver.ask', eventId: first.id }] : []),
    ...(problem === null ? [{ type: 'redeliver.choose', destination: destination === 'all' ? endpointsSample[0]!.id : 'all' }] : []),
    { type: 'redeliver.confirm' },
    { type: 'redeliver.cancel' },
    { type: 'xstate.done.actor.redeliverEvent', output: destination === 'all' ? 2 : 1 },
    { type: 'xstate.error.actor.redeliverEvent', error: new ConsoleApiError(404, 'not_found', 'webhook endpoint not found') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
