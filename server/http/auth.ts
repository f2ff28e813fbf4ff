/**
 * `Authorization: ContactAccess <token>` (docs/decisions.md, "Auth and tokens") and the contact scope.
 *
 * - `authenticate` (onRequest, before validation): unknown/malformed → 401 invalid; canceled → 401 canceled;
 *   expired or past expiry → 401 expired; active/complete → `request.auth`.
 * - `checkScope` (preHandler, after validation): a vendorId / locationId path parameter outside the contact's
 *   `contact_locations` (or a location of another vendor) → 404 not_found.
 *
 * The request path is one round trip for both: `authenticate` reads the token and checks the path's vendor/location
 * in the same statement (`authenticateToken`, server/db/tokens.ts — one query rather than a token cache, so a
 * cancellation by any process takes effect on the next request) and keeps the answer; `checkScope` only reads it
 * (it still queries when the path changed in between or could not be checked then). The order of the answers is
 * unchanged: 401 before validation (400), 404 after it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import type { TokenStatus, TokenType } from '../db/schema.js';
import { authenticateToken, tokenState, type ScopeTarget } from '../db/tokens.js';
import { ApiError, notFound } from './errors.js';
import { contactHasLocation, contactHasVendor } from '../repos/scope.js';

export interface AuthContext {
  contactId: string;
  tokenId: string;
  /** the one vendor the token is bound to (its reach, server/repos/scope.ts), or null for all of the contact's */
  vendorId: string | null;
  locationId: string | null;
  type: TokenType;
  status: TokenStatus;
  requestId: string | null;
}

/** The scope answer `authenticate` got with the token, for the path it was asked for. */
interface ScopeAnswer extends ScopeTarget {
  inScope: boolean;
  /** the location's invoice list data version read in the same statement (server/db/list-versions.ts), or null */
  dataVersion: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    scopeAnswer?: ScopeAnswer;
  }
}

function scopeTargetOf(request: FastifyRequest): ScopeTarget {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return { vendorId: params.vendorId || undefined, locationId: params.locationId || undefined };
}

/** Texts of the error catalogue (portal-core.md §8). */
export const unauthorizedMessages = {
  invalid: 'This link is invalid.',
  canceled: 'This request was canceled.',
  expired: 'This link expired.',
} as const;

export function unauthorized(code: keyof typeof unauthorizedMessages) {
  return new ApiError(401, code, unauthorizedMessages[code]);
}

const SCHEME = /^ContactAccess[ \t]+(\S+)[ \t]*$/i;

/** The raw token of a request, or undefined. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  return SCHEME.exec(header)?.[1];
}

export function makeAuthenticate(db: Db) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const raw = tokenFromHeader(request.headers.authorization);
    if (!raw) throw unauthorized('invalid');
    const target = scopeTargetOf(request);
    const token = await authenticateToken(db, raw, target);
    if (!token) throw unauthorized('invalid');
    const state = tokenState(token);
    if (state !== 'valid') throw unauthorized(state);
    if (token.inScope !== null) request.scopeAnswer = { ...target, inScope: token.inScope, dataVersion: token.dataVersion ?? null };
    request.auth = {
      contactId: token.contactId,
      tokenId: token.id,
      vendorId: token.vendorId,
      locationId: token.locationId,
      type: token.type,
      status: token.status,
      requestId: token.requestId,
    };
  };
}

/**
 * The data version of the request's location as read with its token (server/db/list-versions.ts), or undefined when
 * the token statement did not check this very path (then nothing may be cached or validated with it).
 */
export function dataVersionOf(request: FastifyRequest, vendorId: string, locationId: string): string | undefined {
  const answer = request.scopeAnswer;
  if (!answer?.inScope || answer.vendorId !== vendorId || answer.locationId !== locationId) return undefined;
  return answer.dataVersion ?? undefined;
}

/** The authenticated contact of a request (handlers of authenticated operations only). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('invalid');
  return request.auth;
}

export function makeCheckScope(db: Db) {
  return async function checkScope(request: FastifyRequest, _reply: FastifyReply) {
    const auth = authOf(request);
    const { vendorId, locationId } = scopeTargetOf(request);
    const answer = request.scopeAnswer;
    if (answer && answer.vendorId === vendorId && answer.locationId === locationId) {
      if (!answer.inScope) throw notFound(vendorId && !locationId ? 'vendor' : 'location');
      return;
    }
    if (vendorId && locationId) {
      if (!(await contactHasLocation(db, auth, vendorId, locationId))) throw notFound('location');
    } else if (vendorId) {
      if (!(await contactHasVendor(db, auth, vendorId))) throw notFound('vendor');
    } else if (locationId) {
      if (!(await contactHasLocation(db, auth, null, locationId))) throw notFound('location');
    }
  };
}
