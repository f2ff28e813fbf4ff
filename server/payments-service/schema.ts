/**
 * Tables of the sandbox payments service and of micro-deposit verification (migration `0003_payments_service`,
 * appended in `server/db/migrations.ts`). Typed here and reached with `db.withTables<PaymentsServiceTables>()`, so
 * the shared `Database` interface stays untouched.
 *
 * `tokenized_methods` — a tokenized card or bank account waiting to be attached (`createPaymentMethod`) by its
 *   one-time key. It holds ONLY what may be kept: brand, last four, expiry, provider, nickname, name on card, the
 *   processor's token, the JWT's contact/vendor/location and the key's expiry. Never the full number, CVC, ZIP or
 *   address. The key itself is stored as its SHA-256 (like access tokens).
 * `payment_method_verifications` — the micro-deposit amounts of a bank account and the wrong attempts so far.
 */
import type { Kysely } from 'kysely';
import type { CreatedAt, Database, PaymentProvider, Timestamp } from '../db/schema.js';
import type { ColumnType, Generated } from 'kysely';

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

export type PaymentsServiceTables = {
  tokenizedMethods: TokenizedMethodsTable;
  paymentMethodVerifications: PaymentMethodVerificationsTable;
};

export type PaymentsDb = Kysely<Database & PaymentsServiceTables>;

/** The shared Kysely instance (or transaction) seen with the tables above. */
export function paymentsDb(db: Kysely<Database>): PaymentsDb {
  return db.withTables<PaymentsServiceTables>() as PaymentsDb;
}

export const paymentsServiceUp = [
  `create table tokenized_methods (
    id uuid primary key default gen_random_uuid(),
    key_hash text not null unique,
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    provider text not null check (provider in ('plastiq-cc','priority-cc','priority-ach','direct-ach')),
    nickname text,
    name_on_card text,
    brand text,
    last_four text not null check (last_four ~ '^[0-9]{4}$'),
    exp_month int check (exp_month is null or exp_month between 1 and 12),
    exp_year int,
    provider_token text not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    payment_method_id uuid references payment_methods(id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index tokenized_methods_expires_idx on tokenized_methods (expires_at)`,
  `create table payment_method_verifications (
    payment_method_id uuid primary key references payment_methods(id) on delete cascade,
    amount1_cents int not null check (amount1_cents between 1 and 99),
    amount2_cents int not null check (amount2_cents between 1 and 99),
    failed_attempts int not null default 0,
    verified_at timestamptz,
    created_at timestamptz not null default now()
  )`,
];

export const paymentsServiceDown = ['drop table if exists payment_method_verifications', 'drop table if exists tokenized_methods'];
