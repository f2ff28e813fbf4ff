/**
 * Vendor API keys: `ppk_<8 characters>_<43 characters>` — 32 random bytes after a visible 8-character id. A key is
 * shown once; only its SHA-256 hash is kept. A plain hash (not a slow password hash) is right here: the secret is
 * 256 random bits, so there is nothing to guess from the hash, and every request is checked by one indexed lookup.
 */
import { createHash, randomBytes } from 'node:crypto';

const KEY = /^ppk_[0-9a-z]{8}_[A-Za-z0-9_-]{43}$/;
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export interface NewApiKey {
  /** the whole key, printed once */
  secret: string;
  /** `ppk_` and the 8-character id: what lists show */
  prefix: string;
  /** SHA-256 of the whole key, hex */
  hash: string;
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateApiKey(): NewApiKey {
  let id = '';
  for (const byte of randomBytes(8)) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  const prefix = `ppk_${id}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashApiKey(secret) };
}

/** Whether a string has the shape of a key (a cheap refusal before any lookup). */
export const looksLikeApiKey = (value: string) => KEY.test(value);
