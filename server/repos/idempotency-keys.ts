/**
 * `idempotency_keys`: the answer stored under a (contact, Idempotency-Key), so a retried request gets the first
 * answer instead of a second payment. The use case that schedules a payment claims, reads and fills the rows.
 */
import type { Db } from '../db/connect.js';
import { json } from '../db/json.js';

/**
 * Claims the key: `insert … on conflict do nothing` on the primary key (contact_id, idempotency_key). A concurrent
 * claim of the same key waits on the unique index until the first one commits or rolls back. True when claimed.
 */
export async function claimIdempotencyKey(trx: Db, key: { contactId: string; idempotencyKey: string; operation: string; requestHash: string }) {
  const claimed = await trx
    .insertInto('idempotencyKeys')
    .values({ ...key, responseStatus: 0, responseBody: json(null) })
    .onConflict((oc) => oc.columns(['contactId', 'idempotencyKey']).doNothing())
    .returning('idempotencyKey')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function storedIdempotentAnswer(trx: Db, key: { contactId: string; idempotencyKey: string }) {
  return trx
    .selectFrom('idempotencyKeys')
    .select(['operation', 'requestHash', 'responseStatus', 'responseBody'])
    .where('contactId', '=', key.contactId)
    .where('idempotencyKey', '=', key.idempotencyKey)
    .executeTakeFirstOrThrow();
}

export async function storeIdempotentAnswer(trx: Db, key: { contactId: string; idempotencyKey: string }, status: number, body: unknown) {
  await trx
    .updateTable('idempotencyKeys')
    .set({ responseStatus: status, responseBody: json(body) })
    .where('contactId', '=', key.contactId)
    .where('idempotencyKey', '=', key.idempotencyKey)
    .execute();
}

/** Idempotency keys are kept at least this long (contract: at least 24 hours). */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;

/** Forgets idempotency keys older than the retention (run by the job scheduler). Returns how many. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * 24 * 3600 * 1000);
  const result = await db.deleteFrom('idempotencyKeys').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
