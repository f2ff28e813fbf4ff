import { assign, setup } from 'xstate';
import { amountToCents, centsToAmount } from '../../core/rules/money';
import { refundable } from '../../core/rules/refunds';
import type { PaymentGroup } from '../console-payments/console-payments.actors';
import { cancelPayment, createRefund, loadPayment, type Refund } from './console-payment.actors';

export interface RefundDraft {
  /** everything still refundable, or an amount */
  kind: 'full' | 'amount';
  /** dollars as typed */
  amount: string;
  reason: string;
  /** a full refund makes the invoices owed again */
  reopen: boolean;
}

export interface ConsolePaymentContext {
  paymentGroupId: string;
  group: PaymentGroup | null;
  refunds: Refund[];
  refund: RefundDraft;
  cancelReason: string;
  /**
   * The Idempotency-Key of the next refund or cancellation is `<keyBase>-<done>`: the same until one goes through, so a
   * confirmation sent again after a lost answer does the thing once; the next one (after a success) is a new key.
   */
  keyBase: string;
  done: number;
  /** the server's refusal, in its words */
  problem: string | null;
  notice: 'refunded' | 'canceled' | null;
}

export type ConsolePaymentEvent =
  | { type: 'payment.retry' }
  | { type: 'refund.open' }
  | { type: 'refund.change'; field: 'kind' | 'amount' | 'reason' | 'reopen'; value: string }
  | { type: 'refund.submit' }
  | { type: 'cancel.open' }
  | { type: 'cancel.change'; value: string }
  | { type: 'cancel.submit' }
  | { type: 'dialog.close' };

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** Cents still refundable: the server's own rule (core/rules/refunds.ts `refundable`) over what the API answered. */
export function refundableCents(group: PaymentGroup | null, refunds: readonly Refund[]): number {
  if (!group) return 0;
  return refundable({
    totalCents: amountToCents(group.total),
    serviceFeeCents: amountToCents(group.serviceFee),
    lines: group.lines.map((line) => ({ invoiceId: line.invoiceId, paidCents: amountToCents(line.paidAmount) })),
    refunds: refunds.map((r) => ({
      status: r.status,
      amountCents: amountToCents(r.amount),
      feeCents: amountToCents(r.serviceFee),
      lines: r.lines.map((line) => ({ invoiceId: line.invoiceId, amountCents: amountToCents(line.amount) })),
    })),
  }).totalCents;
}

/** A refund the server would consider: an amount of at least a cent and at most what is left, and a reason. */
export function refundDraftValid(draft: RefundDraft, remainingCents: number): boolean {
  if (draft.reason.trim() === '') return false;
  if (draft.kind === 'full') return remainingCents > 0;
  if (!MONEY.test(draft.amount.trim())) return false;
  const cents = amountToCents(Number(draft.amount.trim()));
  return cents > 0 && cents <= remainingCents;
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';
const isNotFound = (error: unknown) => (error as { status?: number } | undefined)?.status === 404;

/**
 * The console's payment page: one payment with its lines, fee, authorization and refunds; an AR clerk or an admin
 * refunds a completed one (in full or an amount) or cancels a scheduled one, each after a confirmation. The server
 * decides what may be refunded (docs/vendor-api.md): its refusal is shown in its words.
 *
 * loading ──▶ ready | notFound | failed (retry)
 * ready ──refund.open [complete, something left]──▶ refunding.editing ──submit [valid]──▶ refunding.sending ──▶ ready (refunded)
 *                                                          ▲                                     └─error──▶ editing (problem)
 * ready ──cancel.open [scheduled]──▶ canceling.editing ──submit [a reason]──▶ canceling.sending ──▶ ready (canceled)
 * editing ──close──▶ ready
 */
export const consolePaymentMachine = setup({
  types: {} as { context: ConsolePaymentContext; events: ConsolePaymentEvent; input: { paymentGroupId: string } },
  actors: { loadPayment, createRefund, cancelPayment },
  guards: {
    notFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    canRefund: ({ context }) => context.group?.status === 'complete' && refundableCents(context.group, context.refunds) > 0,
    canCancel: ({ context }) => context.group?.status === 'scheduled',
    refundValid: ({ context }) => refundDraftValid(context.refund, refundableCents(context.group, context.refunds)),
    cancelValid: ({ context }) => context.cancelReason.trim() !== '',
  },
  actions: {
    freshAttempt: assign({ problem: null, notice: null }),
    refuse: assign({ problem: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'consolePayment',
  context: ({ input }) => ({
    paymentGroupId: input.paymentGroupId,
    group: null,
    refunds: [],
    refund: { kind: 'full', amount: '', reason: '', reopen: false },
    cancelReason: '',
    keyBase: newKey(),
    done: 0,
    problem: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ paymentGroupId: context.paymentGroupId }),
        onDone: { target: 'ready', actions: assign({ group: ({ event }) => event.output.group, refunds: ({ event }) => event.output.refunds }) },
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'payment.retry': { target: 'loading' } } },
    notFound: {},
    ready: {
      on: {
        'refund.open': {
          guard: 'canRefund',
          target: 'refunding',
          actions: [
            'freshAttempt',
            assign({ refund: ({ context }) => ({ kind: 'full' as const, amount: centsToAmount(refundableCents(context.group, context.refunds)).toFixed(2), reason: '', reopen: false }) }),
          ],
        },
        'cancel.open': { guard: 'canCancel', target: 'canceling', actions: ['freshAttempt', assign({ cancelReason: '' })] },
      },
    },
    refunding: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'refund.change': {
              actions: assign({
                refund: ({ context, event }) => ({ ...context.refund, [event.field]: event.field === 'reopen' ? event.value === 'true' : event.value }),
              }),
            },
            'refund.submit': { guard: 'refundValid', target: 'sending' },
            'dialog.close': { target: '#consolePayment.ready' },
          },
        },
        sending: {
          invoke: {
            id: 'createRefund',
            src: 'createRefund',
            input: ({ context }) => ({
              paymentGroupId: context.paymentGroupId,
              amount: context.refund.kind === 'full' ? null : Number(context.refund.amount.trim()),
              reason: context.refund.reason.trim(),
              reopenInvoices: context.refund.kind === 'full' && context.refund.reopen,
              idempotencyKey: `${context.keyBase}-${context.done}`,
            }),
            onDone: { target: '#consolePayment.ready', actions: assign({ refunds: ({ context, event }) => [event.output, ...context.refunds], notice: 'refunded', problem: null, done: ({ context }) => context.done + 1 }) },
            onError: { target: 'editing', actions: 'refuse' },
          },
        },
      },
    },
    canceling: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'cancel.change': { actions: assign({ cancelReason: ({ event }) => event.value }) },
            'cancel.submit': { guard: 'cancelValid', target: 'sending' },
            'dialog.close': { target: '#consolePayment.ready' },
          },
        },
        sending: {
          invoke: {
            id: 'cancelPayment',
            src: 'cancelPayment',
            input: ({ context }) => ({ paymentGroupId: context.paymentGroupId, reason: context.cancelReason.trim(), idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: { target: '#consolePayment.ready', actions: assign({ group: ({ event }) => event.output, notice: 'canceled', problem: null, done: ({ context }) => context.done + 1 }) },
            onError: { target: 'editing', actions: 'refuse' },
          },
        },
      },
    },
  },
});
