/**
 * Limits against card testing and micro-deposit guessing, kept in the database (`payment_attempts`, migration
 * `0004_payment_attempts`) so that every server process on one database agrees — like `letmein_attempts`:
 *
 * - `tokenize`: every `POST /payments-api/tokenizer` that reaches the processor check, per contact: 20 per hour;
 * - `verification_failed`: wrong micro-deposit answers per contact, across all its methods: 10 per day.
 *
 * Reached → `rate_limited` with `Retry-After` (server/use-cases/verify-payment-method.ts words it; the payments service
 * answers it in its `{ errors }` shape).
 * Count, check and record happen in one transaction under a per-contact advisory lock, so concurrent requests cannot
 * slip past the limit together.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export type PaymentAttemptKind = 'tokenize' | 'verification_failed';

export interface AttemptLimit {
  max: number;
  windowMinutes: number;
}

export const PAYMENT_ATTEMPT_LIMITS: Record<PaymentAttemptKind, AttemptLimit> = {
  tokenize: { max: 20, windowMinutes: 60 },
  verification_failed: { max: 10, windowMinutes: 24 * 60 },
};

export interface PaymentAttemptsTable {
  id: import('kysely').Generated<string>;
  contactId: string;
  kind: PaymentAttemptKind;
  createdAt: import('kysely').ColumnType<Date, Date | string | undefined, Date | string>;
}

type AttemptsDb = import('kysely').Kysely<{ paymentAttempts: PaymentAttemptsTable }>;
const attemptsDb = (db: Db) => db.withTables<{ paymentAttempts: PaymentAttemptsTable }>() as unknown as AttemptsDb;

/** Serialises the attempts of one contact and kind (call inside the transaction that checks and records). */
export async function lockPaymentAttempts(trx: Db, contactId: string, kind: PaymentAttemptKind): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`payment-attempts:${kind}:${contactId}`}, 0))`.execute(trx);
}

/** True when the contact has used up the limit of `kind` within its window. */
export async function paymentAttemptLimitReached(trx: Db, contactId: string, kind: PaymentAttemptKind, now = new Date()): Promise<boolean> {
  const limit = PAYMENT_ATTEMPT_LIMITS[kind];
  const row = await attemptsDb(trx)
    .selectFrom('paymentAttempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contactId', '=', contactId)
    .where('kind', '=', kind)
    .where('createdAt', '>', new Date(now.getTime() - limit.windowMinutes * 60_000))
    .executeTakeFirstOrThrow();
  return Number(row.n) >= limit.max;
}

export async function recordPaymentAttempt(trx: Db, contactId: string, kind: PaymentAttemptKind, now = new Date()): Promise<void> {
  await attemptsDb(trx).insertInto('paymentAttempts').values({ contactId, kind, createdAt: now }).execute();
}

/** `Retry-After` of a reached limit: the window in seconds. */
export const retryAfterSeconds = (kind: PaymentAttemptKind) => String(PAYMENT_ATTEMPT_LIMITS[kind].windowMinutes * 60);

/** Drops attempts older than every window (run by the scheduled jobs). */
export async function prunePaymentAttempts(db: Db, now: Date): Promise<void> {
  const oldest = Math.max(...Object.values(PAYMENT_ATTEMPT_LIMITS).map((l) => l.windowMinutes));
  await attemptsDb(db).deleteFrom('paymentAttempts').where('createdAt', '<', new Date(now.getTime() - oldest * 60_000)).execute();
}
