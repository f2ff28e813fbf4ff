/**
 * A payment group's lifecycle: scheduled → processing → complete | failed; scheduled → canceled; complete → returned
 * (an ACH debit the customer's bank returned days later). The chart of the rule
 * in core/rules/payment-group-lifecycle.ts, which the server's settlement and cancellation follow (the machine test
 * checks that chart and rule agree on every state and event). The server holds the state in `payment_groups.status`;
 * the SPA only shows it (report sections, payment detail), so this chart has no actors: it is the contract both sides
 * are tested against.
 */
import { setup } from 'xstate';

export type PaymentGroupLifecycleEvent =
  | { type: 'charge.send' }
  | { type: 'charge.succeed' }
  | { type: 'charge.decline' }
  | { type: 'payment.cancel' }
  | { type: 'charge.return' };

export const paymentGroupMachine = setup({
  types: {} as { events: PaymentGroupLifecycleEvent },
}).createMachine({
  id: 'paymentGroup',
  initial: 'scheduled',
  states: {
    scheduled: { on: { 'charge.send': 'processing', 'payment.cancel': 'canceled' } },
    // The charge's idempotency key is committed before the processor is called; only its answer leaves this state
    // (a process that died here is resolved by looking the key up), so it cannot be canceled meanwhile.
    processing: { on: { 'charge.succeed': 'complete', 'charge.decline': 'failed' } },
    // Taken; an ACH debit can still come back from the customer's bank (R01, R02, R03, R10, …) some business days later.
    complete: { on: { 'charge.return': 'returned' } },
    // Nothing was taken; the invoices are payable again and paying them makes a new group.
    failed: { type: 'final' },
    canceled: { type: 'final' },
    // The bank sent the money back: the invoices are payable again, the customer was told; paying makes a new group.
    returned: { type: 'final' },
  },
});
