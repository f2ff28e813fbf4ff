/**
 * Rate limiting of `POST /letmein`, kept in the database (`letmein_attempts`) so that several server processes on
 * one database agree. Addresses and client keys are stored as SHA-256 only.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface AttemptLimits {
  perAddress: number;
  perClient: number;
  windowMinutes: number;
}

export interface AttemptKeys {
  addressHash: string;
  clientKey: string;
}

/**
 * Serialises attempts for the same address or client across connections and processes (transaction-scoped
 * advisory locks, taken in a fixed order so two requests never wait on each other crosswise). Call inside the
 * transaction that counts and records.
 */
export async function lockAttemptKeys(db: Db, keys: AttemptKeys): Promise<void> {
  for (const key of [keys.addressHash, keys.clientKey].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  }
}

/** 'address' or 'client' when that limit is reached within the window, else null. */
export async function limitReached(db: Db, keys: AttemptKeys, limits: AttemptLimits, now = new Date()) {
  const since = new Date(now.getTime() - limits.windowMinutes * 60_000);
  const row = await db
    .selectFrom('letmeinAttempts')
    .select([
      sql<number>`count(*) filter (where address_hash = ${keys.addressHash})`.as('byAddress'),
      sql<number>`count(*) filter (where client_key = ${keys.clientKey})`.as('byClient'),
    ])
    .where('createdAt', '>', since)
    .where((eb) => eb.or([eb('addressHash', '=', keys.addressHash), eb('clientKey', '=', keys.clientKey)]))
    .executeTakeFirstOrThrow();
  if (Number(row.byAddress) >= limits.perAddress) return 'address' as const;
  if (Number(row.byClient) >= limits.perClient) return 'client' as const;
  return null;
}

export async function recordAttempt(db: Db, keys: AttemptKeys, now = new Date()): Promise<void> {
  await db.insertInto('letmeinAttempts').values({ ...keys, createdAt: now }).execute();
}

/** Drops attempts older than a day (they no longer count). */
export async function pruneAttempts(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('letmeinAttempts').where('createdAt', '<', new Date(now.getTime() - 24 * 60 * 60_000)).execute();
}
