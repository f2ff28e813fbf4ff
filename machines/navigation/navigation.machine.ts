import { assign, setup } from 'xstate';

export interface NavigationContext {
  to: string | null;
  from: string | null;
  /** Paths visited in this session, oldest first. */
  visited: string[];
}

export type NavigationEvent = { type: 'navigation.visit'; path: string };

/** Location base exactly: /token/{token}/vendors/{vendorId}/locations/{locationId}. */
export const LOCATION_BASE_PATTERN = /^\/token\/[^/]+\/vendors\/[^/]+\/locations\/[^/]+\/?$/;

export function isLocationBase(path: string): boolean {
  return LOCATION_BASE_PATTERN.test(path);
}

export interface NavigationInput {
  /** History restored from session storage. */
  restored?: NavigationContext | null;
}

/**
 * Session navigation history (spec §2): every navigation records to, from and the visited path.
 * Visiting the location base exactly clears the history (it then starts from the base). The
 * provided `save` action keeps it in session storage.
 */
export const navigationMachine = setup({
  types: {} as { context: NavigationContext; events: NavigationEvent; input: NavigationInput | undefined },
  guards: {
    isNewPath: ({ context, event }) => event.path !== context.to,
    isLocationBase: ({ event }) => isLocationBase(event.path),
  },
  actions: {
    record: assign(({ context, event }) => ({ from: context.to, to: event.path, visited: [...context.visited, event.path] })),
    clear: assign(({ event }) => ({ from: null, to: event.path, visited: [event.path] })),
    /** Provided: persists the history for the session. */
    save: (_, _params: NavigationContext) => {},
  },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => input?.restored ?? { to: null, from: null, visited: [] },
  initial: 'tracking',
  states: {
    tracking: {
      on: {
        'navigation.visit': [
          { guard: 'isLocationBase', actions: ['clear', { type: 'save', params: ({ context }) => context }] },
          { guard: 'isNewPath', actions: ['record', { type: 'save', params: ({ context }) => context }] },
        ],
      },
    },
  },
});
