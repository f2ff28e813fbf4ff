import { assign, fromPromise, setup } from 'xstate';

/** One choosable option (a vendor or a location), already in display order. */
export interface ChooserOption {
  id: string;
  label: string;
  detail?: string;
  imageUrl?: string | null;
}

export interface ChooserOptions {
  options: ChooserOption[];
  /** How many vendors the contact has (the location chooser shows the change-location bar only with more than one). */
  vendorCount: number;
}

export interface ChooserContext extends ChooserOptions {
  chosenId: string | null;
}

export type ChooserEvent = { type: 'chooser.choose'; id: string } | { type: 'chooser.retry' };

/**
 * Vendor or location chooser (spec §2): loading → choosing, or straight on to the only option
 * (auto-forward, replacing the history entry), or failed (retry). `loadOptions` is provided by
 * the app from the session's load-once vendor/location slices; `forwardToOnlyOption` (replace)
 * and `goToChosenOption` (push) are the provided navigation.
 */
export const chooserMachine = setup({
  types: {} as { context: ChooserContext; events: ChooserEvent },
  actors: {
    loadOptions: fromPromise<ChooserOptions, { refresh: boolean }>(async () => ({ options: [], vendorCount: 0 })),
  },
  guards: {
    hasSingleOption: (_, { options }: ChooserOptions) => options.length === 1,
    isOption: ({ context, event }) => event.type === 'chooser.choose' && context.options.some((o) => o.id === event.id),
  },
  actions: {
    storeOptions: assign((_, { options, vendorCount }: ChooserOptions) => ({ options, vendorCount })),
    /** Provided: navigate to the option, replacing the chooser in history. */
    forwardToOnlyOption: (_, _params: { id: string }) => {},
    /** Provided: navigate to the option. */
    goToChosenOption: (_, _params: { id: string }) => {},
  },
}).createMachine({
  id: 'chooser',
  context: { options: [], vendorCount: 0, chosenId: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ event }) => ({ refresh: event.type === 'chooser.retry' }),
        onDone: [
          { guard: { type: 'hasSingleOption', params: ({ event }) => event.output }, target: 'forwarding', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
          { target: 'choosing', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    choosing: {
      on: { 'chooser.choose': { guard: 'isOption', target: 'chosen', actions: assign({ chosenId: ({ event }) => event.id }) } },
    },
    // Exactly one option: the user goes straight on (spec: auto-forward).
    forwarding: {
      type: 'final',
      entry: [assign({ chosenId: ({ context }) => context.options[0]?.id ?? null }), { type: 'forwardToOnlyOption', params: ({ context }) => ({ id: context.options[0]?.id ?? '' }) }],
    },
    chosen: {
      type: 'final',
      entry: { type: 'goToChosenOption', params: ({ context }) => ({ id: context.chosenId ?? '' }) },
    },
    failed: { on: { 'chooser.retry': 'loading' } },
  },
});
