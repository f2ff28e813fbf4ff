/**
 * The processor adapter: what the payments service needs from a card or bank-account processor. One adapter per
 * provider (plastiq-cc, priority-cc, priority-ach, direct-ach); today every provider uses the sandbox adapter
 * (`sandbox.ts`), and a real processor replaces it for its provider by passing another `ProcessorRegistry`.
 *
 * The service validates the details first (Luhn and brand, expiry, CVC, ZIP, ABA routing, account number — shared
 * rules in `core/rules/card-validation.ts`); an adapter only sees details that passed, and answers a token or a
 * refusal as a processor error code. Adapters must never log or keep the number, the CVC or the account number.
 *
 * Charges (`charge` for cards, `debit` for bank accounts) carry an idempotency key that the caller has written to its
 * own tables BEFORE the call. The processor must answer the SAME outcome for the same key however often it is called
 * (no second charge), and `lookupCharge` must answer the outcome of a key it has seen (null for one it has not): a
 * caller that died between the processor's answer and its commit looks the outcome up on its next run instead of
 * charging again. A real adapter maps these onto its processor's idempotency header and charge search.
 */
import type { PaymentProvider } from '../db/schema.js';
import type { CardBrand } from '../../core/rules/card-validation.js';
import type { CardFunding } from '../../core/rules/fees.js';

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

/**
 * A tokenization. A card's `cardFunding` (credit | debit | prepaid, by its BIN) is what the processor knows of it;
 * left out, the card counts as credit (core/rules/fees.ts).
 */
export type TokenizeOutcome = { ok: true; providerToken: string; cardFunding?: CardFunding } | ProcessorRefusal;

export interface ChargeRequest {
  /** the stored method's provider token (from tokenizeCard / tokenizeBankAccount) */
  providerToken: string;
  /** what the customer is charged, fee included; > 0 */
  amountCents: number;
  /** unique per logical charge attempt; the same key never charges twice */
  idempotencyKey: string;
  /** what the customer's statement shows (the confirmation number) */
  description?: string;
}

/** A charge the processor took (`chargeId` is the processor's reference). */
export interface ChargeSucceeded {
  ok: true;
  chargeId: string;
}

/** A charge the processor refused: a decline code (`card_declined`, `insufficient_funds`, …) and its message. */
export interface ChargeDeclined {
  ok: false;
  code: string;
  message: string;
}

export type ChargeOutcome = ChargeSucceeded | ChargeDeclined;

export interface PaymentProcessor {
  tokenizeCard(input: CardDetails): Promise<TokenizeOutcome>;
  tokenizeBankAccount(input: BankAccountDetails): Promise<TokenizeOutcome>;
  /**
   * Sends the two micro-deposits (1–99 cents each) to a newly attached bank account and answers their amounts in
   * cents, which the portal keeps to check `verifyPaymentMethod`.
   */
  sendMicroDeposits(providerToken: string): Promise<[number, number]>;
  /** Charges a card. Idempotent by `idempotencyKey`: the same key answers the first outcome and charges nothing more. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Debits a bank account (ACH). Idempotent by `idempotencyKey`, like `charge`. */
  debit(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The outcome of an earlier charge or debit by its key, or null when the processor never took that key. */
  lookupCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * A card's funding by its BIN (6–8 digits, never the full number), for the add-card page's fee text before the card
   * is sent (`GET /payments-api/card-bins/{bin}`). Optional: without it the answer is credit.
   */
  lookupCardFunding?(bin: string): Promise<CardFunding>;
}

export type ProcessorRegistry = Record<PaymentProvider, PaymentProcessor>;
