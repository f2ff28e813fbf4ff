import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { WebhookAttempt, WebhookEndpoint } from './console-webhooks.actors';
import type { consoleWebhooksMachine } from './console-webhooks.machine';

export const endpointSample = (n: number, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: `7d3e2c1${n}-5b4a-4c3d-8e2f-1a0b9c8d7e6f`,
  url: `https://erp.example/hooks/${n}`,
  description: n === 1 ? 'ERP' : '',
  eventTypes: [],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  previousSecretExpiresAt: null,
  ...overrides,
});

export const endpointsSample = [endpointSample(1), endpointSample(2, { failingSince: '2026-11-28T09:00:00.000Z' })];

export const attemptSample = (n: number, overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  id: `9a8b7c6${n}-1d2e-4f3a-8b4c-5d6e7f8a9b0c`,
  eventId: `1b2c3d4${n}-5e6f-4a7b-8c9d-0e1f2a3b4c5d`,
  type: 'payment_group.completed',
  attemptedAt: '2026-11-28T09:00:00.000Z',
  statusCode: 200,
  latencyMs: 84,
  responseExcerpt: 'ok',
  error: null,
  deliveryStatus: 'delivered',
  ...overrides,
});

/**
 * Model events: the endpoints (one fine, one failing), offline, retry; an address typed (not one, then one); adding it
 * (its secret shown once, closed) or refused; the first endpoint's deliveries opened (loaded, offline, retry), a test
 * event answered or refused, disabling and enabling it, closing.
 */
export function consoleWebhooksModelEvents(snapshot: SnapshotFrom<typeof consoleWebhooksMachine>): EventObject[] {
  const { draft, done, endpoints, openId, lastTest } = snapshot.context;
  const open = endpoints.find((e) => e.id === openId);
  const candidates: AnyEventObject[] = [
    { type: 'endpoints.retry' },
    { type: 'xstate.done.actor.loadEndpoints', output: endpointsSample },
    { type: 'xstate.error.actor.loadEndpoints', error: new ConsoleApiError(0) },
    ...(done === 0 && draft.url === '' ? [{ type: 'draft.change', field: 'url', value: 'erp.example/hooks' }] : []),
    ...(done === 0 && draft.url === 'erp.example/hooks' ? [{ type: 'draft.change', field: 'url', value: 'https://erp.example/hooks/new' }] : []),
    { type: 'endpoint.create' },
    { type: 'xstate.done.actor.createEndpoint', output: { endpoint: endpointSample(3, { url: draft.url.trim() }), secret: 'whsec_QmFzZTY0U2lnbmluZ1NlY3JldFZhbHVlMDE=' } },
    { type: 'xstate.error.actor.createEndpoint', error: new ConsoleApiError(400, 'validation_failed', 'url: must not point into a private network') },
    { type: 'secret.close' },
    // the deliveries are walked apart from adding one (each transition once; their combinations add nothing)
    ...(done === 0 && draft.url === '' ? [{ type: 'attempts.open', endpointId: endpointsSample[0]!.id }] : []),
    { type: 'attempts.retry' },
    // (not behind the delete confirmation: the dialog is modal)
    ...(snapshot.matches({ deliveries: 'confirmingDelete' }) || snapshot.matches({ deliveries: 'deleting' }) ? [] : [{ type: 'attempts.close' }]),
    { type: 'xstate.done.actor.loadAttempts', output: [attemptSample(1)] },
    { type: 'xstate.error.actor.loadAttempts', error: new ConsoleApiError(0) },
    ...(lastTest === null ? [{ type: 'endpoint.test' }] : []),
    { type: 'xstate.done.actor.sendTest', output: attemptSample(2, { type: 'ping', statusCode: 500, responseExcerpt: 'boom', deliveryStatus: 'failed' }) },
    { type: 'xstate.error.actor.sendTest', error: new ConsoleApiError(409, 'idempotency_key_in_progress', 'A test is already being sent: try again in a moment.') },
    ...(open?.enabled ? [{ type: 'endpoint.toggle' }] : []),
    ...(open ? [{ type: 'xstate.done.actor.setEnabled', output: { ...open, enabled: !open.enabled, disabledReason: open.enabled ? 'disabled by the vendor' : null } }] : []),
    { type: 'xstate.error.actor.setEnabled', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
    ...(lastTest === null && open?.enabled ? [{ type: 'endpoint.rotate' }, { type: 'endpoint.delete' }] : []),
    ...(open ? [{ type: 'xstate.done.actor.rotateSecret', output: { endpoint: { ...open, previousSecretExpiresAt: '2026-11-30T09:00:00.000Z' }, secret: 'whsec_TmV3U2lnbmluZ1NlY3JldEFmdGVyUm90YXRpb24=' } }] : []),
    { type: 'xstate.error.actor.rotateSecret', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'xstate.done.actor.deleteEndpoint', output: undefined },
    { type: 'xstate.error.actor.deleteEndpoint', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
