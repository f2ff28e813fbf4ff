/**
 * `Authorization: Bearer <key>` of the vendor API (openapi/vendor.yaml). The key is looked up by its SHA-256 hash on
 * every request — no cache — so a key revoked by any process is refused on the very next request. Missing, malformed,
 * unknown or revoked → 401 `invalid`, the same answer for each (a caller learns nothing about other keys).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { hashApiKey, looksLikeApiKey } from '../domain/api-keys.js';
import { apiKeyByHash, touchApiKey } from '../repos/vendor-keys.js';
import { ApiError } from './errors.js';
import type { RateLimit } from './rate-limit.js';

export interface VendorAuth {
  vendorId: string;
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    vendorAuth?: VendorAuth;
  }
}

const SCHEME = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export const invalidKey = () => new ApiError(401, 'invalid', 'The API key is missing, unknown or revoked.');

/**
 * `readKeyOperations`: the operations a read-only key may call (those the contract marks `x-read-only-key: true` —
 * reconciliation and events); any other answers 403 `read_only_key`. An expired key is refused like a revoked one.
 * `rateLimit` counts the request against the key's limits (server/http/rate-limit.ts).
 */
export function makeVendorAuthenticate(db: Db, readKeyOperations: ReadonlySet<string> = new Set(), rateLimit?: RateLimit) {
  return async function authenticateVendor(request: FastifyRequest, reply: FastifyReply) {
    reply.header('www-authenticate', 'Bearer realm="vendor-api"');
    const header = request.headers.authorization;
    const secret = typeof header === 'string' ? SCHEME.exec(header)?.[1] : undefined;
    if (!secret || !looksLikeApiKey(secret)) throw invalidKey();
    const key = await apiKeyByHash(db, hashApiKey(secret));
    const now = new Date();
    if (!key || key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime())) throw invalidKey();
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    if (key.access === 'read' && !(operationId && readKeyOperations.has(operationId))) {
      throw new ApiError(403, 'read_only_key', 'This key only reads payments and events: use a full-access key for this call.');
    }
    // counted once the key is known, before anything else runs (a flood of bad bodies counts too)
    await rateLimit?.(request, reply, key.id);
    if (key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() > 60_000) await touchApiKey(db, key.id, now);
    request.vendorAuth = { vendorId: key.vendorId, keyId: key.id };
  };
}

/** The key's vendor (handlers of the vendor API only). */
export function vendorOf(request: FastifyRequest): string {
  if (!request.vendorAuth) throw invalidKey();
  return request.vendorAuth.vendorId;
}
