/**
 * Payment providers and the payment type they imply — portal-core.md §3 (Payment method: "a provider id ending in
 * -cc means CC, otherwise ACH"; Providers: plastiq-cc, priority-ach, priority-cc, direct-ach, the card provider also
 * spelled PLASTIQ_CC) and §9 ("Payment types: CC and ACH").
 *
 * The server uses this same function (`server/domain/payments.ts#paymentMethodTypeOf`), so SPA and server agree on
 * every id, including unknown ones: anything that is not recognisably a card is treated as a bank account (ACH), which
 * also gives the stricter calendar (business days only).
 */

/** The providers the contract knows (`openapi/portal.yaml` → `Provider`). */
export const PAYMENT_PROVIDERS = ['plastiq-cc', 'priority-cc', 'priority-ach', 'direct-ach'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export type PaymentType = 'CC' | 'ACH';

/** portal-core.md §5 Calendar / §9: "Default provider for date calculation: direct-ach". */
export const DEFAULT_DATE_PROVIDER: PaymentProvider = 'direct-ach';

/** 'CC' when the provider id ends in `-cc` (any case; also the alias `PLASTIQ_CC`), else 'ACH'. */
export function paymentTypeForProvider(provider: string): PaymentType {
  return /[-_]cc$/i.test(provider.trim()) ? 'CC' : 'ACH';
}

/** True for card providers (`*-cc`, `PLASTIQ_CC`). */
export function isCardProvider(provider: string): boolean {
  return paymentTypeForProvider(provider) === 'CC';
}

/** True for bank-account providers (everything that is not a card provider). */
export function isAchProvider(provider: string): boolean {
  return paymentTypeForProvider(provider) === 'ACH';
}
