/**
 * One transaction for the whole of a request: what an idempotent vendor POST needs (server/http/idempotency.ts) so
 * that the claim of its Idempotency-Key, everything the handler writes and the answer stored under the key commit
 * together, or not at all.
 *
 * The handlers keep their shape: they are given `requestScoped(db)`, which is the plain database — except inside
 * `inRequestTransaction(trx, work)`, where every use of it goes to that transaction. A `transaction().execute(fn)` of
 * a use case there runs `fn` in the request's transaction (no nested transaction: a refusal thrown by `fn` rolls back
 * the whole request, the key's claim included — what an idempotent request wants).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './connect.js';

const current = new AsyncLocalStorage<Db>();

/** `target`'s property, its methods bound to `target` (Kysely's classes keep private fields: `this` must be theirs). */
function forward(target: object, prop: string | symbol) {
  const value = Reflect.get(target, prop, target);
  return typeof value === 'function' ? value.bind(target) : value;
}

/** The transaction as a database: `transaction().execute(fn)` runs `fn` in it. */
function joinable(trx: Db): Db {
  const proxy: Db = new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') {
        const builder = {
          execute: <T>(fn: (inner: Db) => Promise<T>) => fn(proxy),
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
        };
        return () => builder;
      }
      return forward(target, prop);
    },
  });
  return proxy;
}

/** The database for handlers: the request's transaction while one is open (`inRequestTransaction`), else `db`. */
export function requestScoped(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      return forward(current.getStore() ?? target, prop);
    },
  });
}

/** Runs `work` with every `requestScoped` database going to `trx`. */
export function inRequestTransaction<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  return current.run(joinable(trx), work);
}

/** Whether this request already runs in a request transaction (`inRequestTransaction`). */
export function inRequestTransactionNow(): boolean {
  return current.getStore() !== undefined;
}
