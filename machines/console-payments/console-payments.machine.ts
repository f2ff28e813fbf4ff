import { assign, setup } from 'xstate';
import { loadPayments, type PaymentGroup, type PaymentsFilter } from './console-payments.actors';

export interface ConsolePaymentsContext {
  filter: PaymentsFilter;
  groups: PaymentGroup[];
  cursor: string | null;
  hasMore: boolean;
  moreFailed: boolean;
}

export type ConsolePaymentsEvent =
  | { type: 'filter.change'; field: keyof PaymentsFilter; value: string }
  | { type: 'payments.more' }
  | { type: 'payments.retry' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A filter value the server takes: a date field empty or a whole date (a half-typed one waits). */
export const isFilterValue = (field: keyof PaymentsFilter, value: string) => (field === 'from' || field === 'to' ? value === '' || DATE.test(value) : true);

const withChange = ({ context, event }: { context: ConsolePaymentsContext; event: ConsolePaymentsEvent }) =>
  event.type === 'filter.change' ? { ...context.filter, [event.field]: event.value } : context.filter;

/**
 * The console's Payments list: the vendor's payments, newest first, filtered by status, payment date and method on
 * the server, a page at a time.
 *
 * loading ──done──▶ ready ──filter.change [a whole value, another]──▶ loading
 *    └─error──▶ failed ──retry──▶ loading        ready ──more [hasMore]──▶ loadingMore ──▶ ready (appended | moreFailed)
 */
export const emptyPaymentsFilter: PaymentsFilter = { status: '', from: '', to: '', method: '' };

/** The filter a link names (`?status=failed&from=…&to=…&method=…`, as Home's links do): what it holds that is valid. */
export function filterFromQuery(query: URLSearchParams): PaymentsFilter {
  const pick = (field: keyof PaymentsFilter, allowed: (v: string) => boolean) => {
    const value = query.get(field) ?? '';
    return allowed(value) && isFilterValue(field, value) ? value : '';
  };
  return {
    status: pick('status', (v) => ['scheduled', 'processing', 'complete', 'failed', 'canceled', 'returned'].includes(v)) as PaymentsFilter['status'],
    from: pick('from', () => true),
    to: pick('to', () => true),
    method: pick('method', (v) => v === 'CC' || v === 'ACH') as PaymentsFilter['method'],
  };
}

export const consolePaymentsMachine = setup({
  types: {} as { context: ConsolePaymentsContext; events: ConsolePaymentsEvent; input: { filter?: PaymentsFilter } | undefined },
  actors: { loadPayments },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    isNewFilter: ({ context, event }) => event.type === 'filter.change' && isFilterValue(event.field, event.value) && context.filter[event.field] !== event.value,
  },
  actions: { changeFilter: assign({ filter: withChange }) },
}).createMachine({
  id: 'consolePayments',
  context: ({ input }) => ({ filter: input?.filter ?? emptyPaymentsFilter, groups: [], cursor: null, hasMore: false, moreFailed: false }),
  initial: 'loading',
  on: { 'filter.change': { guard: 'isNewFilter', target: '.loading', reenter: true, actions: 'changeFilter' } },
  states: {
    loading: {
      entry: assign({ groups: [], cursor: null, hasMore: false, moreFailed: false }),
      invoke: {
        id: 'loadPayments',
        src: 'loadPayments',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: { target: 'ready', actions: assign({ groups: ({ event }) => event.output.paymentGroups, cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'payments.retry': { target: 'loading' } } },
    ready: { on: { 'payments.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      entry: assign({ moreFailed: false }),
      invoke: {
        id: 'loadMorePayments',
        src: 'loadPayments',
        input: ({ context }) => ({ filter: context.filter, cursor: context.cursor }),
        onDone: {
          target: 'ready',
          actions: assign({ groups: ({ context, event }) => [...context.groups, ...event.output.paymentGroups], cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }),
        },
        onError: { target: 'ready', actions: assign({ moreFailed: true }) },
      },
    },
  },
});
