/**
 * The console's people: sign-in links, sessions and their texts (DECISIONS, docs/vendor-console.md).
 *
 * - A sign-in link is `<publicUrl>/console/sign-in#<token>`: the token rides in the fragment, which a browser never
 *   sends to a server (so it reaches no access log and no Referer); the console page posts it once to `POST
 *   /vendor-api/session` and removes it from the address bar. A link works once, for 15 minutes; an invitation's for
 *   7 days.
 * - A session is a random 256-bit value in an HttpOnly, SameSite=Strict cookie (Secure when the portal is served over
 *   https); only its SHA-256 is kept. It ends after 30 minutes without a request, after 12 hours whatever happens, at
 *   sign-out, at sign-out everywhere, and when its person is removed from the team.
 * - Tokens are 32 CSPRNG bytes as base64url; a plain SHA-256 is right for them for the reason given in api-keys.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { VendorRole } from '../db/schema.js';

export const SIGN_IN_LINK_TTL_MINUTES = 15;
export const INVITATION_TTL_DAYS = 7;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
/** a session's last-seen time is written at most this often (one write a minute per busy session, not per request) */
export const SESSION_TOUCH_MS = 60_000;

/** The cookie's name. Not `__Host-`: that prefix demands Secure, and the demo and the tests run on plain http. */
export const SESSION_COOKIE = 'pp_vendor_session';

export const VENDOR_ROLES: readonly VendorRole[] = ['admin', 'ar', 'viewer'];

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newConsoleToken = () => randomBytes(32).toString('base64url');
export const hashConsoleToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const looksLikeConsoleToken = (value: string) => TOKEN.test(value);

export const consoleSignInUrl = (publicUrl: string, token: string) => `${publicUrl}/console/sign-in#${token}`;

/** E-mail addresses are compared in lower case, as they are stored. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export const SIGN_IN_EMAIL_SUBJECT = 'Your PerformancePay console sign-in link';
export const INVITATION_EMAIL_SUBJECT = 'You are invited to the PerformancePay console';

const ROLE_NAMES: Record<VendorRole, string> = { admin: 'an admin', ar: 'an AR clerk', viewer: 'a viewer' };

/** One message for every vendor the address signs in to (an address may be a person of several). */
export function signInEmailBody(links: readonly { vendorName: string; url: string }[]): string {
  return [
    'Hello,',
    '',
    links.length === 1 ? `Use this link to sign in to the PerformancePay console of ${links[0]!.vendorName}:` : 'Use the link of the vendor you want to sign in to:',
    ...links.flatMap((link) => (links.length === 1 ? [link.url] : [`${link.vendorName}: ${link.url}`])),
    '',
    `Each link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this message.`,
  ].join('\n');
}

export function invitationEmailBody(vendorName: string, role: VendorRole, invitedBy: string | null, url: string): string {
  return [
    'Hello,',
    '',
    `${invitedBy ?? 'An admin'} invited you to the PerformancePay console of ${vendorName} as ${ROLE_NAMES[role]}. Use this link to sign in:`,
    url,
    '',
    `The link works once, for ${INVITATION_TTL_DAYS} days. Afterwards, ask for a sign-in link on the console's sign-in page.`,
  ].join('\n');
}
