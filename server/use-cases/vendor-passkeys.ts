/**
 * Passkeys of the console's people (WebAuthn through @simplewebauthn/server): a person registers passkeys while
 * signed in; from then on a sign-in by e-mailed link leaves the session waiting ('pending') until one of them is used
 * — the second factor. Each ceremony signs a challenge the server made for this session, used once and good for
 * 5 minutes (WebAuthn's own replay protection): taken from the session row in a transaction of its own, so a refused
 * answer cannot be tried again with it. The relying party is the portal's public origin (PUBLIC_URL): its host is the
 * RP ID, its origin the only one accepted. The server keeps a passkey's id, public key and signature counter — nothing
 * secret.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../db/connect.js';
import {
  deletePasskey,
  insertPasskey,
  markPasskeyUsed,
  passkeyByCredential,
  passkeysOfUser,
  setSessionChallenge,
  setSessionSecondFactor,
  takeSessionChallenge,
  type PasskeyRow,
} from '../repos/vendor-users.js';
import { refusal, type Outcome } from './outcome.js';
import type { ActiveSession } from './vendor-sessions.js';

/** How long a ceremony's challenge is good for. */
export const CHALLENGE_MINUTES = 5;
/** The most passkeys a person keeps. */
export const PASSKEY_LIMIT = 20;

/** Who the passkeys are for: the portal's public origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'PerformancePay console' };
}

const refused = (code: string, message: string) => ({ ok: false as const, refusal: refusal('unprocessable', code, message) });
const expired = () => refused('challenge_expired', 'That passkey request has expired or was used already. Try again.');
const notVerified = () => refused('passkey_not_verified', 'That passkey could not be verified. Try again, or use another passkey.');

/**
 * Takes the session's challenge for `purpose` in a transaction of its own on `baseDb` — the database itself, not the
 * request's transaction, which a refusal rolls back — so it is used once, whatever the answer.
 */
const takeChallenge = (baseDb: Db, sessionId: string, purpose: 'registration' | 'authentication', now: Date) =>
  baseDb.transaction().execute((trx) => takeSessionChallenge(trx, sessionId, purpose, now));

const challengeEnd = (now: Date) => new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

/** Options to register a passkey, its challenge kept on the session. */
export async function registrationOptions(db: Db, rp: RelyingParty, session: ActiveSession, now = new Date()): Promise<Outcome<Record<string, unknown>>> {
  const existing = await passkeysOfUser(db, session.userId);
  if (existing.length >= PASSKEY_LIMIT) return refused('limit_reached', `A person keeps at most ${PASSKEY_LIMIT} passkeys: remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: session.email,
    userDisplayName: session.name ?? session.email,
    userID: new TextEncoder().encode(session.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await setSessionChallenge(db, session.sessionId, { value: options.challenge, purpose: 'registration', expiresAt: challengeEnd(now) });
  return { ok: true, value: options as unknown as Record<string, unknown> };
}

/** Verifies the browser's answer to the registration options and keeps the passkey. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  session: ActiveSession,
  input: { name: string; credential: RegistrationResponseJSON },
  baseDb: Db = db,
  now = new Date(),
): Promise<Outcome<PasskeyRow>> {
  const challenge = await takeChallenge(baseDb, session.sessionId, 'registration', now);
  if (!challenge) return expired();
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response: input.credential, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch {
    return notVerified();
  }
  if (!verified.verified || !verified.registrationInfo) return notVerified();
  const { credential } = verified.registrationInfo;
  if (await passkeyByCredential(db, session.userId, credential.id)) return refused('passkey_exists', 'That passkey is registered already.');
  if ((await passkeysOfUser(db, session.userId)).length >= PASSKEY_LIMIT) return refused('limit_reached', `A person keeps at most ${PASSKEY_LIMIT} passkeys: remove one first.`);
  try {
    const row = await insertPasskey(db, {
      userId: session.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? input.credential.response.transports ?? []).slice(0, 8),
      name: input.name.trim(),
    });
    // the session that registered it has used it: it stays signed in
    await setSessionSecondFactor(db, session.sessionId, 'passed');
    return { ok: true, value: row };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return refused('passkey_exists', 'That passkey is registered already.');
    throw error;
  }
}

/** Options to use a passkey after the sign-in link (only while the session waits for one). */
export async function secondFactorOptions(db: Db, rp: RelyingParty, session: ActiveSession, now = new Date()): Promise<Outcome<Record<string, unknown>>> {
  if (session.secondFactor !== 'pending') return refused('second_factor_not_pending', 'This session needs no passkey.');
  const passkeys = await passkeysOfUser(db, session.userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await setSessionChallenge(db, session.sessionId, { value: options.challenge, purpose: 'authentication', expiresAt: challengeEnd(now) });
  return { ok: true, value: options as unknown as Record<string, unknown> };
}

/** Verifies a passkey of the person against the session's challenge: the session is signed in fully. */
export async function passSecondFactor(
  db: Db,
  rp: RelyingParty,
  session: ActiveSession,
  credential: AuthenticationResponseJSON,
  baseDb: Db = db,
  now = new Date(),
): Promise<Outcome<ActiveSession>> {
  if (session.secondFactor !== 'pending') return refused('second_factor_not_pending', 'This session needs no passkey.');
  const challenge = await takeChallenge(baseDb, session.sessionId, 'authentication', now);
  if (!challenge) return expired();
  // only a passkey of this person: another's (even of the same vendor) is not found here
  const passkey = await passkeyByCredential(db, session.userId, credential.id);
  if (!passkey) return notVerified();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter), transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
  } catch {
    return notVerified();
  }
  if (!verified.verified) return notVerified();
  await db.transaction().execute(async (trx) => {
    await markPasskeyUsed(trx, passkey.id, verified.authenticationInfo.newCounter, now);
    await setSessionSecondFactor(trx, session.sessionId, 'passed');
  });
  return { ok: true, value: { ...session, secondFactor: 'passed' } };
}

export const myPasskeys = (db: Db, session: ActiveSession) => passkeysOfUser(db, session.userId);

export async function removePasskey(db: Db, session: ActiveSession, passkeyId: string): Promise<boolean> {
  return deletePasskey(db, session.userId, passkeyId);
}
