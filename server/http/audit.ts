/**
 * The audit log of the vendor API (docs/vendor-console.md): every change a key or a person makes — each operation that
 * is not a GET, answered 2xx — is recorded with who (the key's prefix and name, or the person's e-mail address), what
 * (the operation and its path), when and from which address, IN THE TRANSACTION OF THE CHANGE: the change and its row
 * commit together or not at all. A request already in a transaction (an idempotent POST, server/http/idempotency.ts)
 * adds its row there; a replayed answer changed nothing and adds none. The operations that call out over the network
 * (`x-idempotency: call-out`) hold no transaction across the call: their row is written right after.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { inRequestTransaction, inRequestTransactionNow, requestScoped } from '../db/request-transaction.js';
import { insertAuditEvent } from '../repos/vendor-audit.js';
import { heldAnswer } from './idempotency.js';
import { callerLabel } from './vendor-auth.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface AuditOptions {
  db: Db;
  /** the operations that call out (no transaction held across their call) */
  callOut?: ReadonlySet<string>;
}

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The row of a request that changed something (2xx), or nothing. */
function eventOf(request: FastifyRequest, reply: FastifyReply, operationId: string) {
  const auth = request.vendorAuth;
  const status = reply.statusCode;
  if (!auth || status < 200 || status >= 300 || !METHODS.has(request.method)) return undefined;
  const userAgent = request.headers['user-agent'];
  const actor = auth.session
    ? { actorKind: 'person' as const, actorId: auth.session.userId, actorLabel: callerLabel(request) }
    : { actorKind: 'key' as const, actorId: auth.keyId!, actorLabel: callerLabel(request) };
  return {
    vendorId: auth.vendorId,
    ...actor,
    action: operationId,
    method: request.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: request.url.split('?')[0]!.slice(0, 2048),
    status,
    ip: request.ip.slice(0, 64),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
  };
}

/** `handler` with its change recorded in the audit log (see the file header). */
export function audited(operationId: string, handler: Handler, options: AuditOptions): Handler {
  const scoped = requestScoped(options.db);
  if (options.callOut?.has(operationId)) {
    return async function auditedCallOut(request, reply) {
      const body = await heldAnswer(reply, () => handler(request, reply));
      const event = eventOf(request, reply, operationId);
      if (event) await insertAuditEvent(scoped, event);
      return body === undefined ? reply.send() : body;
    };
  }
  return async function auditedHandler(request, reply) {
    if (!request.vendorAuth) return handler(request, reply);
    // an idempotent request's transaction (its answer is held there too): the row joins it
    if (inRequestTransactionNow()) {
      const result = await handler(request, reply);
      const event = eventOf(request, reply, operationId);
      if (event) await insertAuditEvent(scoped, event);
      return result;
    }
    const trx = await options.db.startTransaction().execute();
    let open = true;
    const rollback = async () => {
      if (!open) return;
      open = false;
      await trx.rollback().execute();
    };
    try {
      // the answer is held back until the change and its row are committed
      const body = await heldAnswer(reply, () => inRequestTransaction(trx, () => handler(request, reply)));
      const event = eventOf(request, reply, operationId);
      if (event) {
        await insertAuditEvent(trx, event);
        await trx.commit().execute();
        open = false;
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
