/**
 * The console's people (openapi/vendor.yaml, tag team): sign-in by e-mailed link, the session cookie, sign-out
 * (here and everywhere), and the team an admin manages. The rules are in use-cases/vendor-sessions.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VendorRole } from '../../db/schema.js';
import { toIsoString } from '../../domain/dates.js';
import { vendorTimeZone } from '../../../core/rules/payment-dates.js';
import { normalEmail, SESSION_COOKIE, SESSION_ABSOLUTE_HOURS } from '../../domain/vendor-sessions.js';
import { afterReply } from '../../http/after-reply.js';
import type { Handlers } from '../../http/api.js';
import { ApiError, notFound } from '../../http/errors.js';
import { answerOf } from '../../http/refusal.js';
import { sessionOf, vendorOf } from '../../http/vendor-auth.js';
import { deliverEmails } from '../../mail/mailer.js';
import { clientKeyOf, sha256 } from '../../repos/letmein-attempts.js';
import { vendorSettings } from '../../repos/vendor-settings.js';
import type { PasskeyRow, VendorUserRow } from '../../repos/vendor-users.js';
import { admitLinkRequest } from '../../use-cases/link-requests.js';
import { changeRole, inviteUser, removeUser, sendSignInLinks, signIn, signOut, signOutEverywhere, teamOf, type ActiveSession } from '../../use-cases/vendor-sessions.js';
import type { RouteDeps } from '../deps.js';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { myPasskeys, passSecondFactor, registerPasskey, registrationOptions, relyingPartyOf, removePasskey, secondFactorOptions } from '../../use-cases/vendor-passkeys.js';

const user = (row: Pick<VendorUserRow, 'id' | 'email' | 'name' | 'role'> & { createdAt?: Date; lastSignInAt?: Date | null }) => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  ...(row.createdAt ? { createdAt: toIsoString(row.createdAt), lastSignInAt: toIsoString(row.lastSignInAt ?? null) } : {}),
});

export function teamHandlers({ db, config, mailer, baseDb = db }: RouteDeps): Handlers {
  /** Secure when the portal is served over https (directly, or behind a proxy that says so and is trusted). */
  const secure = (request: FastifyRequest) => request.protocol === 'https' || config.publicUrl.startsWith('https:');

  async function sessionAnswer(session: ActiveSession) {
    const vendor = await vendorSettings(db, session.vendorId);
    if (!vendor) throw notFound('vendor');
    return {
      user: user({ id: session.userId, email: session.email, name: session.name, role: session.role }),
      vendor: { id: vendor.id, name: vendor.name, displayName: vendor.displayName, timeZone: vendorTimeZone(vendor.eodCutoff) },
      expiresAt: toIsoString(session.expiresAt),
      idleExpiresAt: toIsoString(session.idleUntil),
      secondFactor: session.secondFactor,
      passkeys: (await myPasskeys(db, session)).length,
    };
  }
  const rp = relyingPartyOf(config.publicUrl);
  const passkey = (row: PasskeyRow) => ({ id: row.id, name: row.name, createdAt: toIsoString(row.createdAt), lastUsedAt: toIsoString(row.lastUsedAt) });

  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secure(request) });

  return {
    async requestConsoleSignInLink(request, reply) {
      const email = normalEmail((request.body as { email: string }).email);
      const keys = { addressHash: sha256(`console:${email}`), clientKey: sha256(clientKeyOf(request.ip)) };
      const decision = await admitLinkRequest(db, keys, config.letmein);
      if (decision === 'client_limited') {
        reply.header('retry-after', String(config.letmein.windowMinutes * 60));
        throw new ApiError(429, 'rate_limited', 'Too many link requests. Please try again later.');
      }
      // who the address is (if anyone) is looked up after the answer: a person's address and a stranger's look alike
      if (decision === 'send') {
        afterReply(reply, baseDb, 'console sign-in link', request.log, async () => {
          const outboxIds = await sendSignInLinks(baseDb, email, config.publicUrl);
          if (mailer && outboxIds.length > 0) await deliverEmails(baseDb, mailer, request.log, outboxIds);
        });
      }
      return reply.code(202).send({ status: 'accepted' });
    },

    async createConsoleSession(request, reply) {
      const { token } = request.body as { token: string };
      const userAgent = request.headers['user-agent'];
      const { token: sessionToken, session } = answerOf(await signIn(db, token, { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null }));
      reply.setCookie(SESSION_COOKIE, sessionToken, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(request),
        maxAge: SESSION_ABSOLUTE_HOURS * 3600,
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await sessionAnswer(session));
    },

    async getConsoleSession(request, reply) {
      reply.header('cache-control', 'no-store');
      return sessionAnswer(sessionOf(request));
    },

    async deleteConsoleSession(request, reply) {
      await signOut(db, sessionOf(request).sessionId);
      clearCookie(request, reply);
      return reply.code(204).send();
    },

    async deleteAllConsoleSessions(request, reply) {
      await signOutEverywhere(db, sessionOf(request).userId);
      clearCookie(request, reply);
      return reply.code(204).send();
    },

    async listMyPasskeys(request) {
      return { passkeys: (await myPasskeys(db, sessionOf(request))).map(passkey) };
    },
    async startPasskeyRegistration(request) {
      return { options: answerOf(await registrationOptions(db, rp, sessionOf(request))) };
    },
    async addPasskey(request, reply) {
      const body = request.body as { name: string; credential: RegistrationResponseJSON };
      return reply.code(201).send(passkey(answerOf(await registerPasskey(db, rp, sessionOf(request), body, baseDb))));
    },
    async deletePasskey(request, reply) {
      if (!(await removePasskey(db, sessionOf(request), (request.params as { passkeyId: string }).passkeyId))) throw notFound('passkey');
      return reply.code(204).send();
    },
    async startSecondFactor(request) {
      return { options: answerOf(await secondFactorOptions(db, rp, sessionOf(request))) };
    },
    async finishSecondFactor(request, reply) {
      const { credential } = request.body as { credential: AuthenticationResponseJSON };
      reply.header('cache-control', 'no-store');
      return sessionAnswer(answerOf(await passSecondFactor(db, rp, sessionOf(request), credential, baseDb)));
    },

    async listVendorUsers(request) {
      return { users: (await teamOf(db, vendorOf(request))).map(user) };
    },

    async inviteVendorUser(request, reply) {
      const body = request.body as { email: string; role: VendorRole; name?: string | null };
      const session = sessionOf(request);
      const inviter = { id: session.userId, vendorId: session.vendorId, email: session.email, name: session.name, role: session.role, createdAt: new Date(0), lastSignInAt: null };
      const invited = answerOf(await inviteUser(db, vendorOf(request), body, { publicUrl: config.publicUrl, invitedBy: inviter }));
      if (mailer) afterReply(reply, baseDb, 'console invitation', request.log, () => deliverEmails(baseDb, mailer, request.log, invited.outboxIds));
      return reply.code(201).send({ user: user(invited.user) });
    },

    async updateVendorUser(request) {
      const { userId } = request.params as { userId: string };
      const { role } = request.body as { role: VendorRole };
      return { user: user(answerOf(await changeRole(db, vendorOf(request), userId, role))) };
    },

    async removeVendorUser(request, reply) {
      const { userId } = request.params as { userId: string };
      answerOf(await removeUser(db, vendorOf(request), userId));
      return reply.code(204).send();
    },
  };
}
