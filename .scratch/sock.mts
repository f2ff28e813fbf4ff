import { createDb } from '../server/db/connect.ts';
import { startDbSocket, connectThroughServer } from '../server/db/socket.ts';
import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
const dir = mkdtempSync('/tmp/misc-s-');
const h = await createDb({ dataDir: dir });
const s = await startDbSocket({ db: h.db, pglite: h.pglite!, dataDir: dir, log: console as any });
for (let i = 0; i < 3; i++) {
  console.time('c' + i);
  const c = await connectThroughServer(dir);
  const r = await sql`select 1 as x`.execute(c.db);
  console.log(r.rows);
  await c.close();
  console.timeEnd('c' + i);
  const r2 = await sql`select 2 as y`.execute(h.db);
  console.log('server', r2.rows);
}
await s.close(); await h.close();
