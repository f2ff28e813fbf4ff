import type { SnapshotFrom } from 'xstate';
import type { LoadMachine } from './load.machine';

export type LoadStatus = 'loading' | 'loaded' | 'failed';

type AnyLoadSnapshot = SnapshotFrom<LoadMachine<unknown, unknown>>;

export function selectLoadStatus(snapshot: Pick<AnyLoadSnapshot, 'value'>): LoadStatus {
  return snapshot.value as LoadStatus;
}

/** The loaded data, or undefined while loading / after a failure. */
export function selectLoadData<T>(snapshot: { value: unknown; context: { data: T | undefined } }): T | undefined {
  return snapshot.value === 'loaded' ? snapshot.context.data : undefined;
}
