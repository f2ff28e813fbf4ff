import type { SnapshotFrom } from 'xstate';
import type { tokenResolutionMachine } from './token-resolution.machine';

type TokenResolutionSnapshot = SnapshotFrom<typeof tokenResolutionMachine>;

/** True while the token info is loading (the page shows its spinner). */
export function selectIsResolving(snapshot: TokenResolutionSnapshot): boolean {
  return snapshot.matches('loading');
}
