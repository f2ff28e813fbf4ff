/**
 * The `tokenized_methods` rows (table in ./schema.ts): a tokenized card or bank account waiting to be attached by its
 * one-time key. The key is never stored, only its SHA-256, so every function here takes the key and hashes it.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import { hashToken } from '../db/tokens.js';
import { paymentsDb, type TokenizedMethodsTable } from './schema.js';

export type NewTokenizedMethod = Omit<Insertable<TokenizedMethodsTable>, 'keyHash'>;

/** Keeps a tokenized method under its one-time key. */
export async function insertTokenizedMethod(db: Db, key: string, row: NewTokenizedMethod): Promise<void> {
  await paymentsDb(db).insertInto('tokenizedMethods').values({ ...row, keyHash: hashToken(key) }).execute();
}

/** Removes the rows whose key expired before `before`. */
export async function deleteTokenizedMethodsExpiredBefore(db: Db, before: Date): Promise<void> {
  await paymentsDb(db).deleteFrom('tokenizedMethods').where('expiresAt', '<', before).execute();
}

/** The row of a key, locked in the caller's transaction (two attaches of one key wait for each other), or undefined. */
export async function lockTokenizedMethodByKey(trx: Db, key: string) {
  return paymentsDb(trx).selectFrom('tokenizedMethods').selectAll().where('keyHash', '=', hashToken(key)).forUpdate().executeTakeFirst();
}

/** Records that the row's key was used, and for which saved method. */
export async function markTokenizedMethodUsed(trx: Db, id: string, paymentMethodId: string, now: Date): Promise<void> {
  await paymentsDb(trx).updateTable('tokenizedMethods').set({ usedAt: now, paymentMethodId }).where('id', '=', id).execute();
}
