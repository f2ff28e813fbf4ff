/** Creating a vendor API key: a fresh secret, of which only the hash and the visible prefix are stored. */
import type { Db } from '../db/connect.js';
import { generateApiKey } from '../domain/api-keys.js';
import { insertApiKey, type ApiKeyRow } from '../repos/vendor-keys.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { notFoundRefusal, ok, type Outcome } from './outcome.js';

export async function createApiKey(db: Db, vendorId: string, name: string): Promise<Outcome<{ key: ApiKeyRow; secret: string }>> {
  if (!(await vendorSettings(db, vendorId))) return { ok: false, refusal: notFoundRefusal('vendor') };
  const generated = generateApiKey();
  const key = await insertApiKey(db, { vendorId, name, prefix: generated.prefix, keyHash: generated.hash });
  return ok({ key, secret: generated.secret });
}
