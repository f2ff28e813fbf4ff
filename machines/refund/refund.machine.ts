/**
 * A vendor's refund of a completed payment: refund_pending → refunded | refund_failed. The chart of the rule in
 * core/rules/refunds.ts, which the server's refunds job follows (the machine test checks that chart and rule agree on
 * every state and event). The server holds the state in `refunds.status`; the vendor API shows it. No actors: it is
 * the contract both sides are tested against.
 */
import { setup } from 'xstate';

export type RefundLifecycleEvent = { type: 'refund.succeed' } | { type: 'refund.fail' };

export const refundMachine = setup({
  types: {} as { events: RefundLifecycleEvent },
}).createMachine({
  id: 'refund',
  initial: 'refund_pending',
  states: {
    // Written with its processor idempotency key before any call (a card: sent the day it is made; an ACH credit: on
    // the next Federal Reserve business day). Only the processor's answer, recorded once, leaves this state; a run
    // that died after the call finds the answer by the key.
    refund_pending: { on: { 'refund.succeed': 'refunded', 'refund.fail': 'refund_failed' } },
    // The money went back: the invoices are owed again when the vendor chose so; the customer got a refund receipt.
    refunded: { type: 'final' },
    // The processor refused: nothing went back, and the amount may be refunded again.
    refund_failed: { type: 'final' },
  },
});
