import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import type { tokenResolutionMachine } from './token-resolution.machine';
import { TokenInfoError } from './token-resolution.actors';
import type { TokenInfo } from './token-resolution.redirect';

export const MODEL_VENDOR_ID = '0b6d1a0e-5f1c-4a55-9d55-0e4f5a1b7c01';
export const MODEL_LOCATION_ID = '7f3c2e8a-1d4b-4c9e-8a2f-3b5d6e7f8a02';
export const MODEL_REQUEST_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e05';

const scoped = { vendorId: MODEL_VENDOR_ID, locationId: MODEL_LOCATION_ID };

/** One token info per redirect rule. */
export const tokenResolutionModelOutputs: Record<string, TokenInfo> = {
  login: { id: '', type: 'login', status: 'active', vendorId: '', locationId: '' },
  click2pay: { id: MODEL_REQUEST_ID, type: 'click2pay', status: 'active', ...scoped },
  autopay: { id: MODEL_REQUEST_ID, type: 'autopay', status: 'active', ...scoped },
  autopayWithoutId: { id: '', type: 'autopay', status: 'active', ...scoped },
  paymentplan: { id: MODEL_REQUEST_ID, type: 'paymentplan', status: 'active', ...scoped },
  paymentplanComplete: { id: MODEL_REQUEST_ID, type: 'paymentplan', status: 'complete', ...scoped },
};

/** One failure per error-page rule. */
export const tokenResolutionModelErrors: Record<string, TokenInfoError> = {
  expired: new TokenInfoError(401, 'expired'),
  canceled: new TokenInfoError(401, 'canceled'),
  unauthorizedWithoutCode: new TokenInfoError(401),
  serverError: new TokenInfoError(500, 'internal'),
  /** passing failures: asked again after a wait, then the error page */
  busy: new TokenInfoError(503, 'unavailable'),
  network: new TokenInfoError(0),
};

/** The wait before the token info is asked again. */
export const TOKEN_RESOLUTION_RETRY_EVENT = 'xstate.after.retryWait.tokenResolution.retrying';

/** Model events for `xstate/graph` walks: the token info call's done and error events, and the wait before a retry. */
export function tokenResolutionModelEvents(snapshot: SnapshotFrom<typeof tokenResolutionMachine>): EventObject[] {
  const candidates: AnyEventObject[] = [
    ...Object.values(tokenResolutionModelOutputs).map((output) => ({ type: 'xstate.done.actor.fetchTokenInfo', output })),
    ...Object.values(tokenResolutionModelErrors).map((error) => ({ type: 'xstate.error.actor.fetchTokenInfo', error })),
    { type: TOKEN_RESOLUTION_RETRY_EVENT },
  ];
  return candidates.filter((event) => snapshot.can(event as never));
}
