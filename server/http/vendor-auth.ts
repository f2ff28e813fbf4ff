/**
 * Who calls the vendor API (openapi/vendor.yaml): a program with `Authorization: Bearer <key>`, or a person of the
 * vendor signed in to the console, with the session cookie. Both are looked up on every request — no cache — so a key
 * revoked or a session ended by any process is refused on the very next request.
 *
 * - A key: missing, malformed, unknown, revoked or expired → 401 `invalid`, the same answer for each (a caller learns
 *   nothing about other keys). A read-only key calls only the operations marked `x-read-only-key`; no key calls an
 *   operation marked `x-session-only` (the team, the sessions).
 * - A session: unknown, ended or idle → 401 `session_ended`. Its person's role must be among the operation's
 *   `x-roles` (403 `role_forbidden`), and a request that changes anything must come from the portal's own origin
 *   (`Origin`, 403 `origin_refused`) — beside the cookie's SameSite=Strict, which already keeps other sites' requests
 *   from carrying it.
 * A request with a key header is a key's, whatever cookie it also carries.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import type { VendorRole } from '../db/schema.js';
import { hashApiKey, looksLikeApiKey } from '../domain/api-keys.js';
import { SESSION_COOKIE, VENDOR_ROLES } from '../domain/vendor-sessions.js';
import { apiKeyByHash, touchApiKey } from '../repos/vendor-keys.js';
import { activeSession, type ActiveSession } from '../use-cases/vendor-sessions.js';
import type { OpenApiDocument } from './contract.js';
import { ApiError } from './errors.js';
import type { RateLimit } from './rate-limit.js';

export interface VendorAuth {
  vendorId: string;
  /** the key's id, prefix and name, when a program calls */
  keyId?: string;
  keyPrefix?: string;
  keyName?: string;
  /** the person's session, when a person calls from the console */
  session?: ActiveSession;
}

declare module 'fastify' {
  interface FastifyRequest {
    vendorAuth?: VendorAuth;
  }
}

/** What the contract says of each operation's callers. */
export interface VendorAccessPolicy {
  /** `x-read-only-key: true`: what a read-only key may call */
  readKeyOperations: ReadonlySet<string>;
  /** `x-roles`: the roles of the people who may call it */
  roles: ReadonlyMap<string, readonly VendorRole[]>;
  /** `x-session-only: true`: people only, never a key */
  sessionOnly: ReadonlySet<string>;
}

/** The access policy the contract declares, operation by operation. */
export function accessPolicyOf(document: OpenApiDocument): VendorAccessPolicy {
  const readKeyOperations = new Set<string>();
  const roles = new Map<string, VendorRole[]>();
  const sessionOnly = new Set<string>();
  for (const item of Object.values<Record<string, any>>(document.paths ?? {})) {
    for (const op of Object.values<any>(item)) {
      if (!op || typeof op !== 'object' || typeof op.operationId !== 'string') continue;
      if (op['x-read-only-key'] === true) readKeyOperations.add(op.operationId);
      if (op['x-session-only'] === true) sessionOnly.add(op.operationId);
      if (Array.isArray(op['x-roles'])) roles.set(op.operationId, op['x-roles'].filter((role: string) => (VENDOR_ROLES as string[]).includes(role)));
    }
  }
  return { readKeyOperations, roles, sessionOnly };
}

const SCHEME = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export const invalidKey = () => new ApiError(401, 'invalid', 'The API key is missing, unknown or revoked.');
/** What a session waiting for its passkey may call (openapi/vendor.yaml: `secondFactor: pending`). */
const SECOND_FACTOR_OPEN: ReadonlySet<string> = new Set(['getConsoleSession', 'deleteConsoleSession', 'deleteAllConsoleSessions', 'startSecondFactor', 'finishSecondFactor']);

export const sessionEnded = () => new ApiError(401, 'session_ended', 'Your session has ended. Sign in again.');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins a person's changing request may come from: the portal's public address, and the address the request was sent to. */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  let own: string | undefined;
  try {
    own = new URL(publicUrl).origin;
  } catch {
    own = undefined;
  }
  return origin === own || origin === `${request.protocol}://${request.host}`;
}

const operationIdOf = (request: FastifyRequest) => (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;

export function makeVendorAuthenticate(db: Db, policy: VendorAccessPolicy, options: { rateLimit?: RateLimit; publicUrl: string }) {
  const { rateLimit, publicUrl } = options;
  return async function authenticateVendor(request: FastifyRequest, reply: FastifyReply) {
    reply.header('www-authenticate', 'Bearer realm="vendor-api"');
    const operationId = operationIdOf(request);
    const header = request.headers.authorization;
    const cookie = request.cookies?.[SESSION_COOKIE];
    if (header === undefined && cookie !== undefined) {
      const now = new Date();
      const session = await activeSession(db, cookie, now);
      if (!session) throw sessionEnded();
      if (!SAFE_METHODS.has(request.method) && !sameOrigin(request, publicUrl)) {
        throw new ApiError(403, 'origin_refused', 'This request did not come from the console’s own page, so nothing was done.');
      }
      // a person with a passkey who came by link only: nothing but the passkey ceremony, who they are, and signing out
      if (session.secondFactor === 'pending' && !(operationId && SECOND_FACTOR_OPEN.has(operationId))) {
        throw new ApiError(403, 'second_factor_required', 'Use your passkey to finish signing in.');
      }
      const allowed = operationId ? policy.roles.get(operationId) : undefined;
      if (!allowed?.includes(session.role)) {
        throw new ApiError(403, 'role_forbidden', `Your role (${session.role}) cannot do this: ask an admin of your team.`);
      }
      await rateLimit?.(request, reply, { id: session.userId, kind: 'session' });
      request.vendorAuth = { vendorId: session.vendorId, session };
      return;
    }
    const secret = typeof header === 'string' ? SCHEME.exec(header)?.[1] : undefined;
    if (!secret || !looksLikeApiKey(secret)) throw invalidKey();
    const key = await apiKeyByHash(db, hashApiKey(secret));
    const now = new Date();
    if (!key || key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime())) throw invalidKey();
    if (operationId && policy.sessionOnly.has(operationId)) {
      throw new ApiError(403, 'session_only', 'This call is for people signed in to the console, not for API keys.');
    }
    if (key.access === 'read' && !(operationId && policy.readKeyOperations.has(operationId))) {
      throw new ApiError(403, 'read_only_key', 'This key only reads payments and events: use a full-access key for this call.');
    }
    // counted once the key is known, before anything else runs (a flood of bad bodies counts too)
    await rateLimit?.(request, reply, { id: key.id, kind: 'key' });
    if (key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() > 60_000) await touchApiKey(db, key.id, now);
    request.vendorAuth = { vendorId: key.vendorId, keyId: key.id, keyPrefix: key.prefix, keyName: key.name };
  };
}

/** The caller's vendor (handlers of the vendor API only). */
export function vendorOf(request: FastifyRequest): string {
  if (!request.vendorAuth) throw invalidKey();
  return request.vendorAuth.vendorId;
}

/** Who is calling, in words: the person's e-mail address, or the key's prefix and name (the audit log's actor). */
export function callerLabel(request: FastifyRequest): string {
  const auth = request.vendorAuth;
  if (!auth) throw invalidKey();
  return auth.session ? auth.session.email : `${auth.keyPrefix ?? 'key'} ${auth.keyName ?? ''}`.trim().slice(0, 300);
}

/** The person calling (operations marked `x-session-only`). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  const session = request.vendorAuth?.session;
  if (!session) throw sessionEnded();
  return session;
}
