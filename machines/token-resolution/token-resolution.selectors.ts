import type { SnapshotFrom } from 'xstate';
import type { tokenResolutionMachine } from './token-resolution.machine';

type TokenResolutionSnapshot = Pick<SnapshotFrom<typeof tokenResolutionMachine>, 'matches'>;

/** True while the token info is loading or about to be asked again (the page shows its spinner). */
export function selectIsResolving(snapshot: TokenResolutionSnapshot): boolean {
  return snapshot.matches('loading') || snapshot.matches('retrying');
}
