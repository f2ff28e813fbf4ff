/**
 * Access tokens: 32 CSPRNG bytes as base64url (43 characters). Only the SHA-256 hex of a token is
 * stored (`tokens.token_hash`); the raw token exists only in the link handed to the contact.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, Token, TokenStatus, TokenType } from './schema.js';

const TOKEN_BYTES = 32;
const DAY_MS = 24 * 60 * 60 * 1000;
/** base64url of 32 bytes: 43 characters without padding */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when the string has the shape of a token we issue (cheap check before a DB lookup). */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export interface IssueTokenInput {
  contactId: string;
  vendorId?: string | null;
  locationId?: string | null;
  type: TokenType;
  status?: TokenStatus;
  requestId?: string | null;
  /** days until expiry; negative values create an already expired token (tests, demo links) */
  ttlDays: number;
  /** reference time for the expiry (default now) */
  now?: Date;
}

/** Creates a token row and returns the RAW token (the only place it exists). */
export async function issueToken(db: Kysely<Database>, input: IssueTokenInput): Promise<string> {
  const token = generateToken();
  const now = input.now ?? new Date();
  await db
    .insertInto('tokens')
    .values({
      tokenHash: hashToken(token),
      contactId: input.contactId,
      vendorId: input.vendorId ?? null,
      locationId: input.locationId ?? null,
      type: input.type,
      status: input.status ?? 'active',
      requestId: input.requestId ?? null,
      expiresAt: new Date(now.getTime() + input.ttlDays * DAY_MS),
    })
    .execute();
  return token;
}

/**
 * Looks a raw token up by its hash. Returns the row whatever its status/expiry (the caller decides:
 * see `tokenState`), or undefined when unknown or malformed.
 */
export async function findToken(db: Kysely<Database>, rawToken: string): Promise<Token | undefined> {
  if (!isWellFormedToken(rawToken)) return undefined;
  return db.selectFrom('tokens').selectAll().where('tokenHash', '=', hashToken(rawToken)).executeTakeFirst();
}

/**
 * Effective state of a token row per docs/decisions.md: `active`/`complete` authenticate;
 * `canceled`, `expired` or a past `expiresAt` do not.
 */
export function tokenState(token: Token, now: Date = new Date()): 'valid' | 'canceled' | 'expired' {
  if (token.status === 'canceled') return 'canceled';
  if (token.status === 'expired') return 'expired';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** The vendor / location a request names in its path; the scope part of `authenticateToken`. */
export interface ScopeTarget {
  vendorId?: string;
  locationId?: string;
}

/**
 * A token row with the scope answer and, for a path with a location, the location's invoice list data version (text;
 * null when the path names no location).
 */
export type AuthenticatedToken = Token & { inScope: boolean | null; dataVersion: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The token row AND whether its contact may see `target`, in ONE round trip (the request path of every
 * authenticated call). `inScope` follows the rules of server/repos/scope.ts (`contactHasVendor`,
 * `contactHasLocation`); it is `null` when there is nothing to check or a path value is not a UUID (validation will
 * refuse the request; nothing is cast).
 *
 * Why one query and not a cache of token → auth: every request reads the token's current row, so a token canceled
 * or expired by any process sharing the database stops working on the very next request, with no invalidation
 * protocol between processes; the scope costs nothing extra (an EXISTS on indexed keys in the same statement).
 */
export async function authenticateToken(
  db: Kysely<Database>,
  rawToken: string,
  target: ScopeTarget = {},
): Promise<AuthenticatedToken | undefined> {
  if (!isWellFormedToken(rawToken)) return undefined;
  const { vendorId, locationId } = target;
  const checkable = (!vendorId || UUID.test(vendorId)) && (!locationId || UUID.test(locationId));
  const hash = hashToken(rawToken);
  // Precompiled text (no query building per request); the same statements the API benchmark's bare server runs.
  const query =
    checkable && vendorId && locationId
      ? CompiledQuery.raw(AUTH_SQL.vendorLocation, [hash, vendorId, locationId])
      : checkable && locationId
        ? CompiledQuery.raw(AUTH_SQL.location, [hash, locationId])
        : checkable && vendorId
          ? CompiledQuery.raw(AUTH_SQL.vendor, [hash, vendorId])
          : CompiledQuery.raw(AUTH_SQL.none, [hash]);
  const { rows } = await db.executeQuery<AuthenticatedToken>(query);
  return rows[0];
}

const TOKEN_COLUMNS = `t.id, t.token_hash, t.contact_id, t.vendor_id, t.location_id, t.type, t.status, t.request_id, t.expires_at, t.created_at`;

/**
 * The location's invoice list data version (server/db/list-versions.ts) as text, '0' when it has no row: read in the
 * token's statement so the list cache and ETags cost no round trip and see what this very statement sees.
 */
const DATA_VERSION = (location: string) =>
  `coalesce((select v.version::text from list_data_versions v where v.location_id = ${location}::uuid), '0') as data_version`;

/**
 * The statements of `authenticateToken` ($1 token hash; $2/$3 vendor and/or location). A token bound to a vendor
 * (`t.vendor_id`) reaches that vendor's locations only (server/repos/scope.ts).
 */
export const AUTH_SQL = {
  vendorLocation: `select ${TOKEN_COLUMNS}, exists (select 1 from contact_locations cl inner join locations l on l.id = cl.location_id
      where cl.contact_id = t.contact_id and cl.location_id = $3::uuid and cl.vendor_id = $2::uuid and l.vendor_id = $2::uuid
        and (t.vendor_id is null or t.vendor_id = $2::uuid)) as in_scope,
      ${DATA_VERSION('$3')}
    from tokens t where t.token_hash = $1`,
  location: `select ${TOKEN_COLUMNS}, exists (select 1 from contact_locations cl inner join locations l on l.id = cl.location_id
      where cl.contact_id = t.contact_id and cl.location_id = $2::uuid
        and (t.vendor_id is null or (cl.vendor_id = t.vendor_id and l.vendor_id = t.vendor_id))) as in_scope,
      ${DATA_VERSION('$2')}
    from tokens t where t.token_hash = $1`,
  vendor: `select ${TOKEN_COLUMNS}, exists (select 1 from contact_locations cl
      where cl.contact_id = t.contact_id and cl.vendor_id = $2::uuid
        and (t.vendor_id is null or t.vendor_id = $2::uuid)) as in_scope, null::text as data_version
    from tokens t where t.token_hash = $1`,
  none: `select ${TOKEN_COLUMNS}, null::boolean as in_scope, null::text as data_version from tokens t where t.token_hash = $1`,
} as const;
