/**
 * What a request that agrees to the terms tells about the customer, for the authorization record
 * (server/use-cases/authorizations.ts): the client address (Fastify's `request.ip`, which follows TRUST_PROXY) and
 * the user agent. Neither is logged here: the request log already has what it has.
 */
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Agreement } from '../use-cases/authorizations.js';

export function agreementOf(request: FastifyRequest, config: Pick<AppConfig, 'epaDir'>): Agreement {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip || null,
    userAgent: typeof userAgent === 'string' && userAgent.length > 0 ? userAgent : null,
    epaDir: config.epaDir,
  };
}
