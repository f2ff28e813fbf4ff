/**
 * The console's people: invitations, sign-in by e-mailed link, sessions, the team (domain/vendor-sessions.ts holds the
 * times and texts). A vendor always keeps one admin: the last one can be neither demoted nor removed.
 */
import type { Db } from '../db/connect.js';
import type { SecondFactorState, VendorRole } from '../db/schema.js';
import {
  consoleSignInUrl,
  hashConsoleToken,
  INVITATION_EMAIL_SUBJECT,
  INVITATION_TTL_DAYS,
  invitationEmailBody,
  looksLikeConsoleToken,
  newConsoleToken,
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  SESSION_TOUCH_MS,
  SIGN_IN_EMAIL_SUBJECT,
  SIGN_IN_LINK_TTL_MINUTES,
  signInEmailBody,
} from '../domain/vendor-sessions.js';
import { insertOutboxMessages } from '../repos/outbox.js';
import {
  insertSession,
  insertSignInLink,
  insertVendorUser,
  listVendorUsers,
  lockAdmins,
  markSignedIn,
  passkeysOfUser,
  removeVendorUser,
  revokeSession,
  revokeUserSessions,
  sessionByHash,
  setVendorUserRole,
  teamMember,
  touchSession,
  usersByEmail,
  useSignInLink,
  vendorUser,
  vendorUserByEmail,
  type VendorUserRow,
} from '../repos/vendor-users.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { insertAuditEvent } from '../repos/vendor-audit.js';
import { attempt, notFoundRefusal, refuse, refusal, type Outcome } from './outcome.js';

const MINUTE = 60_000;

/** A session a cookie stands for, while it lasts. */
export interface ActiveSession {
  sessionId: string;
  userId: string;
  vendorId: string;
  role: VendorRole;
  email: string;
  name: string | null;
  expiresAt: Date;
  /** when it ends if no request comes first */
  idleUntil: Date;
  /** 'pending': the person has a passkey and has not used it since the link (vendor-passkeys.ts) */
  secondFactor: SecondFactorState;
}

/**
 * E-mails the address one sign-in link per vendor it is a person of; nothing when it is nobody's (the caller answers
 * the same either way, before this runs). Answers the outbox rows to deliver.
 */
export async function sendSignInLinks(db: Db, email: string, publicUrl: string, now = new Date()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const users = await usersByEmail(trx, email);
    if (users.length === 0) return [];
    const links: { vendorName: string; url: string }[] = [];
    for (const user of users) {
      const token = newConsoleToken();
      await insertSignInLink(trx, { userId: user.id, tokenHash: hashConsoleToken(token), purpose: 'sign_in', expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MINUTES * MINUTE) });
      links.push({ vendorName: user.vendorName, url: consoleSignInUrl(publicUrl, token) });
    }
    return insertOutboxMessages(trx, [{ channel: 'email', recipient: email, subject: SIGN_IN_EMAIL_SUBJECT, body: signInEmailBody(links) }]);
  });
}

/**
 * A sign-in link for one person, answered to the server's own operator (the CLI, `npm start`'s demo link), never over
 * the API. The person is made first when the address is not on the team yet (`ensureRole`).
 */
export async function operatorSignInLink(
  db: Db,
  vendorId: string,
  email: string,
  context: { publicUrl: string; ensureRole?: VendorRole; now?: Date },
): Promise<Outcome<{ user: VendorUserRow; link: string }>> {
  const address = email.trim().toLowerCase();
  const now = context.now ?? new Date();
  let user = await vendorUserByEmail(db, vendorId, address);
  if (!user && context.ensureRole) {
    const invited = await inviteUser(db, vendorId, { email: address, role: context.ensureRole }, { publicUrl: context.publicUrl, now });
    if (!invited.ok && invited.refusal.code !== 'user_exists') return invited;
    user = await vendorUserByEmail(db, vendorId, address);
  }
  if (!user) return { ok: false, refusal: refusal('not_found', 'not_found', `${address} is not on the team of vendor ${vendorId}.`, 'email') };
  const token = newConsoleToken();
  await insertSignInLink(db, { userId: user.id, tokenHash: hashConsoleToken(token), purpose: 'sign_in', expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MINUTES * MINUTE) });
  return { ok: true, value: { user, link: consoleSignInUrl(context.publicUrl, token) } };
}

const invalidLink = () =>
  refusal('unauthorized', 'invalid_link', 'This sign-in link is not valid: it was used already, has expired, or was not ours. Ask for a new one.');

/** Trades a sign-in link's token for a session: the link is used up, the session's own token is answered once. */
export async function signIn(
  db: Db,
  token: string,
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<Outcome<{ token: string; session: ActiveSession }>> {
  if (!looksLikeConsoleToken(token)) return { ok: false, refusal: invalidLink() };
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const userId = await useSignInLink(trx, hashConsoleToken(token), now);
      const user = userId ? await teamMember(trx, userId) : undefined;
      if (!user) throw refuse('unauthorized', 'invalid_link', invalidLink().message);
      const sessionToken = newConsoleToken();
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 60 * MINUTE);
      // a person with a passkey uses it before the session answers anything else (the second factor)
      const secondFactor: SecondFactorState = (await passkeysOfUser(trx, user.id)).length > 0 ? 'pending' : 'none';
      const sessionId = await insertSession(trx, {
        secondFactor,
        userId: user.id,
        vendorId: user.vendorId,
        tokenHash: hashConsoleToken(sessionToken),
        createdAt: now,
        expiresAt,
        ip: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      });
      await markSignedIn(trx, user.id, now);
      // the sign-in is in the vendor's audit log, with the address it came from
      await insertAuditEvent(trx, {
        vendorId: user.vendorId,
        actorKind: 'person',
        actorId: user.id,
        actorLabel: user.email,
        action: 'createConsoleSession',
        method: 'POST',
        path: '/vendor-api/session',
        status: 201,
        ip: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        at: now,
      });
      return {
        token: sessionToken,
        session: { sessionId, userId: user.id, vendorId: user.vendorId, role: user.role, email: user.email, name: user.name, expiresAt, idleUntil: idleEnd(now, expiresAt), secondFactor },
      };
    }),
  );
}

const idleEnd = (lastSeen: Date, expiresAt: Date) => new Date(Math.min(lastSeen.getTime() + SESSION_IDLE_MINUTES * MINUTE, expiresAt.getTime()));

/**
 * The session of a cookie's token, or nothing when it is unknown, signed out, past its absolute end, idle too long,
 * or its person was removed. A live session's last-seen time moves (at most once a minute).
 */
export async function activeSession(db: Db, token: string, now = new Date()): Promise<ActiveSession | undefined> {
  if (!looksLikeConsoleToken(token)) return undefined;
  const row = await sessionByHash(db, hashConsoleToken(token));
  if (!row || row.revokedAt !== null || row.removedAt !== null) return undefined;
  if (row.expiresAt.getTime() <= now.getTime() || idleEnd(row.lastSeenAt, row.expiresAt).getTime() <= now.getTime()) return undefined;
  let lastSeen = row.lastSeenAt;
  if (now.getTime() - lastSeen.getTime() >= SESSION_TOUCH_MS) {
    await touchSession(db, row.id, now);
    lastSeen = now;
  }
  return { sessionId: row.id, userId: row.userId, vendorId: row.vendorId, role: row.role, email: row.email, name: row.name, expiresAt: row.expiresAt, idleUntil: idleEnd(lastSeen, row.expiresAt), secondFactor: row.secondFactor };
}

export const signOut = (db: Db, sessionId: string, now = new Date()) => revokeSession(db, sessionId, now);

/** Ends every session of the person, this one included. */
export const signOutEverywhere = (db: Db, userId: string, now = new Date()) => revokeUserSessions(db, userId, now);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adds a person to the vendor's team and e-mails them an invitation link (valid 7 days). The link is answered only
 * to the server's own CLI (`link`), never over the API: whoever holds it signs in as the person.
 */
export async function inviteUser(
  db: Db,
  vendorId: string,
  input: { email: string; role: VendorRole; name?: string | null },
  context: { publicUrl: string; invitedBy?: VendorUserRow | null; now?: Date },
): Promise<Outcome<{ user: VendorUserRow; link: string; outboxIds: string[] }>> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) return { ok: false, refusal: refusal('invalid', 'validation_failed', 'email: must be an e-mail address', 'email') };
  const vendor = await vendorSettings(db, vendorId);
  if (!vendor) return { ok: false, refusal: notFoundRefusal('vendor') };
  const now = context.now ?? new Date();
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const exists = () => refuse('conflict', 'user_exists', `${email} is already on the team.`, 'email');
      if (await vendorUserByEmail(trx, vendorId, email)) throw exists();
      // two invitations of one address at once (two processes making the demo admin on their first start): the
      // unique index lets one in; the other is the same refusal, not a fault
      const user = await insertVendorUser(trx, { vendorId, email, role: input.role, name: input.name?.trim() || null, invitedBy: context.invitedBy?.id ?? null }).catch((error: unknown) => {
        throw (error as { code?: string }).code === '23505' ? exists() : error;
      });
      const token = newConsoleToken();
      await insertSignInLink(trx, { userId: user.id, tokenHash: hashConsoleToken(token), purpose: 'invitation', expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * MINUTE) });
      const link = consoleSignInUrl(context.publicUrl, token);
      const inviter = context.invitedBy ? context.invitedBy.name ?? context.invitedBy.email : null;
      const outboxIds = await insertOutboxMessages(trx, [
        { channel: 'email', recipient: email, subject: INVITATION_EMAIL_SUBJECT, body: invitationEmailBody(vendor.displayName, input.role, inviter, link) },
      ]);
      return { user, link, outboxIds };
    }),
  );
}

export const teamOf = (db: Db, vendorId: string) => listVendorUsers(db, vendorId);

const lastAdmin = () => refuse('conflict', 'last_admin', 'A team keeps at least one admin: make another person admin first.');

export async function changeRole(db: Db, vendorId: string, userId: string, role: VendorRole): Promise<Outcome<VendorUserRow>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const admins = await lockAdmins(trx, vendorId);
      const user = await vendorUser(trx, vendorId, userId);
      if (!user) throw refuse('not_found', 'not_found', 'The user was not found.');
      if (user.role === 'admin' && role !== 'admin' && admins.length <= 1) throw lastAdmin();
      return (await setVendorUserRole(trx, vendorId, userId, role))!;
    }),
  );
}

/** Removes the person from the team: their sessions end now and they sign in no more. */
export async function removeUser(db: Db, vendorId: string, userId: string, now = new Date()): Promise<Outcome<void>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const admins = await lockAdmins(trx, vendorId);
      const user = await vendorUser(trx, vendorId, userId);
      if (!user) throw refuse('not_found', 'not_found', 'The user was not found.');
      if (user.role === 'admin' && admins.length <= 1) throw lastAdmin();
      await removeVendorUser(trx, vendorId, userId, now);
      await revokeUserSessions(trx, userId, now);
    }),
  );
}

