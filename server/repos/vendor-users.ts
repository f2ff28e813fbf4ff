/** The console's people, their sign-in links and sessions (migration 0031). Rows only: the rules are in use-cases/vendor-sessions.ts. */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { SecondFactorState, VendorRole } from '../db/schema.js';

export interface VendorUserRow {
  id: string;
  vendorId: string;
  email: string;
  name: string | null;
  role: VendorRole;
  createdAt: Date;
  lastSignInAt: Date | null;
}

const USER_COLUMNS = ['id', 'vendorId', 'email', 'name', 'role', 'createdAt', 'lastSignInAt'] as const;

export async function insertVendorUser(db: Db, user: { vendorId: string; email: string; role: VendorRole; name?: string | null; invitedBy?: string | null }): Promise<VendorUserRow> {
  return db
    .insertInto('vendorUsers')
    .values({ vendorId: user.vendorId, email: user.email, role: user.role, name: user.name ?? null, invitedBy: user.invitedBy ?? null })
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A person of the team (not removed). */
export async function vendorUser(db: Db, vendorId: string, userId: string): Promise<VendorUserRow | undefined> {
  return db.selectFrom('vendorUsers').select(USER_COLUMNS).where('vendorId', '=', vendorId).where('id', '=', userId).where('removedAt', 'is', null).executeTakeFirst();
}

/** A person of any vendor by id, unless removed (the person a sign-in link names). */
export async function teamMember(db: Db, userId: string): Promise<VendorUserRow | undefined> {
  return db.selectFrom('vendorUsers').select(USER_COLUMNS).where('id', '=', userId).where('removedAt', 'is', null).executeTakeFirst();
}

export async function vendorUserByEmail(db: Db, vendorId: string, email: string): Promise<VendorUserRow | undefined> {
  return db.selectFrom('vendorUsers').select(USER_COLUMNS).where('vendorId', '=', vendorId).where('email', '=', email).where('removedAt', 'is', null).executeTakeFirst();
}

/** Every vendor the address is a person of, with the vendor's name (for one sign-in e-mail). */
export async function usersByEmail(db: Db, email: string): Promise<(VendorUserRow & { vendorName: string })[]> {
  return db
    .selectFrom('vendorUsers as u')
    .innerJoin('vendors as v', 'v.id', 'u.vendorId')
    .select(['u.id', 'u.vendorId', 'u.email', 'u.name', 'u.role', 'u.createdAt', 'u.lastSignInAt', 'v.displayName as vendorName'])
    .where('u.email', '=', email)
    .where('u.removedAt', 'is', null)
    .orderBy('v.displayName')
    .execute();
}

export async function listVendorUsers(db: Db, vendorId: string): Promise<VendorUserRow[]> {
  return db.selectFrom('vendorUsers').select(USER_COLUMNS).where('vendorId', '=', vendorId).where('removedAt', 'is', null).orderBy('email').execute();
}

/** The team's admins, locked until the transaction ends (so two demotions at once cannot leave none). */
export async function lockAdmins(db: Db, vendorId: string): Promise<string[]> {
  const rows = await db.selectFrom('vendorUsers').select('id').where('vendorId', '=', vendorId).where('role', '=', 'admin').where('removedAt', 'is', null).forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function setVendorUserRole(db: Db, vendorId: string, userId: string, role: VendorRole): Promise<VendorUserRow | undefined> {
  return db.updateTable('vendorUsers').set({ role }).where('vendorId', '=', vendorId).where('id', '=', userId).where('removedAt', 'is', null).returning(USER_COLUMNS).executeTakeFirst();
}

export async function removeVendorUser(db: Db, vendorId: string, userId: string, at: Date): Promise<boolean> {
  const result = await db.updateTable('vendorUsers').set({ removedAt: at }).where('vendorId', '=', vendorId).where('id', '=', userId).where('removedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markSignedIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('vendorUsers').set({ lastSignInAt: at }).where('id', '=', userId).execute();
}

// ── sign-in links ──

export async function insertSignInLink(db: Db, link: { userId: string; tokenHash: string; purpose: 'sign_in' | 'invitation'; expiresAt: Date }): Promise<void> {
  await db.insertInto('vendorSignInLinks').values(link).execute();
}

/** Uses the link once: the person it signs in, or nothing when it is unknown, used or expired (one atomic update). */
export async function useSignInLink(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('vendorSignInLinks')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId;
}

// ── sessions ──

export interface SessionRow {
  id: string;
  userId: string;
  vendorId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  role: VendorRole;
  email: string;
  name: string | null;
  removedAt: Date | null;
  secondFactor: SecondFactorState;
}

export async function insertSession(
  db: Db,
  session: { userId: string; vendorId: string; tokenHash: string; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null; secondFactor?: SecondFactorState },
): Promise<string> {
  const row = await db
    .insertInto('vendorSessions')
    .values({ ...session, lastSeenAt: session.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session of a cookie, with its person's role as it is now (a role changed by an admin holds from the next request). */
export async function sessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('vendorSessions as s')
    .innerJoin('vendorUsers as u', 'u.id', 's.userId')
    .select(['s.id', 's.userId', 's.vendorId', 's.createdAt', 's.lastSeenAt', 's.expiresAt', 's.revokedAt', 's.secondFactor', 'u.role', 'u.email', 'u.name', 'u.removedAt'])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('vendorSessions').set({ lastSeenAt: at }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('vendorSessions').set({ revokedAt: at }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute();
}

/** Ends every session of the person (sign out everywhere; removed from the team). Returns how many. */
export async function revokeUserSessions(db: Db, userId: string, at: Date): Promise<number> {
  const result = await db.updateTable('vendorSessions').set({ revokedAt: at }).where('userId', '=', userId).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Forgets links and sessions that ended before `before` (the purge job). Returns how many rows went. */
export async function purgeConsoleSessions(db: Db, before: Date): Promise<number> {
  const links = await db.deleteFrom('vendorSignInLinks').where('expiresAt', '<', before).executeTakeFirst();
  const sessions = await sql`delete from vendor_sessions where expires_at < ${before} or revoked_at < ${before} or last_seen_at < ${before}`.execute(db);
  return Number(links.numDeletedRows ?? 0) + Number(sessions.numAffectedRows ?? 0);
}

// ───────────────────────────── passkeys (migration 0036) ─────────────────────────────

export interface PasskeyRow {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Buffer;
  counter: string;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const passkeyColumns = ['id', 'userId', 'credentialId', 'publicKey', 'counter', 'transports', 'name', 'createdAt', 'lastUsedAt'] as const;

export async function passkeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom('vendorPasskeys').select(passkeyColumns).where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
}

export async function passkeyOfUser(db: Db, userId: string, passkeyId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('vendorPasskeys').select(passkeyColumns).where('userId', '=', userId).where('id', '=', passkeyId).executeTakeFirst();
}

export async function passkeyByCredential(db: Db, userId: string, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('vendorPasskeys').select(passkeyColumns).where('userId', '=', userId).where('credentialId', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(db: Db, passkey: { userId: string; credentialId: string; publicKey: Buffer; counter: number; transports: string[]; name: string }): Promise<PasskeyRow> {
  return db
    .insertInto('vendorPasskeys')
    .values({ ...passkey, transports: JSON.stringify(passkey.transports) })
    .returning(passkeyColumns)
    .executeTakeFirstOrThrow();
}

/** The counter moves only forward: a signature with a counter not above the stored one (a cloned key) changes nothing. */
export async function markPasskeyUsed(db: Db, passkeyId: string, counter: number, at: Date): Promise<void> {
  await db.updateTable('vendorPasskeys').set({ counter, lastUsedAt: at }).where('id', '=', passkeyId).execute();
}

export async function deletePasskey(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const result = await db.deleteFrom('vendorPasskeys').where('userId', '=', userId).where('id', '=', passkeyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The people of a vendor with at least one passkey (the team page says who has one). */
export async function usersWithPasskeys(db: Db, vendorId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('vendorPasskeys as p')
    .innerJoin('vendorUsers as u', 'u.id', 'p.userId')
    .select('p.userId')
    .distinct()
    .where('u.vendorId', '=', vendorId)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** The challenge the session's next WebAuthn ceremony must sign, and for what; replaces any earlier one. */
export async function setSessionChallenge(db: Db, sessionId: string, challenge: { value: string; purpose: 'registration' | 'authentication'; expiresAt: Date }): Promise<void> {
  await db
    .updateTable('vendorSessions')
    .set({ webauthnChallenge: challenge.value, webauthnChallengePurpose: challenge.purpose, webauthnChallengeExpiresAt: challenge.expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Takes the session's challenge for `purpose` — used once: cleared as it is read, under the row's lock (call it in a
 * transaction) — or undefined when there is none, it is for the other ceremony, or it has expired.
 */
export async function takeSessionChallenge(trx: Db, sessionId: string, purpose: 'registration' | 'authentication', now: Date): Promise<string | undefined> {
  const row = await trx
    .selectFrom('vendorSessions')
    .select(['webauthnChallenge', 'webauthnChallengePurpose', 'webauthnChallengeExpiresAt'])
    .where('id', '=', sessionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row?.webauthnChallenge) return undefined;
  await trx.updateTable('vendorSessions').set({ webauthnChallenge: null, webauthnChallengePurpose: null, webauthnChallengeExpiresAt: null }).where('id', '=', sessionId).execute();
  if (row.webauthnChallengePurpose !== purpose || !row.webauthnChallengeExpiresAt || row.webauthnChallengeExpiresAt.getTime() <= now.getTime()) return undefined;
  return row.webauthnChallenge;
}

export async function setSessionSecondFactor(db: Db, sessionId: string, state: SecondFactorState): Promise<void> {
  await db.updateTable('vendorSessions').set({ secondFactor: state }).where('id', '=', sessionId).execute();
}
