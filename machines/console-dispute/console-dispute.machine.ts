import { assign, setup } from 'xstate';
import { loadDispute, sendReply, setResolved, type DisputeDetail } from './console-dispute.actors';

export interface ConsoleDisputeContext {
  disputeId: string;
  dispute: DisputeDetail | null;
  /** the reply as typed (kept when sending fails) */
  reply: string;
  keyBase: string;
  done: number;
  problem: string | null;
  notice: 'replied' | 'resolved' | 'reopened' | null;
}

export type ConsoleDisputeEvent =
  | { type: 'dispute.retry' }
  | { type: 'reply.change'; value: string }
  | { type: 'reply.send' }
  | { type: 'dispute.resolve' }
  | { type: 'dispute.reopen' };

export const REPLY_MAX = 4000;
/** A reply the server would take: some text, at most REPLY_MAX characters. */
export const replyValid = (text: string) => text.trim() !== '' && text.length <= REPLY_MAX;

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';
const isNotFound = (error: unknown) => (error as { status?: number } | undefined)?.status === 404;

/**
 * The console's dispute page: what the customer disputed or short-paid (reason, notes, amount, the invoice), the
 * replies so far; an AR clerk or an admin replies (the customer reads it on the invoice's page, in the message list
 * and by e-mail), resolves it or reopens it. Each change carries its own Idempotency-Key, the same for a retry.
 *
 * loading ──▶ ready | notFound | failed (retry)
 * ready ──reply.send [some text]──▶ replying ──▶ ready (replied; the text cleared) | ready (problem; the text kept)
 * ready ──resolve [open] / reopen [resolved]──▶ resolving ──▶ ready (resolved | reopened) | ready (problem)
 */
export const consoleDisputeMachine = setup({
  types: {} as { context: ConsoleDisputeContext; events: ConsoleDisputeEvent; input: { disputeId: string } },
  actors: { loadDispute, sendReply, setResolved },
  guards: {
    notFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    replyValid: ({ context }) => replyValid(context.reply),
    isOpen: ({ context }) => context.dispute?.status === 'open',
    isResolved: ({ context }) => context.dispute?.status === 'resolved',
  },
}).createMachine({
  id: 'consoleDispute',
  context: ({ input }) => ({ disputeId: input.disputeId, dispute: null, reply: '', keyBase: newKey(), done: 0, problem: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDispute',
        src: 'loadDispute',
        input: ({ context }) => ({ disputeId: context.disputeId }),
        onDone: { target: 'ready', actions: assign({ dispute: ({ event }) => event.output }) },
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'dispute.retry': { target: 'loading' } } },
    notFound: {},
    ready: {
      on: {
        'reply.change': { actions: assign({ reply: ({ event }) => event.value, problem: null }) },
        'reply.send': { guard: 'replyValid', target: 'replying', actions: assign({ problem: null, notice: null }) },
        'dispute.resolve': { guard: 'isOpen', target: 'resolving', actions: assign({ problem: null, notice: null }) },
        'dispute.reopen': { guard: 'isResolved', target: 'resolving', actions: assign({ problem: null, notice: null }) },
      },
    },
    replying: {
      invoke: {
        id: 'sendReply',
        src: 'sendReply',
        input: ({ context }) => ({ disputeId: context.disputeId, text: context.reply.trim(), idempotencyKey: `${context.keyBase}-${context.done}` }),
        onDone: { target: 'ready', actions: assign({ dispute: ({ event }) => event.output, reply: '', notice: 'replied', done: ({ context }) => context.done + 1 }) },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
    resolving: {
      invoke: {
        id: 'setResolved',
        src: 'setResolved',
        input: ({ context }) => ({ disputeId: context.disputeId, resolved: context.dispute!.status === 'open', idempotencyKey: `${context.keyBase}-${context.done}` }),
        onDone: {
          target: 'ready',
          actions: assign({ dispute: ({ event }) => event.output, notice: ({ event }) => (event.output.status === 'resolved' ? 'resolved' : 'reopened'), done: ({ context }) => context.done + 1 }),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
