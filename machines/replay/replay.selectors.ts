import type { SnapshotFrom } from 'xstate';
import type { replayMachine } from './replay.machine';

type Snapshot = SnapshotFrom<typeof replayMachine>;

export const selectReplayEnabled = (s: Snapshot) => s.context.enabled;
export const selectEverDispatched = (s: Snapshot) => s.context.everDispatched;
export const selectActionHistory = (s: Snapshot) => s.context.actions;
export const selectIsAwaitingLoad = (s: Snapshot) => s.matches('awaitingLoad');
