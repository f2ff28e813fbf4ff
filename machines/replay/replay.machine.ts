import { assign, enqueueActions, setup } from 'xstate';
import { emptyReplayState, REPLAY_HISTORY_LIMIT, replayPath, type ReplayState, type SavedAction, type SavedActionStatus } from './replay.types';

export interface Scope {
  token: string;
  vendorId: string;
  locationId: string;
}

export interface ReplayContext extends ReplayState {
  /** The selected token, vendor and location (null before one is selected). */
  scope: Scope | null;
}

export type ReplayEvent =
  /** Save an action (`status` scheduled for request/autopay, none for history records). */
  | { type: 'replay.save'; action: Omit<SavedAction, 'status'> }
  /** The selection changed (after login or a change of vendor or location). */
  | { type: 'replay.selected'; scope: Scope }
  /** The page of the selected location finished loading (vendor and location known). */
  | { type: 'replay.loaded'; scope: Scope; path: string }
  | { type: 'replay.cancel'; id: string }
  | { type: 'replay.clearToken'; token: string }
  | { type: 'replay.enable' }
  | { type: 'replay.disable' }
  /** 401/403: the persisted slice is cleared. */
  | { type: 'replay.clear' };

const sameScope = (a: Scope | null, b: Scope | null) => !!a && !!b && a.token === b.token && a.vendorId === b.vendorId && a.locationId === b.locationId;

/** The scheduled action of a scope (the newest), if any. */
export function pendingFor(actions: readonly SavedAction[], scope: Scope | null): SavedAction | undefined {
  for (let i = actions.length - 1; i >= 0; i--) {
    const a = actions[i];
    if (a.status === 'scheduled' && sameScope(a, scope)) return a;
  }
  return undefined;
}

const persistable = (context: ReplayContext): ReplayState => ({ enabled: context.enabled, everDispatched: context.everDispatched, actions: context.actions });

/**
 * Replay of saved actions (see `replay.types.ts` for what a saved action is). Root events keep the history: `save`
 * schedules an action (a scheduled one of the same token and scope is canceled: the newest link wins), `cancel`,
 * `clearToken`, `clear` (401/403) and the on/off flag (`enable` / `disable`). The chart, while on: `watching` → a
 * selection with a pending action → `awaitingLoad` → the location's page has loaded (same scope) → the action is
 * dispatched: the provided `goToSavedActionPage` goes to its page (replacing history, unless already there), it becomes `sent`
 * and `everDispatched` turns true. Every change is handed to the provided `save` (the persisted slice).
 */
export const replayMachine = setup({
  types: {} as { context: ReplayContext; events: ReplayEvent; input: ReplayState | undefined },
  guards: {
    /** On, and the new selection has a pending action. */
    shouldAwait: ({ context, event }) => context.enabled && event.type === 'replay.selected' && !!pendingFor(context.actions, event.scope),
    /** On, the loaded page is the selection's, and it has a pending action. */
    canDispatch: ({ context, event }) =>
      context.enabled && event.type === 'replay.loaded' && sameScope(event.scope, context.scope) && !!pendingFor(context.actions, context.scope),
  },
  actions: {
    saveAction: assign({
      actions: ({ context, event }) => {
        if (event.type !== 'replay.save') return context.actions;
        const incoming = event.action;
        const status: SavedActionStatus = incoming.replayType === 'none' ? 'none' : 'scheduled';
        const previous = context.actions.map((a) => (status === 'scheduled' && a.status === 'scheduled' && sameScope(a, incoming) ? { ...a, status: 'canceled' as const } : a));
        return [...previous.filter((a) => a.id !== incoming.id), { ...incoming, status }].slice(-REPLAY_HISTORY_LIMIT);
      },
    }),
    setScope: assign({ scope: ({ event }) => (event.type === 'replay.selected' ? event.scope : null) }),
    dispatch: assign(({ context }) => {
      const pending = pendingFor(context.actions, context.scope);
      return {
        everDispatched: context.everDispatched || !!pending,
        actions: context.actions.map((a) => (a === pending ? { ...a, status: 'sent' as const } : a)),
      };
    }),
    cancel: assign({
      actions: ({ context, event }) => context.actions.map((a) => (event.type === 'replay.cancel' && a.id === event.id && a.status === 'scheduled' ? { ...a, status: 'canceled' as const } : a)),
    }),
    clearToken: assign({ actions: ({ context, event }) => context.actions.filter((a) => !(event.type === 'replay.clearToken' && a.token === event.token)) }),
    clearAll: assign(() => ({ ...emptyReplayState, scope: null })),
    navigateToPending: enqueueActions(({ context, event, enqueue }) => {
      const pending = pendingFor(context.actions, context.scope);
      const to = pending ? replayPath(pending) : null;
      // Already there (the link led straight to it): nothing to navigate, the action is sent all the same.
      if (to && !(event.type === 'replay.loaded' && event.path === to)) enqueue({ type: 'goToSavedActionPage', params: { to } } as never);
    }),
    /** Provided: navigates (replace) to the dispatched action's page. */
    goToSavedActionPage: (_, _params: { to: string }) => {},
    /** Provided: writes the replay state into the persisted slice. */
    save: (_, _params: ReplayState) => {},
  },
}).createMachine({
  id: 'replay',
  context: ({ input }) => ({ ...(input ?? emptyReplayState), scope: null }),
  initial: 'watching',
  on: {
    'replay.save': { actions: ['saveAction', { type: 'save', params: ({ context }) => persistable(context) }] },
    'replay.cancel': { actions: ['cancel', { type: 'save', params: ({ context }) => persistable(context) }] },
    'replay.clearToken': { actions: ['clearToken', { type: 'save', params: ({ context }) => persistable(context) }] },
    'replay.clear': { target: '.watching', actions: ['clearAll', { type: 'save', params: ({ context }) => persistable(context) }] },
    'replay.enable': { actions: [assign({ enabled: true }), { type: 'save', params: ({ context }) => persistable(context) }] },
    'replay.disable': { target: '.watching', actions: [assign({ enabled: false }), { type: 'save', params: ({ context }) => persistable(context) }] },
  },
  states: {
    watching: {
      on: {
        'replay.selected': [
          { guard: 'shouldAwait', target: 'awaitingLoad', actions: 'setScope' },
          { actions: 'setScope' },
        ],
        // An action saved after the selection (the link's own location, saved while its page loads) replays on the load.
        'replay.loaded': { guard: 'canDispatch', actions: ['navigateToPending', 'dispatch', { type: 'save', params: ({ context }) => persistable(context) }] },
      },
    },
    // Why wait: the replayed page needs the vendor and location loaded (the choosers done) — replaying on the selection
    // alone would navigate while the location page is still resolving its context.
    awaitingLoad: {
      on: {
        'replay.selected': [
          { guard: 'shouldAwait', target: 'awaitingLoad', reenter: true, actions: 'setScope' },
          { target: 'watching', actions: 'setScope' },
        ],
        'replay.loaded': { guard: 'canDispatch', target: 'watching', actions: ['navigateToPending', 'dispatch', { type: 'save', params: ({ context }) => persistable(context) }] },
      },
    },
  },
});
