/** Model events of the replay machine (walks, the registry). */
import type { AnyEventObject as EventObject } from 'xstate';
import { replayPath, type SavedAction } from './replay.types';

export const modelReplayScope = { token: 'model-token', vendorId: '5d0c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f', locationId: '6e1d2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a' };
export const modelOtherScope = { ...modelReplayScope, locationId: '7f2e3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b' };
export const modelRequestId = '8a3f4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b6c';

export const modelAutopayAction: Omit<SavedAction, 'status'> = {
  id: `autopay:${modelRequestId}`, ...modelReplayScope, replayType: 'autopay', requestId: modelRequestId, page: null, savedAt: '2026-11-23T12:00:00.000Z',
};
export const modelTileAction: Omit<SavedAction, 'status'> = {
  id: 'none:remit', ...modelReplayScope, replayType: 'none', requestId: null, page: 'remit', savedAt: '2026-11-23T12:01:00.000Z',
};

interface ReplaySnapshot {
  value: unknown;
  context: { enabled: boolean; everDispatched: boolean; scope: { locationId: string } | null; actions: Array<{ id: string; status: string }> };
}

/**
 * Model events, offered per state so the model stays a small graph (every transition, not every history): save,
 * select, load (at the location base and on the replayed page itself), cancel, clear per token, on/off, clear on 401.
 */
export function replayModelEvents(snapshot?: ReplaySnapshot): EventObject[] {
  const base = `/token/model-token/vendors/${modelReplayScope.vendorId}/locations/${modelReplayScope.locationId}`;
  const save = { type: 'replay.save', action: modelAutopayAction };
  const selectMine = { type: 'replay.selected', scope: modelReplayScope };
  const selectOther = { type: 'replay.selected', scope: modelOtherScope };
  const loadedBase = { type: 'replay.loaded', scope: modelReplayScope, path: base };
  const loadedTarget = { type: 'replay.loaded', scope: modelReplayScope, path: replayPath(modelAutopayAction)! };
  if (!snapshot) return [save, selectMine, selectOther, loadedBase];
  const { context, value } = snapshot;
  const autopay = context.actions.find((a) => a.id === modelAutopayAction.id);
  const tile = context.actions.find((a) => a.id === modelTileAction.id);
  const onMine = context.scope?.locationId === modelReplayScope.locationId;
  if (!context.enabled) return [{ type: 'replay.enable' }];
  if (context.everDispatched) return [{ type: 'replay.clear' }];
  if (tile) return [{ type: 'replay.clearToken', token: 'model-token' }];
  if (autopay?.status === 'canceled') return [];
  if (!autopay) {
    if (context.scope === null) return [save, { type: 'replay.save', action: modelTileAction }, selectMine, { type: 'replay.disable' }];
    return onMine ? [save] : [];
  }
  if (value === 'awaitingLoad') return [loadedBase, loadedTarget, selectOther, selectMine];
  if (onMine) return [loadedBase];
  return context.scope === null ? [selectMine, selectOther, { type: 'replay.cancel', id: modelAutopayAction.id }] : [selectMine];
}
