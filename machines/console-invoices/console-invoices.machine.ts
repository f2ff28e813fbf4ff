import { assign, setup } from 'xstate';
import { emptySearch, loadInvoices, type Invoice, type InvoiceSearch } from './console-invoices.actors';

export interface ConsoleInvoicesContext {
  /** what the search form holds (kept as typed) */
  draft: InvoiceSearch;
  /** the search the list shows */
  search: InvoiceSearch;
  invoices: Invoice[];
  cursor: string | null;
  hasMore: boolean;
  moreFailed: boolean;
  /** the search was sent with a date that is not a whole date */
  badDate: boolean;
}

export type ConsoleInvoicesEvent =
  | { type: 'search.change'; field: keyof InvoiceSearch; value: string }
  | { type: 'search.submit' }
  | { type: 'search.clear' }
  | { type: 'invoices.more' }
  | { type: 'invoices.retry' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A search the server takes: each date empty or whole. */
export const searchValid = (search: InvoiceSearch) => [search.dueFrom, search.dueTo].every((d) => d === '' || DATE.test(d));

/**
 * The console's Invoices search: the vendor's invoices filtered on the server by number (its beginning), customer,
 * status and due dates, a page at a time. The form keeps what was typed; a search runs when it is submitted.
 *
 * loading ──done──▶ ready ──search.submit [dates whole]──▶ loading        (a date half typed: badDate, no call)
 *    └─error──▶ failed ──retry──▶ loading        ready ──more [hasMore]──▶ loadingMore ──▶ ready (appended | moreFailed)
 */
/** The search a link names (`?number=…&customer=…`, as a customer's page does): its text fields, bounded. */
export function searchFromQuery(query: URLSearchParams): InvoiceSearch {
  return { ...emptySearch, number: (query.get('number') ?? '').slice(0, 50), customer: (query.get('customer') ?? '').slice(0, 100) };
}

export const consoleInvoicesMachine = setup({
  types: {} as { context: ConsoleInvoicesContext; events: ConsoleInvoicesEvent; input: { search?: InvoiceSearch } | undefined },
  actors: { loadInvoices },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    draftValid: ({ context }) => searchValid(context.draft),
  },
}).createMachine({
  id: 'consoleInvoices',
  context: ({ input }) => ({ draft: input?.search ?? emptySearch, search: input?.search ?? emptySearch, invoices: [], cursor: null, hasMore: false, moreFailed: false, badDate: false }),
  initial: 'loading',
  on: {
    'search.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), badDate: false }) },
    'search.submit': [
      { guard: 'draftValid', target: '.loading', reenter: true, actions: assign({ search: ({ context }) => context.draft, badDate: false }) },
      { actions: assign({ badDate: true }) },
    ],
    'search.clear': { target: '.loading', reenter: true, actions: assign({ draft: emptySearch, search: emptySearch, badDate: false }) },
  },
  states: {
    loading: {
      entry: assign({ invoices: [], cursor: null, hasMore: false, moreFailed: false }),
      invoke: {
        id: 'loadInvoices',
        src: 'loadInvoices',
        input: ({ context }) => ({ search: context.search, cursor: null }),
        onDone: { target: 'ready', actions: assign({ invoices: ({ event }) => event.output.invoices, cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'invoices.retry': { target: 'loading' } } },
    ready: { on: { 'invoices.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      entry: assign({ moreFailed: false }),
      invoke: {
        id: 'loadMoreInvoices',
        src: 'loadInvoices',
        input: ({ context }) => ({ search: context.search, cursor: context.cursor }),
        onDone: {
          target: 'ready',
          actions: assign({ invoices: ({ context, event }) => [...context.invoices, ...event.output.invoices], cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }),
        },
        onError: { target: 'ready', actions: assign({ moreFailed: true }) },
      },
    },
  },
});
