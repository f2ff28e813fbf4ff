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
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPublicUrl } from '../../server/cli/common.js';
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
function cli(script: string, args: string[], own: { publicUrl?: boolean; port?: string } = { publicUrl: true }) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.example:9000' };
  delete env.DATABASE_URL;
  if (!own.publicUrl) {
    delete env.PUBLIC_URL;
    delete env.PORT;
    delete env.HOST;
  }
  if (own.port) env.PORT = own.port;
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

  it('a settlement run through the socket does not hold the server’s database while the processor answers (a sandbox taking 3 s)', async () => {
    // the demo plan's scheduled ACH debit, charged by `npm run jobs -- run settlement` at noon of its date (New York)
    const group = await server.db
      .selectFrom('paymentGroups').select(['id', 'paymentDate'])
      .where('sourceType', '=', 'Payment Plan').where('status', '=', 'scheduled').executeTakeFirstOrThrow();
    const day = typeof group.paymentDate === 'string' ? group.paymentDate : (group.paymentDate as Date).toISOString().slice(0, 10);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.example:9000', SANDBOX_CHARGE_DELAY_MS: '3000' };
    delete env.DATABASE_URL;
    const job = run(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'server/cli/jobs.ts'), 'run', 'settlement', '--at', `${day}T17:00:00Z`], { cwd: root, env });
    let finished = false;
    void job.finally(() => (finished = true)).catch(() => undefined);
    // The server's own statements answer while the CLI waits for the processor: it reads the group IN processing —
    // the state between the CLI's claim (committed) and its record of the answer — on its own connection.
    const seen: string[] = [];
    while (!finished) {
      const row = await server.db.selectFrom('paymentGroups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow();
      seen.push(row.status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { stdout } = await job;
    expect(stdout).toMatch(/: settled [1-9]/);
    expect(seen).toContain('processing');
    expect((await server.db.selectFrom('paymentGroups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow()).status).toBe('complete');
  }, 90_000);

  it('a client left idle inside a transaction is cut off (10 s) and the server goes on; readiness says the truth meanwhile', async () => {
    const client = await socketClient();
    const lost = new Promise<Error>((resolve) => client.on('error', resolve));
    await client.query('BEGIN');
    await client.query("insert into outbox (channel, recipient, body) values ('sms', '5550000005', 'left open')");
    // a statement of the server's waits behind it — and runs once the idle client is cut off (it used to wait for good)
    let answered = false;
    const waiting = server.db.selectFrom('outbox').select('recipient').where('recipient', '=', '5550000005').execute().finally(() => (answered = true));
    // meanwhile readiness tells the truth: once the session has been held longer than any request holds it, not ready
    let notReady: unknown;
    while (!answered && !notReady) {
      notReady = await server.ready(300).then(() => undefined, (error: unknown) => error);
      if (!notReady) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(String(notReady)).toMatch(/held by one caller/);
    expect(await waiting).toEqual([]); // the client's open transaction was rolled back
    expect((await lost).message).toMatch(/terminated/i);
    await expect(server.ready(1_000)).resolves.toBeUndefined();
    // and the socket takes the next client
    const next = await socketClient();
    expect((await next.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    await next.end();
  }, 60_000);

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

describe('the base URL of the links a CLI writes (one rule: cliPublicUrl, used by every CLI through openCliDb)', () => {
  const through = { server: { publicUrl: 'http://127.0.0.1:18777' } };
  it("through a running server's socket: that server's address; the command's own PUBLIC_URL or PORT win", () => {
    expect(cliPublicUrl(through, {})).toBe('http://127.0.0.1:18777');
    expect(cliPublicUrl(through, { PUBLIC_URL: 'https://pay.example.com/' })).toBe('https://pay.example.com');
    expect(cliPublicUrl(through, { PORT: '9100' })).toBe('http://127.0.0.1:9100');
    expect(cliPublicUrl({}, {})).toBe('http://127.0.0.1:8080');
    expect(cliPublicUrl({}, { HOST: '0.0.0.0', PORT: '81' })).toBe('http://0.0.0.0:81');
  });

  /** A weekly statement delivery for a demo location on `day`'s weekday, and `--at` noon (New York) that day. */
  async function statementDueOn(day: Temporal.PlainDate, locationIndex: number) {
    const contact = await server.db.selectFrom('contacts').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const scopes = await server.db.selectFrom('contactLocations').select(['vendorId', 'locationId']).where('contactId', '=', contact.id).orderBy('locationId').execute();
    const scope = scopes[locationIndex];
    const weekday = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][day.dayOfWeek - 1];
    await server.db
      .insertInto('statementDeliveries')
      .values({ contactId: contact.id, vendorId: scope.vendorId, locationId: scope.locationId, scheduleUnit: 'weekly', scheduleValue: weekday, sendEmptyStatements: true, activeFrom: day.subtract({ days: 7 }).toString() })
      .execute();
    return { at: `${day}T17:00:00Z`, locationId: scope.locationId };
  }
  const outboxIds = async () => new Set((await server.db.selectFrom('outbox').select('id').execute()).map((r) => r.id));
  const newestMailTo = async (before: Set<string>) =>
    (await server.db.selectFrom('outbox').select(['id', 'body']).where('channel', '=', 'email').execute()).filter((r) => !before.has(r.id));

  it("npm run jobs beside the server writes statement e-mails whose links go to the running server (server.json), not 8080", async () => {
    const day = Temporal.Now.plainDateISO('America/New_York').add({ days: 1 });
    const { at } = await statementDueOn(day, 0);
    const before = await outboxIds();
    const { stdout } = await cli('jobs.ts', ['run', 'statements', '--at', at], { publicUrl: false });
    expect(stdout).toMatch(/sent 1/);
    const mails = await newestMailTo(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toMatch(/http:\/\/127\.0\.0\.1:18777\/token\/[A-Za-z0-9_-]{43}/);
    expect(mails[0].body).not.toContain(':8080');
  }, 60_000);

  it('the same command given PUBLIC_URL, or PORT, of its own writes links to that address instead', async () => {
    const day = Temporal.Now.plainDateISO('America/New_York').add({ days: 2 });
    const first = await statementDueOn(day, 1);
    let before = await outboxIds();
    await cli('jobs.ts', ['run', 'statements', '--at', first.at]);
    const own = await newestMailTo(before);
    expect(own).toHaveLength(1);
    expect(own[0].body).toContain('http://portal.example:9000/token/');

    const later = day.add({ days: 1 });
    await statementDueOn(later, 2);
    before = await outboxIds();
    await cli('jobs.ts', ['run', 'statements', '--at', `${later}T17:00:00Z`], { publicUrl: false, port: '9123' });
    const byPort = await newestMailTo(before);
    expect(byPort.length).toBeGreaterThanOrEqual(1);
    for (const mail of byPort) expect(mail.body).toContain('http://127.0.0.1:9123/token/');
  }, 60_000);
});
