/**
 * The `paymentMethodsJwt`: HS256, 15 minutes, claims `contactId`, `vendorId`, `locationId`, `iat`, `exp`.
 *
 * Secret: `PAYMENTS_JWT_SECRET` (at least 32 characters) when set; otherwise a 32-byte random secret generated on
 * first use and stored in `app_config` (key `paymentsJwtSecret`, `insert … on conflict do nothing` then read), so
 * every server process on the same database signs and verifies with the same secret. It is read per use (a primary-
 * key lookup), so a reset database never leaves a process with a stale secret.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { json } from '../db/json.js';
import type { Database } from '../db/schema.js';
import { signJwt, verifyJwt, type JwtFailure } from '../domain/jwt.js';

export const PAYMENTS_JWT_TTL_SECONDS = 15 * 60;
const SECRET_KEY = 'paymentsJwtSecret';

export interface PaymentMethodsClaims {
  contactId: string;
  vendorId: string;
  locationId: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export async function paymentsJwtSecret(db: Kysely<Database>, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const fromEnv = env.PAYMENTS_JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('PAYMENTS_JWT_SECRET must be at least 32 characters');
    return Buffer.from(fromEnv, 'utf8');
  }
  const read = async () => (await db.selectFrom('appConfig').select('value').where('key', '=', SECRET_KEY).executeTakeFirst())?.value;
  let value = await read();
  if (typeof value !== 'string') {
    await db
      .insertInto('appConfig')
      .values({ key: SECRET_KEY, value: json(randomBytes(32).toString('base64url')) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    value = await read();
  }
  if (typeof value !== 'string' || value.length < 32) throw new Error('app_config.paymentsJwtSecret is not a usable secret');
  return Buffer.from(value, 'base64url');
}

export async function issuePaymentMethodsJwt(
  db: Kysely<Database>,
  scope: { contactId: string; vendorId: string; locationId: string },
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: PaymentMethodsClaims = { ...scope, iat, exp: iat + PAYMENTS_JWT_TTL_SECONDS };
  return signJwt(claims, await paymentsJwtSecret(db));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifyPaymentMethodsJwt(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<{ ok: true; claims: PaymentMethodsClaims } | { ok: false; reason: JwtFailure }> {
  const result = verifyJwt<PaymentMethodsClaims>(token, await paymentsJwtSecret(db), now);
  if (!result.ok) return result;
  const { contactId, vendorId, locationId } = result.claims;
  if (![contactId, vendorId, locationId].every((id) => typeof id === 'string' && UUID.test(id))) return { ok: false, reason: 'malformed' };
  return result;
}
