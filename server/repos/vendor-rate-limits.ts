/** `vendor_rate_counts`: a caller's requests (a vendor API key's, or a console person's) per rate-limit policy and window (server/http/rate-limit.ts). */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export type RatePolicy = 'read' | 'write' | 'outbound';

/**
 * Counts one request of the caller (a key's id or a person's) in the window starting at `windowStart` and answers the window's count with it: one
 * upsert, atomic across connections and processes (the row's lock orders concurrent requests).
 */
export async function countVendorRequest(db: Db, callerId: string, policy: RatePolicy, windowStart: Date): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    insert into vendor_rate_counts (caller_id, policy, window_start, count) values (${callerId}, ${policy}, ${windowStart}, 1)
    on conflict (caller_id, policy, window_start) do update set count = vendor_rate_counts.count + 1
    returning count`.execute(db);
  return Number(rows[0]!.count);
}

/** Forgets the windows that started before `before` (the purge job). Returns how many. */
export async function purgeVendorRateCounts(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('vendorRateCounts').where('windowStart', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
