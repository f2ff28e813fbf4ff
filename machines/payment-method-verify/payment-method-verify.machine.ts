import { assign, setup } from 'xstate';
import { verifyPaymentMethod, type VerifyResult } from './payment-method-verify.actors';

export interface PaymentMethodVerifyInput {
  vendorId: string;
  locationId: string;
  paymentMethodId: string;
}

export interface PaymentMethodVerifyContext extends PaymentMethodVerifyInput {
  amountsCents: [number, number] | null;
  /** After a wrong attempt: how many are left (null when the server did not say). */
  attemptsLeft: number | null;
}

export type PaymentMethodVerifyEvent =
  | { type: 'verify.submit'; amountsCents: [number, number] }
  | { type: 'verify.cancel' };

/** Each deposit is under $1: 1 to 99 cents, whole cents. */
export function isDepositCents(cents: number): boolean {
  return Number.isInteger(cents) && cents >= 1 && cents <= 99;
}

/**
 * Verifying a pending bank account with its two micro-deposits (spec §4 "pending and
 * unusable until micro-deposits are verified"):
 *
 * editing ──submit [two amounts 0.01–0.99]──▶ verifying ──verified──▶ verified (list updated)
 *                                                      ├─wrong──▶ wrong (attempts left) ──submit──▶ verifying
 *                                                      ├─locked─▶ locked (contact the representative)
 *                                                      └─error──▶ failed ──submit──▶ verifying
 * Cancel from any state but verifying ends in canceled (a sent answer is never dropped).
 */
export const paymentMethodVerifyMachine = setup({
  types: {} as { context: PaymentMethodVerifyContext; events: PaymentMethodVerifyEvent; input: PaymentMethodVerifyInput },
  actors: { verifyPaymentMethod },
  guards: {
    areAmountsValid: ({ event }) => event.type === 'verify.submit' && event.amountsCents.every(isDepositCents),
    isVerified: (_, r: VerifyResult) => r.result === 'verified',
    isWrong: (_, r: VerifyResult) => r.result === 'wrong',
  },
  actions: {
    storeAmounts: assign({ amountsCents: ({ event, context }) => (event.type === 'verify.submit' ? event.amountsCents : context.amountsCents) }),
    storeAttemptsLeft: assign({ attemptsLeft: (_, r: VerifyResult) => (r.result === 'wrong' ? r.attemptsLeft : null) }),
    /** Provided by the view: updates the session's list (or refreshes it when the answer has no method). */
    notifyVerified: (_, _r: VerifyResult) => {},
  },
}).createMachine({
  id: 'paymentMethodVerify',
  context: ({ input }) => ({ ...input, amountsCents: null, attemptsLeft: null }),
  initial: 'editing',
  states: {
    editing: { on: { 'verify.submit': { guard: 'areAmountsValid', target: 'verifying', actions: 'storeAmounts' }, 'verify.cancel': 'canceled' } },
    verifying: {
      invoke: {
        id: 'verifyPaymentMethod',
        src: 'verifyPaymentMethod',
        input: ({ context }) => ({
          vendorId: context.vendorId, locationId: context.locationId, paymentMethodId: context.paymentMethodId, amountsCents: context.amountsCents ?? [0, 0],
        }),
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => event.output }, target: 'verified', actions: { type: 'notifyVerified', params: ({ event }) => event.output } },
          { guard: { type: 'isWrong', params: ({ event }) => event.output }, target: 'wrong', actions: { type: 'storeAttemptsLeft', params: ({ event }) => event.output } },
          { target: 'locked' },
        ],
        onError: 'failed',
      },
    },
    wrong: { on: { 'verify.submit': { guard: 'areAmountsValid', target: 'verifying', actions: 'storeAmounts' }, 'verify.cancel': 'canceled' } },
    failed: { on: { 'verify.submit': { guard: 'areAmountsValid', target: 'verifying', actions: 'storeAmounts' }, 'verify.cancel': 'canceled' } },
    // Too many wrong attempts: the server refuses every further attempt.
    locked: { on: { 'verify.cancel': 'canceled' } },
    verified: { type: 'final' },
    canceled: { type: 'final' },
  },
});
