/**
 * The vendor API's rate limits: every authenticated request is counted per key in the database
 * (server/repos/vendor-rate-limits.ts), so a limit holds across every process sharing it. Each operation names its
 * policy in the contract (`x-rate-limit`: `read`, `write` or `outbound` — what e-mails, texts or calls out); each
 * policy allows a number of requests per key in a fixed 60-second window (config `vendorRateLimits`).
 *
 * Every answer carries the IETF draft's fields (draft-ietf-httpapi-ratelimit-headers-10):
 *   RateLimit-Policy: "write";q=120;w=60      the policy: quota per window of w seconds
 *   RateLimit: "write";r=87;t=23              remaining in this window, seconds until it ends
 * A request over the quota answers 429 `rate_limited` with `Retry-After` (the seconds until the window ends) and does
 * nothing; it still counts, so a client hammering through a 429 does not get a head start in the next window.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VendorRateLimits } from '../config.js';
import type { Db } from '../db/connect.js';
import { countVendorRequest, type RatePolicy } from '../repos/vendor-rate-limits.js';
import { ApiError } from './errors.js';

export const RATE_WINDOW_SECONDS = 60;

export const RATE_POLICIES: readonly RatePolicy[] = ['read', 'write', 'outbound'];

/** The contract's `x-rate-limit` of every operation that has one. */
export function ratePoliciesOf(document: { paths?: Record<string, Record<string, any>> }): Map<string, RatePolicy> {
  const policies = new Map<string, RatePolicy>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && typeof op.operationId === 'string' && RATE_POLICIES.includes(op['x-rate-limit'])) {
        policies.set(op.operationId, op['x-rate-limit']);
      }
    }
  }
  return policies;
}

/** Who is counted: an API key (by its id) or a person signed in to the console (by their user id). */
export interface RateCaller {
  id: string;
  kind: 'key' | 'session';
}
export type RateLimit = (request: FastifyRequest, reply: FastifyReply, caller: RateCaller) => Promise<void>;

/** Counts the request against its operation's policy; sets the fields; refuses it (429) over the quota. */
export function makeRateLimit(db: Db, limits: VendorRateLimits, policies: ReadonlyMap<string, RatePolicy>, now: () => Date = () => new Date()): RateLimit {
  return async function rateLimit(request, reply, caller) {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    const policy = operationId ? policies.get(operationId) : undefined;
    if (!policy) return;
    const at = now().getTime();
    const windowMs = RATE_WINDOW_SECONDS * 1000;
    const windowStart = Math.floor(at / windowMs) * windowMs;
    const count = await countVendorRequest(db, caller.id, policy, new Date(windowStart));
    const quota = limits[policy];
    const reset = Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
    reply.header('ratelimit-policy', `"${policy}";q=${quota};w=${RATE_WINDOW_SECONDS}`);
    reply.header('ratelimit', `"${policy}";r=${Math.max(0, quota - count)};t=${reset}`);
    if (count > quota) {
      reply.header('retry-after', String(reset));
      throw new ApiError(429, 'rate_limited', `Too many requests ${caller.kind === 'key' ? 'with this key' : 'from you'}: at most ${quota} a minute for this kind of call. Send it again in ${reset} seconds.`);
    }
  };
}
