import { assign, fromPromise, setup } from 'xstate';
import { nextSort, type ReportSort } from '../../core/rules/reports';

/** Events of a report machine. `report.sort` exists only on sortable reports. */
export type ReportEvent = { type: 'report.sort'; column: string };

export interface ReportContext<TRow, TInput> {
  input: TInput;
  rows: TRow[];
  /** The sort the table shows (sortable reports); null for reports with a fixed order. */
  sort: ReportSort | null;
  error: unknown;
}

export type ReportLoader<TRow, TInput> = (input: TInput, signal: AbortSignal) => Promise<TRow[]>;

/**
 * A report's lifecycle: loading → loaded | empty | failed. The loader is the actor `load` (invoke id `load`, so walks
 * send `xstate.done.actor.load` / `xstate.error.actor.load`). With `defaultSort`, `report.sort {column}` in `loaded`
 * flips the direction of the sorted column or sorts another column ascending; the rows stay as loaded, the view and the
 * CSV export order them by `context.sort` (one sort per change, in the table).
 */
export function createReportMachine<TRow, TInput>(id: string, loader: ReportLoader<TRow, TInput>, defaultSort: ReportSort | null) {
  return setup({
    types: {} as { context: ReportContext<TRow, TInput>; events: ReportEvent; input: TInput },
    actors: { load: fromPromise<TRow[], TInput>(({ input, signal }) => loader(input, signal)) },
    guards: {
      hasRows: (_, rows: TRow[]) => rows.length > 0,
    },
    actions: {
      storeRows: assign((_, rows: TRow[]) => ({ rows, error: undefined })),
      storeError: assign((_, error: unknown) => ({ error })),
      sort: assign(({ context, event }) => ({ sort: context.sort ? nextSort(context.sort, event.column) : null })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ input, rows: [], sort: defaultSort, error: undefined }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }: { context: ReportContext<TRow, TInput> }) => context.input,
          onDone: [
            {
              guard: { type: 'hasRows', params: ({ event }: { event: { output: TRow[] } }) => event.output },
              target: 'loaded',
              actions: { type: 'storeRows', params: ({ event }: { event: { output: TRow[] } }) => event.output },
            },
            { target: 'empty' },
          ],
          onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          // Cast: xstate's conditional `input` typing cannot resolve for a generic TInput (so the params above
          // name their event's shape themselves).
        } as never,
      },
      loaded: defaultSort ? { on: { 'report.sort': { actions: 'sort' } } } : {},
      empty: {},
      failed: {},
    },
  });
}
