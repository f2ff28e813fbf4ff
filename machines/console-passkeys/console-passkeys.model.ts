import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { Passkey } from './console-passkeys.actors';
import type { consolePasskeysMachine } from './console-passkeys.machine';

export const passkeySample: Passkey = { id: '6a1f3b7c-2d4e-4f8a-9b0c-1d2e3f4a5b6c', name: 'Work laptop', createdAt: '2026-11-20T15:00:00.000Z', lastUsedAt: '2026-11-28T14:10:00.000Z' };

/**
 * Model events: the person's passkeys (one, or none), offline, retry; a name typed and a passkey added — the options,
 * the browser's prompt (or cancelled), the server's verification (or refused); the passkey removed after its
 * confirmation (cancelled, refused, or removed).
 */
export function consolePasskeysModelEvents(snapshot: SnapshotFrom<typeof consolePasskeysMachine>): EventObject[] {
  const { passkeys, name, notice } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'passkeys.retry' },
    { type: 'xstate.done.actor.loadPasskeys', output: [passkeySample] },
    { type: 'xstate.done.actor.loadPasskeys', output: [] },
    { type: 'xstate.error.actor.loadPasskeys', error: new ConsoleApiError(0) },
    ...(name === '' && notice === null && passkeys.length < 2 ? [{ type: 'name.change', value: 'Phone' }] : []),
    { type: 'passkey.add' },
    { type: 'xstate.done.actor.loadRegistrationOptions', output: { challenge: 'm3Q1bWxKc2dVcG9Wd2VhWXh0S2pGd1E', rp: { name: 'PerformancePay console', id: 'localhost' }, user: { id: 'dXNlcg', name: 'dana@vendor.example', displayName: 'Dana Whitfield' }, pubKeyCredParams: [{ alg: -7, type: 'public-key' }] } },
    { type: 'xstate.error.actor.loadRegistrationOptions', error: new ConsoleApiError(422, 'limit_reached', 'A person keeps at most 20 passkeys: remove one first.') },
    { type: 'xstate.done.actor.createPasskey', output: { id: 'q2xv3Zf1mVh8Wc0s7N4t9A', rawId: 'q2xv3Zf1mVh8Wc0s7N4t9A', type: 'public-key', response: { clientDataJSON: 'eyJ9', attestationObject: 'o2Nm' }, clientExtensionResults: {} } },
    { type: 'xstate.error.actor.createPasskey', error: new ConsoleApiError(0, 'cancelled', 'The operation either timed out or was not allowed.') },
    { type: 'xstate.done.actor.savePasskey', output: { id: '7b2a4c8d-3e5f-4a9b-8c1d-2e3f4a5b6c7d', name: name.trim(), createdAt: '2026-11-29T11:30:00.000Z', lastUsedAt: null } },
    { type: 'xstate.error.actor.savePasskey', error: new ConsoleApiError(422, 'challenge_expired', 'That passkey request has expired or was used already. Try again.') },
    ...(passkeys.some((p) => p.id === passkeySample.id) && notice === null ? [{ type: 'remove.ask', passkeyId: passkeySample.id }] : []),
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'xstate.done.actor.removePasskey' },
    { type: 'xstate.error.actor.removePasskey', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
