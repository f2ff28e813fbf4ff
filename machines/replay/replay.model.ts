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

export function replayModelEvents(): EventObject[] {
  const base = `/token/model-token/vendors/${modelReplayScope.vendorId}/locations/${modelReplayScope.locationId}`;
  return [
    { type: 'replay.save', action: modelAutopayAction },
    { type: 'replay.save', action: modelTileAction },
    { type: 'replay.selected', scope: modelReplayScope },
    { type: 'replay.selected', scope: modelOtherScope },
    { type: 'replay.loaded', scope: modelReplayScope, path: base },
    { type: 'replay.loaded', scope: modelReplayScope, path: replayPath(modelAutopayAction)! },
    { type: 'replay.cancel', id: modelAutopayAction.id },
    { type: 'replay.clearToken', token: 'model-token' },
    { type: 'replay.disable' },
    { type: 'replay.enable' },
    { type: 'replay.clear' },
  ];
}
