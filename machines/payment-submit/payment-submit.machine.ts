import { assign, setup } from 'xstate';
import { submitPayment, type PaymentGroupCreated, type PaymentGroupRequest } from './payment-submit.actors';

export interface PaymentSubmitInput {
  vendorId: string;
  locationId: string;
  /** Makes the Idempotency-Key of a new attempt (injected; crypto.randomUUID in the app). */
  createKey?: () => string;
}

export interface PaymentSubmitContext {
  vendorId: string;
  locationId: string;
  /** The attempt being submitted: its body and its key, kept for a retry. */
  request: PaymentGroupRequest | null;
  idempotencyKey: string | null;
  result: PaymentGroupCreated | null;
  error: unknown;
}

export type PaymentSubmitEvent =
  | { type: 'payment.submit'; request: PaymentGroupRequest }
  | { type: 'payment.retry' }
  | { type: 'payment.dismiss' };

function defaultKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * An injected key factory, by actor: kept beside the context, not in it, so that the context is data only and the
 * snapshot can be carried in a page (a machine restored from one makes its keys with crypto.randomUUID).
 */
const keyFactories = new WeakMap<object, () => string>();

/**
 * Payment submit (spec §4): idle → submitting → confirmed | failed.
 *
 * Exactly once: a submit starts an attempt with a new Idempotency-Key; while submitting further submits are ignored
 * (a double click sends one POST); a retry from failed resends the SAME body with the SAME key, so the server
 * answers the first result instead of creating a second payment group. Dismissing the failure ends the attempt:
 * the next submit (perhaps with another method) is a new attempt with a new key.
 *
 * On success the provided `goToConfirmation` action clears the selection, stores the last payment method and goes to
 * the thank-you page.
 */
export const paymentSubmitMachine = setup({
  types: {} as { context: PaymentSubmitContext; events: PaymentSubmitEvent; input: PaymentSubmitInput },
  actors: { submitPayment },
  guards: {
    hasInvoices: ({ event }) => event.type === 'payment.submit' && event.request.invoices.length > 0,
  },
  actions: {
    newAttempt: assign(({ self, event }) =>
      event.type === 'payment.submit' ? { request: event.request, idempotencyKey: (keyFactories.get(self) ?? defaultKey)(), error: undefined } : {}),
    /** Provided by the page: clear the selection, store the last used method, go to the thank-you page. */
    goToConfirmation: (_, _params: { result: PaymentGroupCreated; request: PaymentGroupRequest }) => {},
  },
}).createMachine({
  id: 'paymentSubmit',
  context: ({ input, self }) => {
    if (input.createKey) keyFactories.set(self, input.createKey);
    return {
      vendorId: input.vendorId,
      locationId: input.locationId,
      request: null,
      idempotencyKey: null,
      result: null,
      error: undefined,
    };
  },
  initial: 'idle',
  states: {
    idle: { on: { 'payment.submit': { guard: 'hasInvoices', target: 'submitting', actions: 'newAttempt' } } },
    submitting: {
      invoke: {
        id: 'submitPayment',
        src: 'submitPayment',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, idempotencyKey: context.idempotencyKey!, request: context.request! }),
        onDone: {
          target: 'confirmed',
          actions: [assign({ result: ({ event }) => event.output }), { type: 'goToConfirmation', params: ({ context, event }) => ({ result: event.output, request: context.request! }) }],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    confirmed: { type: 'final' },
    // The "Could not process payment" modal: retry the same attempt, or close it and change the form.
    failed: { on: { 'payment.retry': 'submitting', 'payment.dismiss': { target: 'idle', actions: assign({ request: null, idempotencyKey: null }) } } },
  },
});
