import { assign, fromPromise, setup } from 'xstate';

/** Events of every load machine. */
export type LoadEvent = { type: 'load.refresh' };

export interface LoadContext<TData, TInput> {
  input: TInput;
  data: TData | undefined;
  error: unknown;
}

/** The loader a load machine invokes: gets the machine input and an abort signal. */
export type Loader<TData, TInput> = (input: TInput, signal: AbortSignal) => Promise<TData>;

/**
 * The generic load lifecycle (spec §4): loading → loaded | failed; `load.refresh` loads again.
 * One factory for the session's vendors, locations and config (`loaders.ts`) and the payment confirmation and
 * payment detail pages: `createLoadMachine('vendorsLoad', fetchVendors)`.
 * The loader is the actor `load` (invoke id `load`), so tests replace it with `.provide({ actors: { load } })`
 * and model walks send `xstate.done.actor.load` / `xstate.error.actor.load`.
 */
export function createLoadMachine<TData, TInput = void>(
  id: string,
  loader: Loader<TData, TInput>,
  /** `refresh: false`: no `load.refresh` (a page whose failure text asks for a browser refresh instead) */
  { refresh = true }: { refresh?: boolean } = {},
) {
  const again = refresh ? { on: { 'load.refresh': 'loading' as const } } : {};
  return setup({
    types: {} as {
      context: LoadContext<TData, TInput>;
      events: LoadEvent;
      input: TInput;
    },
    actors: {
      load: fromPromise<TData, TInput>(({ input, signal }) => loader(input, signal)),
    },
    actions: {
      storeData: assign((_, data: TData) => ({ data, error: undefined })),
      storeError: assign((_, error: unknown) => ({ error })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ input, data: undefined, error: undefined }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }: { context: LoadContext<TData, TInput> }) => context.input,
          onDone: { target: 'loaded', actions: { type: 'storeData', params: ({ event }: { event: { output: TData } }) => event.output } },
          onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          // Cast: xstate's conditional `input` typing cannot resolve for a generic TInput (so the params above
          // name their event's shape themselves).
        } as never,
      },
      // Loaded data stays until a refresh is asked for: "load only once unless a refresh is requested".
      loaded: again,
      failed: again,
    },
  });
}

export type LoadMachine<TData, TInput = void> = ReturnType<typeof createLoadMachine<TData, TInput>>;
