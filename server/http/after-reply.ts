/**
 * Work a handler leaves for after its answer: it starts once the answer has been written (the response's `finish`,
 * or `close` when the client went away first) and one turn of the event loop later, so it never delays the answer
 * nor tells anything by its duration. A failure is logged, never thrown. The pending work of one database can be
 * awaited (`settled`): tests wait for it, and a process can before it closes the database.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

const pendingByOwner = new WeakMap<object, Set<Promise<void>>>();

export function afterReply(
  reply: FastifyReply,
  owner: object,
  what: string,
  log: FastifyBaseLogger,
  work: () => Promise<unknown>,
): void {
  const pending = pendingByOwner.get(owner) ?? new Set<Promise<void>>();
  pendingByOwner.set(owner, pending);
  const done: Promise<void> = new Promise<void>((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      setImmediate(() => {
        work()
          .catch((error: unknown) => log.error({ reason: error instanceof Error ? error.message : String(error) }, `${what} failed`))
          .finally(resolve);
      });
    };
    if (reply.raw.writableFinished || reply.raw.destroyed) start();
    reply.raw.once('finish', start);
    reply.raw.once('close', start);
  }).finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves once all the work left after answers for `owner` (a database) is done, including work it started. */
export async function settled(owner: object): Promise<void> {
  for (let pending = pendingByOwner.get(owner); pending && pending.size > 0; pending = pendingByOwner.get(owner)) {
    await Promise.all([...pending]);
  }
}
