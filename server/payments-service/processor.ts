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
 *
 * Refunds (`refund`) work the same way: a key the caller wrote first, the same outcome for the same key, `lookupRefund`
 * after a crash. A processor never gives back more than a charge took, whatever the caller asks.
 *
 * ACH returns. A debit the processor took can come back days later (the receiving bank returns it: R01 insufficient
 * funds, R02 account closed, R03 no account / unable to locate, R10 customer advises not authorized, …). Real
 * processors report these as a list or a webhook, after the fact; `listReturns({ since, asOf })` answers the returns
 * that became visible on a day in [since, asOf] (asOf: the caller's clock), each with the debit's idempotency key, its
 * charge id, the NACHA return code and the bank's reason, and the day it was returned. The portal may ask the same
 * window any number of times: it records each return once (UNIQUE on the charge's key in its own tables, the
 * `returns` job), so an adapter needs no cursor. A real adapter maps it onto its processor's returns report (or
 * stores the returns webhooks it receives and answers them here).
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
  /**
   * The caller's clock when the charge is sent (default: now). Real processors date a charge themselves; the sandbox
   * dates its ledger row by it, so the day a test debit is returned follows the clock the jobs run with.
   */
  at?: Date;
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

/** An ACH debit the receiving bank returned after the processor took it. */
export interface AchReturn {
  /** the debit's idempotency key (the caller's own) */
  idempotencyKey: string;
  /** the processor's reference of the debit */
  chargeId: string;
  /** the NACHA return code: R01, R02, R03, R10, … */
  code: string;
  /** the bank's reason, as the processor words it */
  message: string;
  /** `yyyy-MM-dd`: the business day the return became visible */
  returnedOn: string;
}

/** A refund of (part of) a charge or debit the processor took. */
export interface RefundRequest {
  /** the refunded charge's idempotency key (the caller's own, as sent with the charge) */
  chargeIdempotencyKey: string;
  /** the charged method's provider token */
  providerToken: string;
  /** what is given back, in cents; > 0, and with the charge's earlier refunds at most what it charged */
  amountCents: number;
  /** unique per refund; the same key never refunds twice */
  idempotencyKey: string;
}

export type RefundOutcome = { ok: true; refundId: string } | { ok: false; code: string; message: string };

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
   * Gives back (part of) a charge or debit: a card refund, or an ACH credit to the account debited. Idempotent by
   * `idempotencyKey` like `charge`; the processor refuses a refund that would give back more than the charge took.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** The outcome of an earlier refund by its key, or null when the processor never took that key. */
  lookupRefund(idempotencyKey: string): Promise<RefundOutcome | null>;
  /**
   * The ACH returns of this provider's debits visible on a day from `since` to `asOf` (both `yyyy-MM-dd`, inclusive),
   * oldest first. Answers the same returns for the same window every time (the caller records each once).
   */
  listReturns(window: { since: string; asOf: string }): Promise<AchReturn[]>;
  /**
   * A card's funding by its BIN (6–8 digits, never the full number), for the add-card page's fee text before the card
   * is sent (`GET /payments-api/card-bins/{bin}`). Optional: without it the answer is credit.
   */
  lookupCardFunding?(bin: string): Promise<CardFunding>;
}

export type ProcessorRegistry = Record<PaymentProvider, PaymentProcessor>;
