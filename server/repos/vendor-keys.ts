/** The vendor API's keys (only their hashes): create, list, revoke, and the lookup of every request. */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { ApiKeyAccess } from '../db/schema.js';

const columns = ['id', 'vendorId', 'name', 'prefix', 'access', 'expiresAt', 'createdAt', 'lastUsedAt', 'revokedAt'] as const;

export interface ApiKeyRow {
  id: string;
  vendorId: string;
  name: string;
  prefix: string;
  access: ApiKeyAccess;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function insertApiKey(
  db: Db,
  key: { vendorId: string; name: string; prefix: string; keyHash: string; access?: ApiKeyAccess; expiresAt?: Date | null },
): Promise<ApiKeyRow> {
  return db.insertInto('vendorApiKeys').values(key).returning(columns).executeTakeFirstOrThrow();
}

export async function listApiKeys(db: Db, vendorId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('vendorApiKeys').select(columns).where('vendorId', '=', vendorId).orderBy('createdAt', 'desc').orderBy('id').execute();
}

/** Revokes the vendor's key (the first revocation time stays); undefined when the vendor has no such key. */
export async function revokeApiKey(db: Db, vendorId: string, keyId: string, now: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('vendorApiKeys')
    .set({ revokedAt: sql<Date>`coalesce(revoked_at, ${now})` })
    .where('id', '=', keyId)
    .where('vendorId', '=', vendorId)
    .returning(columns)
    .executeTakeFirst();
}

/** The key with this hash, revoked or not. */
export async function apiKeyByHash(db: Db, keyHash: string) {
  return db.selectFrom('vendorApiKeys').select(['id', 'vendorId', 'name', 'prefix', 'access', 'expiresAt', 'lastUsedAt', 'revokedAt']).where('keyHash', '=', keyHash).executeTakeFirst();
}

/** Records a use of the key, at most once a minute (a write per request would cost more than the request). */
export async function touchApiKey(db: Db, keyId: string, now: Date): Promise<void> {
  await db
    .updateTable('vendorApiKeys')
    .set({ lastUsedAt: now })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', new Date(now.getTime() - 60_000))]))
    .execute();
}
