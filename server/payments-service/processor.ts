/**
 * The processor adapter: what the payments service needs from a card or bank-account processor. One adapter per
 * provider (plastiq-cc, priority-cc, priority-ach, direct-ach); today every provider uses the sandbox adapter
 * (`sandbox.ts`), and a real processor replaces it for its provider by passing another `ProcessorRegistry`.
 *
 * The service validates the details first (Luhn and brand, expiry, CVC, ZIP, ABA routing, account number — shared
 * rules in `core/rules/card-validation.ts`); an adapter only sees details that passed, and answers a token or a
 * refusal as a processor error code. Adapters must never log or keep the number, the CVC or the account number.
 */
import type { PaymentProvider } from '../db/schema.js';
import type { CardBrand } from '../../core/rules/card-validation.js';

export interface CardDetails {
  provider: PaymentProvider;
  /** digits only, already Luhn- and brand-checked */
  number: string;
  brand: CardBrand;
  expMonth: number;
  /** four digits */
  expYear: number;
  cvc: string;
  nameOnCard: string;
  addressLine1: string;
  addressLine2?: string;
  zipCode: string;
  tin?: string;
}

export interface BankAccountDetails {
  provider: PaymentProvider;
  /** nine digits, ABA checksum passed */
  routingNumber: string;
  /** 4–17 digits */
  accountNumber: string;
  name: string;
}

/** A refusal: 402 for a decline, 422 for details the processor finds invalid. */
export interface ProcessorRefusal {
  ok: false;
  status: 402 | 422;
  /** processor error code, e.g. `card_declined` (openapi/payments.yaml) */
  code: string;
  message: string;
}

export type TokenizeOutcome = { ok: true; providerToken: string } | ProcessorRefusal;

export interface PaymentProcessor {
  tokenizeCard(input: CardDetails): Promise<TokenizeOutcome>;
  tokenizeBankAccount(input: BankAccountDetails): Promise<TokenizeOutcome>;
  /**
   * Sends the two micro-deposits (1–99 cents each) to a newly attached bank account and answers their amounts in
   * cents, which the portal keeps to check `verifyPaymentMethod`.
   */
  sendMicroDeposits(providerToken: string): Promise<[number, number]>;
}

export type ProcessorRegistry = Record<PaymentProvider, PaymentProcessor>;
