// @vitest-environment node
/** The embedded database hands its one connection to the oldest request first (server/db/pglite-queue.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../../server/db/connect.js';
import { dbQueuePriority } from '../../server/db/pglite-queue.js';

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
});
