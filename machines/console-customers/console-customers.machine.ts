import { assign, setup } from 'xstate';
import { loadCustomers, type Location } from './console-customers.actors';

export interface ConsoleCustomersContext {
  /** the search as typed */
  draft: string;
  /** the search the list shows */
  name: string;
  customers: Location[];
  cursor: string | null;
  hasMore: boolean;
  moreFailed: boolean;
}

export type ConsoleCustomersEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'customers.more' }
  | { type: 'customers.retry' };

/**
 * The console's Customers: the vendor's locations (its customers), searched by part of their name on the server, a
 * page at a time. The search keeps what was typed and runs when sent.
 *
 * loading ──done──▶ ready ──search.submit──▶ loading        ready ──more [hasMore]──▶ loadingMore ──▶ ready
 *    └─error──▶ failed ──retry──▶ loading
 */
export const consoleCustomersMachine = setup({
  types: {} as { context: ConsoleCustomersContext; events: ConsoleCustomersEvent },
  actors: { loadCustomers },
  guards: { hasMore: ({ context }) => context.hasMore },
}).createMachine({
  id: 'consoleCustomers',
  context: { draft: '', name: '', customers: [], cursor: null, hasMore: false, moreFailed: false },
  initial: 'loading',
  on: {
    'search.change': { actions: assign({ draft: ({ event }) => event.value }) },
    'search.submit': { target: '.loading', reenter: true, actions: assign({ name: ({ context }) => context.draft.trim() }) },
  },
  states: {
    loading: {
      entry: assign({ customers: [], cursor: null, hasMore: false, moreFailed: false }),
      invoke: {
        id: 'loadCustomers',
        src: 'loadCustomers',
        input: ({ context }) => ({ name: context.name, cursor: null }),
        onDone: { target: 'ready', actions: assign({ customers: ({ event }) => event.output.locations, cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'customers.retry': { target: 'loading' } } },
    ready: { on: { 'customers.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      entry: assign({ moreFailed: false }),
      invoke: {
        id: 'loadMoreCustomers',
        src: 'loadCustomers',
        input: ({ context }) => ({ name: context.name, cursor: context.cursor }),
        onDone: {
          target: 'ready',
          actions: assign({ customers: ({ context, event }) => [...context.customers, ...event.output.locations], cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }),
        },
        onError: { target: 'ready', actions: assign({ moreFailed: true }) },
      },
    },
  },
});
