import { assign, setup } from 'xstate';
import { loadSentMessages, withdrawSentMessage, type SentMessage } from './console-sent-messages.actors';

export interface ConsoleSentMessagesContext {
  /** AR clerks and admins withdraw; a viewer reads */
  editable: boolean;
  items: SentMessage[];
  /** the next page's cursor, or null when every message is listed */
  nextCursor: string | null;
  target: SentMessage | null;
  problem: string | null;
  notice: 'withdrawn' | null;
}

export type ConsoleSentMessagesEvent =
  | { type: 'messages.retry' }
  | { type: 'messages.more' }
  | { type: 'withdraw.ask'; id: string }
  | { type: 'withdraw.confirm' }
  | { type: 'withdraw.cancel' };

const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';
/** The newest first (the API pages by id; the page shows what it has loaded by when it was sent). */
const newestFirst = (items: SentMessage[]) => [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));

/**
 * The Content page's sent template messages (written to a customer from the customer's page, or through the API): the
 * newest first, a hundred at a time (more on request), each with its subject, sender, invoices and customer; AR clerks
 * and admins withdraw one after a confirmation — it leaves the contact's message center.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──messages.more [a next page]──▶ loadingMore ──▶ ready (added) | ready (problem)
 * ready ──withdraw.ask [editable, listed]──▶ confirmingWithdraw ──confirm──▶ withdrawing ──▶ ready (withdrawn) | confirmingWithdraw (problem)
 */
export const consoleSentMessagesMachine = setup({
  types: {} as { context: ConsoleSentMessagesContext; events: ConsoleSentMessagesEvent; input: { editable: boolean } },
  actors: { loadSentMessages, withdrawSentMessage },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    known: ({ context, event }) => context.editable && event.type === 'withdraw.ask' && context.items.some((m) => m.id === event.id),
  },
}).createMachine({
  id: 'consoleSentMessages',
  context: ({ input }) => ({ editable: input.editable, items: [], nextCursor: null, target: null, problem: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSentMessages',
        src: 'loadSentMessages',
        input: () => ({ cursor: null }),
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => newestFirst(event.output.items), nextCursor: ({ event }) => event.output.nextCursor }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'messages.retry': { target: 'loading' } } },
    ready: {
      on: {
        'messages.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ problem: null, notice: null }) },
        'withdraw.ask': { guard: 'known', target: 'confirmingWithdraw', actions: assign({ target: ({ context, event }) => context.items.find((m) => m.id === event.id)!, problem: null, notice: null }) },
      },
    },
    loadingMore: {
      invoke: {
        id: 'loadMoreSentMessages',
        src: 'loadSentMessages',
        input: ({ context }) => ({ cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context, event }) => newestFirst([...context.items, ...event.output.items.filter((m) => !context.items.some((x) => x.id === m.id))]),
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
    confirmingWithdraw: {
      on: {
        'withdraw.confirm': { target: 'withdrawing' },
        'withdraw.cancel': { target: 'ready', actions: assign({ target: null, problem: null }) },
      },
    },
    withdrawing: {
      invoke: {
        id: 'withdrawSentMessage',
        src: 'withdrawSentMessage',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: { target: 'ready', actions: assign({ items: ({ context }) => context.items.filter((m) => m.id !== context.target!.id), target: null, notice: 'withdrawn' }) },
        onError: { target: 'confirmingWithdraw', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
