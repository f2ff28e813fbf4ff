/** Creating a vendor API key: a fresh secret, of which only the hash and the visible prefix are stored. */
import type { Db } from '../db/connect.js';
import { generateApiKey } from '../domain/api-keys.js';
import { insertApiKey, type ApiKeyRow } from '../repos/vendor-keys.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import type { ApiKeyAccess } from '../db/schema.js';
import { notFoundRefusal, ok, refusal, type Outcome } from './outcome.js';

export async function createApiKey(
  db: Db,
  vendorId: string,
  name: string,
  options: { access?: ApiKeyAccess; expiresAt?: Date | null; now?: Date } = {},
): Promise<Outcome<{ key: ApiKeyRow; secret: string }>> {
  if (!(await vendorSettings(db, vendorId))) return { ok: false, refusal: notFoundRefusal('vendor') };
  if (options.expiresAt && options.expiresAt.getTime() <= (options.now ?? new Date()).getTime()) {
    return { ok: false, refusal: refusal('invalid', 'validation_failed', 'expiresAt: must be in the future', 'expiresAt') };
  }
  const generated = generateApiKey();
  const key = await insertApiKey(db, { vendorId, name, prefix: generated.prefix, keyHash: generated.hash, access: options.access ?? 'full', expiresAt: options.expiresAt ?? null });
  return ok({ key, secret: generated.secret });
}
