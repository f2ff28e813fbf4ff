// @vitest-environment node
/**
 * The command-line tools while the server runs on the embedded database: the server (here in-process, as
 * server/main.ts wires it) shares its PGlite on a Unix socket in the data directory, and `npm run link` /
 * `npm run outbox`, run as real processes, reach it there instead of refusing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DbHandle } from '../../server/db/connect.js';
import { dbSocketPath, startDbSocket, writeServerInfo, type DbSocketServer } from '../../server/db/socket.js';
import { findToken } from '../../server/db/tokens.js';
import { insertOutboxMessages } from '../../server/repos/outbox.js';
import { seedIfEmpty } from '../../server/seed/demo.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let dataDir: string;
let server: DbHandle;
let socket: DbSocketServer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-sock-'));
  server = await createDb({ dataDir });
  await migrateToLatest(server.db);
  await seedIfEmpty(server.db);
  socket = await startDbSocket({ db: server.db, pglite: server.pglite!, dataDir });
  writeServerInfo(dataDir, { publicUrl: 'http://127.0.0.1:18777' }); // as server/main.ts does
}, 60_000);
afterAll(async () => {
  await socket?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a CLI as `npm run <name>` would (tsx), on the server's data directory. */
function cli(script: string, args: string[], own: { publicUrl?: boolean } = { publicUrl: true }) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.example:9000' };
  delete env.DATABASE_URL;
  if (!own.publicUrl) {
    delete env.PUBLIC_URL;
    delete env.PORT;
  }
  return run(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'server/cli', script), ...args], { cwd: root, env });
}

/** A raw node-postgres client on the server's socket. */
async function socketClient(): Promise<pg.Client> {
  const client = new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

describe('CLIs while the server holds the embedded database', () => {
  it('the socket is in the data directory, for the server user only', () => {
    const stat = statSync(dbSocketPath(dataDir));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('npm run link issues a token the running server knows', async () => {
    const { stdout } = await cli('link.ts', ['demo@example.com']);
    const match = stdout.trim().match(/^http:\/\/portal\.example:9000\/token\/([A-Za-z0-9_-]{43})$/);
    expect(match, stdout).not.toBeNull();
    expect(await findToken(server.db, match![1])).toMatchObject({ type: 'login', status: 'active' });
  }, 30_000);

  it("without PUBLIC_URL or PORT of its own, npm run link prints links to the running server (its port, not 8080)", async () => {
    const { stdout } = await cli('link.ts', ['demo@example.com'], { publicUrl: false });
    const match = stdout.trim().match(/^http:\/\/127\.0\.0\.1:18777\/token\/([A-Za-z0-9_-]{43})$/);
    expect(match, stdout).not.toBeNull();
    expect(await findToken(server.db, match![1])).toMatchObject({ type: 'login', status: 'active' });
  }, 30_000);

  it('npm run outbox prints the link the server just wrote, and the server keeps answering afterwards', async () => {
    await insertOutboxMessages(server.db, [
      { channel: 'email', recipient: 'demo@example.com', subject: 'Your PerformancePay login link', body: 'Use this link: http://portal.example:9000/token/xyz' },
    ]);
    const { stdout } = await cli('outbox.ts', ['--json', '--limit', '1']);
    expect(JSON.parse(stdout)).toMatchObject([{ channel: 'email', recipient: 'demo@example.com', body: 'Use this link: http://portal.example:9000/token/xyz' }]);
    const count = await server.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it("the server's own writes wait for a client's transaction instead of running inside it", async () => {
    const client = await socketClient();
    await client.query('BEGIN');
    await client.query("insert into outbox (channel, recipient, body) values ('sms', '5550000001', 'client')");
    const serverWrite = insertOutboxMessages(server.db, [{ channel: 'sms', recipient: '5550000002', subject: null, body: 'server' }]);
    await client.query('ROLLBACK');
    await client.end();
    await serverWrite;
    const rows = await server.db.selectFrom('outbox').select('recipient').where('recipient', 'in', ['5550000001', '5550000002']).execute();
    expect(rows.map((r) => r.recipient)).toEqual(['5550000002']);
  });

  it('a client that vanishes mid-transaction leaves nothing behind and does not block the server', async () => {
    const client = await socketClient();
    client.on('error', () => {});
    await client.query('BEGIN');
    await client.query("insert into outbox (channel, recipient, body) values ('sms', '5550000003', 'abandoned')");
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const rows = await server.db.selectFrom('outbox').select('recipient').where('recipient', '=', '5550000003').execute();
    expect(rows).toEqual([]);
    // and the server is not left inside a transaction: its next write stays
    await server.db.transaction().execute(async (trx) => {
      await sql`insert into outbox (channel, recipient, body) values ('sms', '5550000004', 'server')`.execute(trx);
    });
    expect(await server.db.selectFrom('outbox').select('recipient').where('recipient', '=', '5550000004').execute()).toHaveLength(1);
  });
});
