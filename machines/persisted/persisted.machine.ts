import { assign, setup } from 'xstate';
import { emptyReplayState, parseReplayState, type ReplayState } from '../replay/replay.types';

/** Local storage key of the persisted slice (spec §3: "a persisted slice is kept locally, version 1"). */
export const PERSISTED_STORE_KEY = 'performancepay.persisted';
export const PERSISTED_STORE_VERSION = 1;

export interface PersistedState {
  version: typeof PERSISTED_STORE_VERSION;
  /** Last payment method used successfully (spec §4: kept in local storage). */
  lastPaymentMethodId: string | null;
  /** Saved actions and their flags (`machines/replay`); absent in older stored values → empty. */
  replay: ReplayState;
}

export const emptyPersistedState: PersistedState = { version: PERSISTED_STORE_VERSION, lastPaymentMethodId: null, replay: emptyReplayState };

/** True when nothing is worth storing (the key is removed instead). */
export function isEmptyPersisted(state: PersistedState): boolean {
  return state.lastPaymentMethodId === null && state.replay.actions.length === 0 && state.replay.enabled && !state.replay.everDispatched;
}

/** Reads a stored value; anything unreadable or of another version starts empty. */
export function parsePersisted(raw: string | null | undefined): PersistedState {
  if (!raw) return emptyPersistedState;
  try {
    const value = JSON.parse(raw) as Partial<PersistedState>;
    if (value.version !== PERSISTED_STORE_VERSION) return emptyPersistedState;
    return {
      version: PERSISTED_STORE_VERSION,
      lastPaymentMethodId: typeof value.lastPaymentMethodId === 'string' ? value.lastPaymentMethodId : null,
      replay: parseReplayState(value.replay),
    };
  } catch {
    return emptyPersistedState;
  }
}

export type PersistedEvent =
  | { type: 'persisted.lastPaymentMethod'; paymentMethodId: string }
  | { type: 'persisted.replay'; replay: ReplayState }
  | { type: 'persisted.clear' };

/**
 * The persisted store: restored from local storage (input), every change written back by the
 * provided `save` action; cleared on an unauthorised answer.
 */
export const persistedMachine = setup({
  types: {} as { context: PersistedState; events: PersistedEvent; input: PersistedState | undefined },
  actions: {
    /** Provided: writes the state to local storage (or removes the key when cleared). */
    save: (_, _params: PersistedState) => {},
  },
}).createMachine({
  id: 'persisted',
  context: ({ input }) => input ?? emptyPersistedState,
  initial: 'ready',
  states: {
    ready: {
      on: {
        'persisted.lastPaymentMethod': {
          actions: [assign({ lastPaymentMethodId: ({ event }) => event.paymentMethodId }), { type: 'save', params: ({ context }) => context }],
        },
        'persisted.replay': { actions: [assign({ replay: ({ event }) => event.replay }), { type: 'save', params: ({ context }) => context }] },
        'persisted.clear': { actions: [assign(() => emptyPersistedState), { type: 'save', params: ({ context }) => context }] },
      },
    },
  },
});
