/** Tag `access`: the token-info call and login-link requests. */
import type { FastifyRequest } from 'fastify';
import { issueToken } from '../db/tokens.js';
import { parseContactAddress, rateLimitKey } from '../domain/contact-address.js';
import {
  LOGIN_EMAIL_SUBJECT,
  LOGIN_LINK_TTL_DAYS,
  loginEmailBody,
  loginLinkUrl,
  loginSmsBody,
} from '../domain/login-link.js';
import { ApiError } from '../http/errors.js';
import { afterReply } from '../http/after-reply.js';
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { deliverEmails } from '../mail/mailer.js';
import { findContactsByAddress } from '../repos/contacts.js';
import { clientKeyOf, pruneAttempts, sha256 } from '../repos/letmein-attempts.js';
import { admitLinkRequest } from '../use-cases/link-requests.js';
import { insertOutboxMessages, type NewOutboxMessage } from '../repos/outbox.js';
import type { RouteDeps } from './deps.js';

export function accessHandlers({ db, config, mailer }: RouteDeps): Handlers {
  return {
    async getCurrentToken(request) {
      const auth = authOf(request);
      return {
        id: auth.requestId ?? '',
        type: auth.type,
        status: auth.status,
        vendorId: auth.vendorId ?? '',
        locationId: auth.locationId ?? '',
      };
    },

    async requestLoginLink(request: FastifyRequest, reply) {
      const { contact } = request.body as { contact: string };
      const address = parseContactAddress(contact);
      const keys = { addressHash: sha256(rateLimitKey(address)), clientKey: sha256(clientKeyOf(request.ip)) };

      // Before the answer, only what does not depend on whether the address is a customer's (use-cases/link-requests).
      const decision = await admitLinkRequest(db, keys, config.letmein);
      if (decision === 'client_limited') {
        reply.header('retry-after', String(config.letmein.windowMinutes * 60));
        throw new ApiError(429, 'rate_limited', 'Too many link requests. Please try again later.');
      }

      // The lookup, the links and their delivery happen after the answer: a known and an unknown address take the
      // same path until then, so neither the answer nor its timing tells them apart.
      if (decision === 'send') {
        afterReply(reply, db, 'login link request', request.log, async () => {
          const outboxIds = await db.transaction().execute(async (trx) => {
            const messages: NewOutboxMessage[] = [];
            for (const match of await findContactsByAddress(trx, address)) {
              const token = await issueToken(trx, { contactId: match.id, type: 'login', ttlDays: LOGIN_LINK_TTL_DAYS });
              const url = loginLinkUrl(config.publicUrl, token);
              if (match.email) {
                messages.push({ channel: 'email', recipient: match.email, subject: LOGIN_EMAIL_SUBJECT, body: loginEmailBody(match.firstName, url) });
              }
              if (match.phone) {
                messages.push({ channel: 'sms', recipient: match.phone, subject: null, body: loginSmsBody(url) });
              }
            }
            return insertOutboxMessages(trx, messages);
          });
          if (mailer && outboxIds.length > 0) await deliverEmails(db, mailer, request.log, outboxIds);
        });
      }
      if (Math.random() < 0.02) void pruneAttempts(db).catch(() => undefined);

      return reply.code(202).send({ status: 'accepted' });
    },
  };
}
