// @vitest-environment node
/** The embedded database hands its one connection to the oldest request first (server/db/pglite-queue.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../../server/db/connect.js';
import { dbQueuePriority } from '../../server/db/pglite-queue.js';

/** The budget this test was written for (server/db/pglite-queue.ts: TURN_BUDGET_MS = 3). */
const TURN_BUDGET_MS_AT_WRITING = 3;

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
});
afterAll(async () => {
  await handle?.close();
});

describe('PGlite fair queue', () => {
  it('while a transaction holds the database, waiting statements run oldest request first, FIFO among equals', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await held; // nothing else may run inside the transaction meanwhile
      order.push('transaction');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const query = (label: string, priority: number) =>
      dbQueuePriority.run(priority, () => sql`select ${label}::text as label`.execute(handle.db).then(() => order.push(label)));
    const waiting = [query('late', 30), query('early', 10), query('middle-a', 20), query('middle-b', 20)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    release();
    await Promise.all([transaction, ...waiting]);
    expect(order).toEqual(['transaction', 'early', 'middle-a', 'middle-b', 'late']);
  });

  it('a request of several statements is not overtaken by requests that arrived after it', async () => {
    const done: number[] = [];
    const request = (start: number) =>
      dbQueuePriority.run(start, async () => {
        for (let i = 0; i < 3; i += 1) await sql`select ${i}::int`.execute(handle.db);
        done.push(start);
      });
    await Promise.all([1, 2, 3, 4, 5, 6].map(request));
    expect(done).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the event loop turning under a backlog: statements beyond the turn budget wait for the next turn', async () => {
    // PGlite runs statements synchronously on this thread; a backlog run in one turn kept the loop from polling
    // (accepting connections, reading sockets) for as long as the backlog took. Each statement here takes ≈ 1–5 ms.
    const statements = 40;
    let finished = 0;
    const started = performance.now();
    const all = Array.from({ length: statements }, (_, i) =>
      dbQueuePriority.run(i, () => sql`select count(*) from generate_series(1, 20000)`.execute(handle.db).then(() => (finished += 1))),
    );
    // The loop's next turns: how many statements had finished when each came.
    const turns: number[] = [];
    await new Promise<void>((resolve) => {
      const tick = () => {
        turns.push(finished);
        if (finished < statements) setImmediate(tick);
        else resolve();
      };
      setImmediate(tick);
    });
    await Promise.all(all);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThan(4 * TURN_BUDGET_MS_AT_WRITING); // the backlog is several turn budgets long
    // the loop turned while the backlog ran, not once after it
    expect(turns.filter((n) => n > 0 && n < statements).length).toBeGreaterThanOrEqual(3);
  });
});
