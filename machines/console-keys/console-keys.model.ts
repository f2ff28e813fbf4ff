import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { ApiKey } from './console-keys.actors';
import type { consoleKeysMachine } from './console-keys.machine';

export const keysModelInput = { timeZone: 'America/New_York' };

export const keySample = (n: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: `4f0c2b1${n}-8d7e-4a6b-9c5d-3e2f1a0b9c8d`,
  name: n === 1 ? 'ERP sync' : `Key ${n}`,
  prefix: `ppk_ab12cd3${n}`,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  access: 'full',
  expiresAt: null,
  ...overrides,
});

export const keysSample = [keySample(1), keySample(2, { revokedAt: '2026-11-20T10:00:00.000Z' })];

/**
 * Model events: the keys' answer (one live, one revoked), offline, retry; a name typed, read-only chosen, an expiry
 * day; creating (its secret shown once, then closed) or refused; revoking the live key after its confirmation, or not.
 */
export function consoleKeysModelEvents(snapshot: SnapshotFrom<typeof consoleKeysMachine>): EventObject[] {
  const { draft, keys, done } = snapshot.context;
  const live = keys.find((k) => k.revokedAt === null);
  const candidates: AnyEventObject[] = [
    { type: 'keys.retry' },
    { type: 'xstate.done.actor.loadKeys', output: keysSample },
    { type: 'xstate.error.actor.loadKeys', error: new ConsoleApiError(0) },
    ...(done === 0 && draft.name === '' ? [{ type: 'draft.change', field: 'name', value: 'Reconciliation' }] : []),
    ...(done === 0 && draft.access === 'full' ? [{ type: 'draft.change', field: 'access', value: 'read' }] : []),
    ...(done === 0 && draft.expires === '' ? [{ type: 'draft.change', field: 'expires', value: '2027-06-30' }] : []),
    { type: 'key.create' },
    {
      type: 'xstate.done.actor.createKey',
      output: { key: keySample(3, { name: draft.name.trim(), access: draft.access, expiresAt: draft.expires ? '2027-06-30T04:00:00.000Z' : null }), secret: 'ppk_ab12cd33_QmFzZTY0U2VjcmV0S2V5VmFsdWU' },
    },
    { type: 'xstate.error.actor.createKey', error: new ConsoleApiError(400, 'validation_failed', 'expiresAt: must be in the future') },
    { type: 'secret.close' },
    ...(live && live.id === keysSample[0]!.id ? [{ type: 'revoke.ask', keyId: live.id }] : []),
    { type: 'revoke.confirm' },
    { type: 'revoke.cancel' },
    { type: 'xstate.done.actor.revokeKey', output: { ...keysSample[0]!, revokedAt: '2026-11-29T12:00:00.000Z' } },
    { type: 'xstate.error.actor.revokeKey', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
