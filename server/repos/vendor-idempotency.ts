/**
 * `vendor_idempotency_keys`: the answer of a vendor API POST stored under its (vendor, Idempotency-Key), so a retry
 * gets the first answer instead of a second link, key or endpoint (server/http/idempotency.ts claims, reads and fills
 * the rows, in the request's own transaction).
 */
import type { Db } from '../db/connect.js';

/** Stored answers are kept at least this long (the contract promises 24 hours; the purge job forgets older ones). */
export const IDEMPOTENCY_RETENTION_HOURS = 48;

export interface VendorIdempotencyKey {
  vendorId: string;
  idempotencyKey: string;
}

/**
 * Claims the key: `insert … on conflict do nothing` on the primary key. A concurrent claim of the same key (another
 * request, another process) waits on the primary key until the first one commits or rolls back. True when claimed.
 */
export async function claimVendorIdempotencyKey(trx: Db, key: VendorIdempotencyKey & { operation: string; requestHash: string }, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('vendorIdempotencyKeys')
    .values({ ...key, responseStatus: 0, responseSealed: null, createdAt: now })
    .onConflict((oc) => oc.columns(['vendorId', 'idempotencyKey']).doNothing())
    .returning('idempotencyKey')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function storedVendorAnswer(trx: Db, key: VendorIdempotencyKey) {
  return trx
    .selectFrom('vendorIdempotencyKeys')
    .select(['operation', 'requestHash', 'responseStatus', 'responseSealed', 'createdAt'])
    .where('vendorId', '=', key.vendorId)
    .where('idempotencyKey', '=', key.idempotencyKey)
    .executeTakeFirstOrThrow();
}

/** Stores the answer under the key (and the request's hash when it is known only now: an upload's). */
export async function storeVendorAnswer(trx: Db, key: VendorIdempotencyKey, status: number, sealed: string | null, requestHash?: string) {
  await trx
    .updateTable('vendorIdempotencyKeys')
    .set({ responseStatus: status, responseSealed: sealed, ...(requestHash ? { requestHash } : {}) })
    .where('vendorId', '=', key.vendorId)
    .where('idempotencyKey', '=', key.idempotencyKey)
    .execute();
}

/** Releases a claim still without an answer, made at `claimedAt` (a call-out that failed or whose process died). */
export async function releaseVendorIdempotencyClaim(db: Db, key: VendorIdempotencyKey, claimedAt: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('vendorIdempotencyKeys')
    .where('vendorId', '=', key.vendorId)
    .where('idempotencyKey', '=', key.idempotencyKey)
    .where('responseStatus', '=', 0)
    .where('createdAt', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0) > 0;
}

/** Forgets vendor idempotency keys created before `before` (the purge job). Returns how many. */
export async function purgeVendorIdempotencyKeys(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('vendorIdempotencyKeys').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
