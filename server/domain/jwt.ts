/**
 * Compact HS256 JSON Web Tokens with `node:crypto` (no dependency): the `paymentMethodsJwt` that the portal's
 * payment-method list hands out and the sandbox payments service (`POST /payments-api/tokenizer`) accepts.
 *
 * Only `alg: HS256` is accepted (a token saying `none` or any other algorithm is refused before any signature
 * work); the signature is compared in constant time; `exp` (seconds since the epoch) is required.
 *
 * Kept by hand rather than `jose`: for this one algorithm jose (Web Crypto, async) signs and verifies more than ten
 * times slower than `createHmac` here (`npm run bench -- libs`), and its verify is async where this one is not.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface JwtClaims {
  exp: number;
  iat?: number;
  [claim: string]: unknown;
}

export type JwtFailure = 'malformed' | 'signature' | 'expired';
export type JwtResult<T extends JwtClaims> = { ok: true; claims: T } | { ok: false; reason: JwtFailure };

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');

function hmac(secret: Buffer | string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput, 'ascii').digest();
}

function parseSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Signs `claims` (which must carry `exp`) as `header.payload.signature`. */
export function signJwt(claims: JwtClaims, secret: Buffer | string): string {
  const signingInput = `${b64url(JSON.stringify(HEADER))}.${b64url(JSON.stringify(claims))}`;
  return `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`;
}

/** Checks shape, algorithm, signature (constant time) and expiry at `now`. */
export function verifyJwt<T extends JwtClaims = JwtClaims>(token: string, secret: Buffer | string, now: Date = new Date()): JwtResult<T> {
  if (typeof token !== 'string' || token.length > 4096) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = parseSegment(headerPart) as { alg?: unknown; typ?: unknown } | undefined;
  if (!header || typeof header !== 'object' || header.alg !== 'HS256') return { ok: false, reason: 'malformed' };

  const expected = hmac(secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };

  const claims = parseSegment(payloadPart) as T | undefined;
  if (!claims || typeof claims !== 'object' || Array.isArray(claims) || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
