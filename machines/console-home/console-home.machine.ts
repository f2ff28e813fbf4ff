import { assign, setup } from 'xstate';
import { loadOverview, type Overview } from './console-home.actors';

export interface ConsoleHomeContext {
  overview: Overview | null;
}

export type ConsoleHomeEvent = { type: 'home.retry' } | { type: 'home.refresh' };

/**
 * The console's Home: how collections stand — today's and this week's, what is scheduled and processing, what failed
 * or came back, open disputes and short-pays, failing webhook endpoints — each a link to the list that shows them.
 *
 * loading ──done──▶ ready ──refresh──▶ refreshing ──▶ ready (the figures stay while they are read again)
 *    └─error──▶ failed ──retry──▶ loading                  └─error──▶ ready (the last figures kept)
 */
export const consoleHomeMachine = setup({
  types: {} as { context: ConsoleHomeContext; events: ConsoleHomeEvent },
  actors: { loadOverview },
}).createMachine({
  id: 'consoleHome',
  context: { overview: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'loadOverview', src: 'loadOverview', onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output }) }, onError: { target: 'failed' } },
    },
    failed: { on: { 'home.retry': { target: 'loading' } } },
    ready: { on: { 'home.refresh': { target: 'refreshing' } } },
    refreshing: {
      invoke: { id: 'refreshOverview', src: 'loadOverview', onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output }) }, onError: { target: 'ready' } },
    },
  },
});
