/**
 * Safe retries of the vendor API: every POST takes an `Idempotency-Key` header (openapi/vendor.yaml, the shared
 * `IdempotencyKey` parameter). With one, the request runs in ONE transaction (server/db/request-transaction.ts):
 *
 * 1. the key is claimed — `(vendor, key)` is a primary key, so a concurrent duplicate (another connection, another
 *    process) waits until the first commits or rolls back;
 * 2. the handler runs, every write of it in that transaction;
 * 3. a 2xx answer is stored under the key (status and body, the body SEALED: it may hold a new key's secret, a
 *    signing secret or a login link) and everything commits together; any other outcome rolls back everything, the
 *    claim included, so a retry is evaluated afresh.
 *
 * A retry with the same key and the same request (method, path, query and body — JSON key order aside) answers the
 * stored status and body again with `Idempotent-Replayed: true`, for at least IDEMPOTENCY_RETENTION_HOURS; the same key
 * with another request answers 409 `idempotency_key_reused` and does nothing. A concurrent duplicate waits for the
 * first and then replays it: one thing is created. Without the header a POST runs as before.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { inRequestTransaction } from '../db/request-transaction.js';
import { open, seal } from '../domain/secret-box.js';
import { claimVendorIdempotencyKey, releaseVendorIdempotencyClaim, storedVendorAnswer, storeVendorAnswer } from '../repos/vendor-idempotency.js';

export { IDEMPOTENCY_RETENTION_HOURS } from '../repos/vendor-idempotency.js';
import { ApiError } from './errors.js';
import { vendorOf } from './vendor-auth.js';


export const REPLAYED_HEADER = 'idempotent-replayed';

/** What a held `reply.send` answers the handler (see `idempotent`). */
const HELD = Object.freeze({ held: true });

/** JSON with object keys sorted: the same request written in another key order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`).digest('hex');
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface IdempotencyOptions {
  db: Db;
  /** the key that seals stored answers (the webhook secrets' key) */
  sealKey: () => Buffer;
  /**
   * The operations that call out over the network (the contract's `x-idempotency: call-out`): no transaction is held
   * across their call (on the embedded database it would stop every other request for as long as the call takes).
   * See `callOutIdempotent`.
   */
  callOut?: ReadonlySet<string>;
}

/** A claim of a call-out operation left unanswered this long (its process died) is given up: the key may run again. */
export const CALL_OUT_CLAIM_STALE_MS = 5 * 60_000;

const reusedKey = () =>
  new ApiError(
    409,
    'idempotency_key_reused',
    'This Idempotency-Key was used with another request: send a new key for a new request, or the same request to get its answer again.',
    'Idempotency-Key',
  );

/** Holds back what the handler sends (see `idempotent`) and answers what it sent or returned. */
export async function heldAnswer(reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
  let sent: { payload: unknown } | undefined;
  const send = reply.send;
  // not the reply itself: a Fastify reply is thenable (it settles once sent), and the handler's `return
  // reply.send(…)` would then wait for an answer this wrapper holds back
  reply.send = function hold(payload?: unknown) {
    sent = { payload };
    return HELD;
  } as unknown as typeof reply.send;
  let returned: unknown;
  try {
    returned = await run();
  } finally {
    reply.send = send;
  }
  return sent ? sent.payload : returned === HELD ? undefined : returned;
}

function replay(reply: FastifyReply, stored: { responseStatus: number; responseSealed: string | null }, sealKey: Buffer) {
  reply.code(stored.responseStatus).header(REPLAYED_HEADER, 'true');
  return stored.responseSealed === null ? reply.send() : JSON.parse(open(sealKey, stored.responseSealed));
}

/**
 * Idempotency for an operation that calls out (a webhook test): the key is claimed in a statement of its own
 * (committed at once, answer pending), the handler runs outside any transaction, and its 2xx answer is stored; any
 * other outcome releases the claim. A duplicate arriving while the first still runs answers 409
 * `idempotency_key_in_progress` (retry it in a moment to get the first answer); a claim whose process died is given up
 * after CALL_OUT_CLAIM_STALE_MS.
 */
function callOutIdempotent(operationId: string, handler: Handler, options: IdempotencyOptions): Handler {
  return async function callOutHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string') return handler(request, reply);
    const key = { vendorId: vendorOf(request), idempotencyKey: header };
    // an upload (server/http/upload.ts) is compared by its bytes' SHA-256, known once it was read through
    const upload = request.upload;
    const uploadHash = (digest: string) => createHash('sha256').update(`${request.method} ${request.url}\nupload ${digest}`).digest('hex');
    const claim = { ...key, operation: operationId, requestHash: upload ? 'upload' : requestHash(request) };
    const now = new Date();
    if (!(await claimVendorIdempotencyKey(options.db, claim, now))) {
      const stored = await storedVendorAnswer(options.db, key);
      if (stored.operation !== operationId || (!upload && stored.requestHash !== claim.requestHash)) throw reusedKey();
      if (stored.responseStatus !== 0) {
        if (upload && stored.requestHash !== uploadHash(await upload.drain())) throw reusedKey();
        return replay(reply, stored, options.sealKey());
      }
      const stale = now.getTime() - stored.createdAt.getTime() > CALL_OUT_CLAIM_STALE_MS;
      if (!stale || !(await releaseVendorIdempotencyClaim(options.db, key, stored.createdAt)) || !(await claimVendorIdempotencyKey(options.db, claim, now))) {
        reply.header('retry-after', '1');
        throw new ApiError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still running: send it again in a moment to get its answer.', 'Idempotency-Key');
      }
    }
    let body: unknown;
    try {
      body = await heldAnswer(reply, () => handler(request, reply));
    } catch (error) {
      await releaseVendorIdempotencyClaim(options.db, key, now).catch(() => undefined);
      throw error;
    }
    const status = reply.statusCode;
    if (status >= 200 && status < 300) {
      const hash = upload ? uploadHash(await upload.digest()) : undefined;
      await storeVendorAnswer(options.db, key, status, body === undefined ? null : seal(options.sealKey(), JSON.stringify(body)), hash);
    } else {
      await releaseVendorIdempotencyClaim(options.db, key, now);
    }
    return body === undefined ? reply.send() : body;
  };
}

/** `handler` made idempotent by the request's `Idempotency-Key` (see the file header). */
export function idempotent(operationId: string, handler: Handler, options: IdempotencyOptions): Handler {
  if (options.callOut?.has(operationId)) return callOutIdempotent(operationId, handler, options);
  return async function idempotentHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string') return handler(request, reply);
    const key = { vendorId: vendorOf(request), idempotencyKey: header };
    const hash = requestHash(request);
    const trx = await options.db.startTransaction().execute();
    let open_ = true;
    const rollback = async () => {
      if (!open_) return;
      open_ = false;
      await trx.rollback().execute();
    };
    try {
      if (!(await claimVendorIdempotencyKey(trx, { ...key, operation: operationId, requestHash: hash }, new Date()))) {
        const stored = await storedVendorAnswer(trx, key);
        await rollback();
        if (stored.operation !== operationId || stored.requestHash !== hash) throw reusedKey();
        return replay(reply, stored, options.sealKey());
      }
      // the handler's answer is held back until it is stored and committed: the caller never sees an answer that
      // could still be rolled back
      const body = await heldAnswer(reply, () => inRequestTransaction(trx, () => handler(request, reply)));
      const status = reply.statusCode;
      if (status >= 200 && status < 300) {
        await storeVendorAnswer(trx, key, status, body === undefined ? null : seal(options.sealKey(), JSON.stringify(body)));
        await trx.commit().execute();
        open_ = false;
      } else {
        await rollback();
      }
      return body === undefined ? reply.send() : body;
    } catch (error) {
      await rollback().catch(() => undefined);
      throw error;
    }
  };
}
