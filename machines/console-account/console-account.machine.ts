import { assign, setup } from 'xstate';
import { loadAccount, type LocationAccount } from './console-account.actors';

export interface ConsoleAccountContext {
  locationId: string;
  account: LocationAccount | null;
}

export type ConsoleAccountEvent = { type: 'account.retry' } | { type: 'account.refresh' };

/**
 * A customer's account on the console's customer page: its AutoPay (active or paused, and why), payment plans, saved
 * payment methods (name, brand, last four, expiry, whether they can pay) and statement deliveries — read for a call
 * with the customer, changed only by the customer in the portal.
 *
 * loading ──▶ ready | gone (not the vendor's) | failed ──retry──▶ loading
 * ready ──refresh──▶ refreshing ──▶ ready (the account read again; kept when that fails)
 */
export const consoleAccountMachine = setup({
  types: {} as { context: ConsoleAccountContext; events: ConsoleAccountEvent; input: { locationId: string } },
  actors: { loadAccount },
  guards: { found: ({ event }) => (event as unknown as { output: LocationAccount | null }).output !== null },
}).createMachine({
  id: 'consoleAccount',
  context: ({ input }) => ({ locationId: input.locationId, account: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: [{ guard: 'found', target: 'ready', actions: assign({ account: ({ event }) => event.output }) }, { target: 'gone' }],
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'account.retry': { target: 'loading' } } },
    gone: { type: 'final' },
    ready: { on: { 'account.refresh': { target: 'refreshing' } } },
    refreshing: {
      invoke: {
        id: 'refreshAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: [{ guard: 'found', target: 'ready', actions: assign({ account: ({ event }) => event.output }) }, { target: 'gone' }],
        onError: { target: 'ready' },
      },
    },
  },
});
