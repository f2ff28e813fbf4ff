import { assign, enqueueActions, setup } from 'xstate';
import { loadStatement, markStatementRequest, type LocationScope, type Statement } from './statement.actors';

export interface StatementContext {
  input: LocationScope;
  statement: Statement | null;
  error: unknown;
  /** The page is on the reader's screen (`page.shown`): only then is the statement request marked. */
  shown: boolean;
  /** The mark was sent (once per page). */
  markSent: boolean;
}

/**
 * `page.shown`: the page is on the reader's screen (the view sends it from an effect, which only a browser runs: the
 * server's render of the first screen only reads, and the browser hydrates what it reached).
 */
export type StatementEvent = { type: 'statement.retry' } | { type: 'page.shown' };

/**
 * The statement page's load (recurring §2.4, §4, §8): loading → loaded | empty | failed. When the answer says the
 * statement request is not marked yet, the PATCH `statementrequest` is spawned once the page is shown (`page.shown`,
 * before or after the answer), once (fire and forget: its errors are ignored, spec §7), so it never holds the page.
 * `failed` offers a retry (the spec's text asks for a refresh; the retry is the same thing without losing the page).
 */
export const statementMachine = setup({
  types: {} as { context: StatementContext; events: StatementEvent; input: LocationScope },
  actors: { loadStatement, markStatementRequest },
  guards: {
    hasLines: (_, statement: Statement) => statement.lines.length > 0,
  },
  actions: {
    store: assign({ statement: (_, statement: Statement) => statement, error: null }),
    markIfUnset: enqueueActions(({ context, enqueue }, statement: Statement | null) => {
      if (!context.shown || context.markSent || !statement || statement.requestMarked) return;
      enqueue.assign({ markSent: true });
      enqueue.spawnChild('markStatementRequest', { id: 'markStatementRequest', input: context.input });
    }),
  },
}).createMachine({
  id: 'statement',
  context: ({ input }) => ({ input, statement: null, error: null, shown: false, markSent: false }),
  initial: 'loading',
  on: {
    'page.shown': {
      guard: ({ context }) => !context.shown,
      actions: [assign({ shown: true }), { type: 'markIfUnset', params: ({ context }) => context.statement }],
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadStatement',
        src: 'loadStatement',
        input: ({ context }) => context.input,
        onDone: [
          {
            guard: { type: 'hasLines', params: ({ event }) => event.output },
            target: 'loaded',
            actions: [{ type: 'store', params: ({ event }) => event.output }, { type: 'markIfUnset', params: ({ event }) => event.output }],
          },
          { target: 'empty', actions: [{ type: 'store', params: ({ event }) => event.output }, { type: 'markIfUnset', params: ({ event }) => event.output }] },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { 'statement.retry': 'loading' } },
  },
});
