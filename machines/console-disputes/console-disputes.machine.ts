import { assign, setup } from 'xstate';
import { loadDisputes, type Dispute, type DisputesFilter } from './console-disputes.actors';

export interface ConsoleDisputesContext {
  filter: DisputesFilter;
  disputes: Dispute[];
  cursor: string | null;
  hasMore: boolean;
  moreFailed: boolean;
}

export type ConsoleDisputesEvent =
  | { type: 'filter.change'; field: keyof DisputesFilter; value: string }
  | { type: 'disputes.more' }
  | { type: 'disputes.retry' };

const VALUES: Record<keyof DisputesFilter, readonly string[]> = { status: ['open', 'resolved'], kind: ['', 'dispute', 'short_pay'] };

/**
 * The console's Disputes inbox: what customers disputed or short-paid, newest first — the open ones (not resolved)
 * or the resolved ones, of one kind or both — filtered on the server, a page at a time.
 *
 * loading ──done──▶ ready ──filter.change [another valid value]──▶ loading
 *    └─error──▶ failed ──retry──▶ loading        ready ──more [hasMore]──▶ loadingMore ──▶ ready (appended | moreFailed)
 */
/** The filter a link names (`?status=resolved&kind=dispute`, as Home's do): what it holds that is valid. */
export function disputesFilterFromQuery(query: URLSearchParams): DisputesFilter {
  const status = query.get('status') ?? 'open';
  const kind = query.get('kind') ?? '';
  return { status: (VALUES.status.includes(status) ? status : 'open') as DisputesFilter['status'], kind: (VALUES.kind.includes(kind) ? kind : '') as DisputesFilter['kind'] };
}

export const consoleDisputesMachine = setup({
  types: {} as { context: ConsoleDisputesContext; events: ConsoleDisputesEvent; input: { filter?: DisputesFilter } | undefined },
  actors: { loadDisputes },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    isNewFilter: ({ context, event }) => event.type === 'filter.change' && VALUES[event.field].includes(event.value) && context.filter[event.field] !== event.value,
  },
}).createMachine({
  id: 'consoleDisputes',
  context: ({ input }) => ({ filter: input?.filter ?? { status: 'open', kind: '' }, disputes: [], cursor: null, hasMore: false, moreFailed: false }),
  initial: 'loading',
  on: {
    'filter.change': {
      guard: 'isNewFilter',
      target: '.loading',
      reenter: true,
      actions: assign({ filter: ({ context, event }) => ({ ...context.filter, [event.field]: event.value }) as DisputesFilter }),
    },
  },
  states: {
    loading: {
      entry: assign({ disputes: [], cursor: null, hasMore: false, moreFailed: false }),
      invoke: {
        id: 'loadDisputes',
        src: 'loadDisputes',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: { target: 'ready', actions: assign({ disputes: ({ event }) => event.output.disputes, cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'disputes.retry': { target: 'loading' } } },
    ready: { on: { 'disputes.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      entry: assign({ moreFailed: false }),
      invoke: {
        id: 'loadMoreDisputes',
        src: 'loadDisputes',
        input: ({ context }) => ({ filter: context.filter, cursor: context.cursor }),
        onDone: {
          target: 'ready',
          actions: assign({ disputes: ({ context, event }) => [...context.disputes, ...event.output.disputes], cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }),
        },
        onError: { target: 'ready', actions: assign({ moreFailed: true }) },
      },
    },
  },
});
