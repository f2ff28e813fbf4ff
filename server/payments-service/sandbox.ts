/**
 * The sandbox processor: no network, deterministic outcomes by test card number (documented in
 * `openapi/payments.yaml`, keep both in sync), and fixed micro-deposits of $0.32 and $0.45 so testers, demos and
 * end-to-end tests can finish a bank-account verification.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_PROVIDERS } from '../../core/rules/providers.js';
import type { PaymentProcessor, ProcessorRefusal, ProcessorRegistry } from './processor.js';

/** Test card numbers → the decline they produce (402). Any other valid number succeeds. */
export const SANDBOX_DECLINES: Readonly<Record<string, { code: string; message: string }>> = {
  '4000000000000002': { code: 'card_declined', message: 'The card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'The card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'The card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "The card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing the card. Try again later.' },
};

/**
 * A card that is accepted when saved but whose every CHARGE is declined (the scheduled runs' failure path: AutoPay
 * "Payment Failed", retries). Its provider token carries the marker `_declines_`.
 */
export const SANDBOX_CHARGE_DECLINE_CARD = '4000000000000341';

/** Does a charge of this stored method fail in the sandbox? (decline code, or null when it succeeds) */
export function sandboxChargeDecline(providerToken: string): { code: string; message: string } | null {
  return providerToken.includes('_declines_') ? { code: 'card_declined', message: 'the card issuer declined the charge' } : null;
}

/** The card number that always succeeds (any other valid number does too). */
export const SANDBOX_SUCCESS_CARD = '4242424242424242';

/** The micro-deposits the sandbox always sends, in cents ($0.32 and $0.45). */
export const SANDBOX_MICRO_DEPOSITS: [number, number] = [32, 45];

const token = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export function sandboxProcessor(provider: string): PaymentProcessor {
  return {
    async tokenizeCard(card) {
      const decline = SANDBOX_DECLINES[card.number];
      if (decline) return { ok: false, status: 402, ...decline } satisfies ProcessorRefusal;
      const declines = card.number === SANDBOX_CHARGE_DECLINE_CARD ? '_declines' : '';
      return { ok: true, providerToken: token(`sbx_${provider}_card${declines}`) };
    },
    async tokenizeBankAccount() {
      return { ok: true, providerToken: token(`sbx_${provider}_ba`) };
    },
    async sendMicroDeposits() {
      return [...SANDBOX_MICRO_DEPOSITS];
    },
  };
}

/** Every provider served by the sandbox. */
export function sandboxRegistry(): ProcessorRegistry {
  return Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p, sandboxProcessor(p)])) as ProcessorRegistry;
}
