/**
 * Tables of the sandbox payments service and of micro-deposit verification (migration `0003_payments_service`,
 * whose SQL is in `server/db/migrations.ts`). Typed here and reached with `db.withTables<PaymentsServiceTables>()`, so
 * the shared `Database` interface stays untouched.
 *
 * `tokenized_methods` — a tokenized card or bank account waiting to be attached (`createPaymentMethod`) by its
 *   one-time key. It holds ONLY what may be kept: brand, last four, expiry, provider, nickname, name on card, the
 *   processor's token, the JWT's contact/vendor/location and the key's expiry. Never the full number, CVC, ZIP or
 *   address. The key itself is stored as its SHA-256 (like access tokens).
 * `payment_method_verifications` — the micro-deposit amounts of a bank account and the wrong attempts so far.
 * `sandbox_charges` — every charge (card) and debit (ACH) the SANDBOX processor took, one row per idempotency key
 *   (UNIQUE, migration `0018_sandbox_charges`): the processor's own ledger, which the exactly-once tests count.
 */
import type { Kysely } from 'kysely';
import type { CreatedAt, Database, DateString, PaymentProvider, Timestamp } from '../db/schema.js';
import type { ColumnType, Generated } from 'kysely';
import type { CardFunding } from '../../core/rules/fees.js';

export interface TokenizedMethodsTable {
  id: Generated<string>;
  keyHash: string;
  contactId: string;
  vendorId: string;
  locationId: string;
  provider: PaymentProvider;
  /** nickname (ACH: required; CC: optional) */
  nickname: string | null;
  nameOnCard: string | null;
  /** card brand name ('Visa', …); null for bank accounts */
  brand: string | null;
  lastFour: string;
  expMonth: number | null;
  expYear: number | null;
  providerToken: string;
  /** a card's funding by its BIN (migration 0021_card_fees); null for bank accounts and older rows */
  cardFunding: ColumnType<CardFunding | null, CardFunding | null | undefined, CardFunding | null>;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  paymentMethodId: string | null;
  createdAt: CreatedAt;
}

export interface PaymentMethodVerificationsTable {
  paymentMethodId: string;
  amount1Cents: number;
  amount2Cents: number;
  failedAttempts: ColumnType<number, number | undefined, number>;
  verifiedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface SandboxChargesTable {
  id: Generated<string>;
  idempotencyKey: string;
  provider: string;
  kind: 'card' | 'ach';
  providerToken: string;
  amountCents: ColumnType<number, number, number>;
  outcome: 'succeeded' | 'declined';
  declineCode: string | null;
  declineMessage: string | null;
  /** an ACH return of this debit (migration `0020_ach_returns`): its code, the bank's reason, the day it is visible */
  returnCode: ColumnType<string | null, string | null | undefined, string | null>;
  returnMessage: ColumnType<string | null, string | null | undefined, string | null>;
  returnedOn: ColumnType<DateString | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

/** Every refund the SANDBOX processor took or refused, one row per idempotency key (migration `0029_refunds`). */
export interface SandboxRefundsTable {
  id: Generated<string>;
  idempotencyKey: string;
  /** the refunded charge's own idempotency key */
  chargeIdempotencyKey: string;
  provider: string;
  amountCents: ColumnType<number, number, number>;
  outcome: 'succeeded' | 'declined';
  declineCode: string | null;
  declineMessage: string | null;
  createdAt: CreatedAt;
}

export type PaymentsServiceTables = {
  tokenizedMethods: TokenizedMethodsTable;
  paymentMethodVerifications: PaymentMethodVerificationsTable;
  sandboxCharges: SandboxChargesTable;
  sandboxRefunds: SandboxRefundsTable;
};

export type PaymentsDb = Kysely<Database & PaymentsServiceTables>;

/** The shared Kysely instance (or transaction) seen with the tables above. */
export function paymentsDb(db: Kysely<Database>): PaymentsDb {
  return db.withTables<PaymentsServiceTables>() as PaymentsDb;
}
