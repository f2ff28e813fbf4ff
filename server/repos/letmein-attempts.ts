/**
 * Rate limiting of `POST /letmein`, kept in the database (`letmein_attempts`) so that several server processes on
 * one database agree. Addresses and client keys are stored as SHA-256 only.
 *
 * Hand-written rather than `@fastify/rate-limit`: the plugin counts in each process's memory (or Redis), so N
 * processes would allow N times the limit; and the per-client count is decided in one transaction with the
 * per-address sending cap, under the same advisory locks, and a refused request records nothing.
 *
 * Two limits of different kinds (DECISION):
 * - per client (IP, IPv6 by /64): `perClient` requests per window, then 429 — every request counts;
 * - per address: a cap on SENDING, never a refusal. An address is sent at most `perAddress` links per window, and
 *   beyond that one more whenever its latest link is `resendMinutes` old. A request over the cap still answers 202
 *   (it looks like any other) and sends nothing; it is recorded for its client only (`address_hash` ''). So a
 *   stranger cannot lock a customer out: every link the stranger triggered went to the customer's own inbox and
 *   stays valid, and the customer's own request gets a fresh link within `resendMinutes` at the latest.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The client an attempt is counted for: an IPv4 address as it is; an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, so counting single addresses would let it rotate through them); an
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as the IPv4 address.
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIP(ip) !== 6) return `ip:${ip}`;
  const address = ip.split('%')[0]!.toLowerCase();
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  let groups: string[];
  if (address.includes('::')) {
    const [head = '', tail = ''] = address.split('::');
    const tailGroups = groupsOf(tail);
    const tailCount = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
    groups = [...groupsOf(head), ...Array<string>(Math.max(0, 8 - groupsOf(head).length - tailCount)).fill('0'), ...tailGroups];
  } else {
    groups = groupsOf(address);
  }
  return `ip6:${groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}

export interface AttemptLimits {
  perAddress: number;
  perClient: number;
  windowMinutes: number;
  /** Over the per-address cap, one more link once the address's latest is this old (default 5). */
  resendMinutes?: number;
}

export const DEFAULT_RESEND_MINUTES = 5;
/** `address_hash` of a request that sent nothing because its address's cap was reached (counts for its client). */
export const NOT_SENT = '';

export interface AttemptKeys {
  addressHash: string;
  clientKey: string;
}

/**
 * Serialises attempts for the same address or client across connections and processes (transaction-scoped
 * advisory locks, taken in a fixed order so two requests never wait on each other crosswise). Call inside the
 * transaction that counts and records.
 */
export async function lockAttemptKeys(db: Db, keys: AttemptKeys): Promise<void> {
  for (const key of [keys.addressHash, keys.clientKey].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  }
}

/**
 * What to do with a request: `'client_limited'` (429: the client's limit is reached), `'send'` (issue and send the
 * links), or `'skip'` (202 but send nothing: the address's sending cap is reached).
 */
export async function checkAttempt(db: Db, keys: AttemptKeys, limits: AttemptLimits, now = new Date()) {
  const since = new Date(now.getTime() - limits.windowMinutes * 60_000);
  const row = await db
    .selectFrom('letmeinAttempts')
    .select([
      sql<number>`count(*) filter (where address_hash = ${keys.addressHash})`.as('sentToAddress'),
      sql<Date | string | null>`max(created_at) filter (where address_hash = ${keys.addressHash})`.as('lastSentAt'),
      sql<number>`count(*) filter (where client_key = ${keys.clientKey})`.as('byClient'),
    ])
    .where('createdAt', '>', since)
    .where((eb) => eb.or([eb('addressHash', '=', keys.addressHash), eb('clientKey', '=', keys.clientKey)]))
    .executeTakeFirstOrThrow();
  if (Number(row.byClient) >= limits.perClient) return 'client_limited' as const;
  if (Number(row.sentToAddress) < limits.perAddress) return 'send' as const;
  const resendMs = (limits.resendMinutes ?? DEFAULT_RESEND_MINUTES) * 60_000;
  const lastSentAt = row.lastSentAt === null ? 0 : new Date(row.lastSentAt).getTime();
  return now.getTime() - lastSentAt >= resendMs ? ('send' as const) : ('skip' as const);
}

export async function recordAttempt(db: Db, keys: AttemptKeys, now = new Date()): Promise<void> {
  await db.insertInto('letmeinAttempts').values({ ...keys, createdAt: now }).execute();
}

/** Drops attempts older than a day (they no longer count). */
export async function pruneAttempts(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('letmeinAttempts').where('createdAt', '<', new Date(now.getTime() - 24 * 60 * 60_000)).execute();
}
