import type { SnapshotFrom } from 'xstate';
import type { tokenResolutionMachine } from './token-resolution.machine';
import { selectIsResolving } from './token-resolution.selectors';

/**
 * The token entry page's view (zag's `connect(state, send)`): whether the token info is still loading (the page shows
 * its spinner). Pure, no React. It takes no `send`: the chart has no user events, it reacts to the token info call and
 * leaves through its provided `redirectToTarget`.
 */
export function connectTokenResolution(snapshot: Pick<SnapshotFrom<typeof tokenResolutionMachine>, 'matches'>) {
  return {
    isResolving: selectIsResolving(snapshot),
  };
}

export type TokenResolutionApi = ReturnType<typeof connectTokenResolution>;
