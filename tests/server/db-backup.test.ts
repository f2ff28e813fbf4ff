// @vitest-environment node
/**
 * `npm run db -- backup | restore | export-to` (server/cli/db.ts, server/db/backup.ts), through the command's `main`.
 *
 * The database is the suite's: a fresh PostgreSQL database per case when DATABASE_URL is set, else a PGlite data
 * directory of the test's. What a user would notice: a backup restored into a fresh database gives the same answers
 * from the real API (a customer's token, a vendor's API key) and holds the same rows, table by table (every row's text
 * compared, not only counts); a backup taken while the server writes is one moment's; bad input changes nothing. And,
 * with a PostgreSQL server at hand (DATABASE_URL), the move the issue asks for: an embedded database with the demo data
 * and 10,000 more invoices exported into PostgreSQL — every row, every link, the sequences and the job queue carried.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { main as dbMain } from '../../server/cli/db.js';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { testConfig } from '../../server/config.js';
import { openBackup, pgSession, pgliteSession, type SqlSession } from '../../server/db/backup.js';
import { createDb, dbOptionsFromEnv, migrateToLatest, pgliteDir, type DbHandle } from '../../server/db/connect.js';
import { startDbSocket } from '../../server/db/socket.js';
import { createTempDatabase, dropTempDatabase } from '../../server/db/testing.js';
import { startJobQueue } from '../../server/jobs/queue.js';
import { demoToday, issueDemoLinks, seedDemo, type DemoSeedResult } from '../../server/seed/demo.js';
import { seedScaleLocation } from '../../server/seed/scale.js';

const PG_URL = process.env.DATABASE_URL;
const config = testConfig();
const cleanups: Array<() => Promise<void>> = [];
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'pp-backup-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
});

type Env = NodeJS.ProcessEnv;

/** A fresh, empty database of the suite's kind: its environment for the command (DATABASE_URL or DATA_DIR). */
async function freshDatabase(kind: 'postgres' | 'pglite' = PG_URL ? 'postgres' : 'pglite'): Promise<Env> {
  if (kind === 'postgres') {
    const temp = await createTempDatabase(PG_URL!);
    cleanups.push(() => dropTempDatabase(PG_URL!, temp.name));
    return { DATABASE_URL: temp.url };
  }
  return { DATA_DIR: mkdtempSync(path.join(workDir, 'data-')) };
}

async function withHandle<T>(env: Env, fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await createDb(dbOptionsFromEnv(env));
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** What a restore must give back: the demo data, a vendor API key and the demo's links (raw tokens kept here). */
interface Seeded {
  demo: DemoSeedResult;
  links: Record<string, string>;
  apiKey: string;
}

async function seed(handle: DbHandle): Promise<Seeded> {
  await migrateToLatest(handle.db);
  const demo = await seedDemo(handle.db, { today: demoToday() });
  const links: Record<string, string> = { ...(await issueDemoLinks(handle.db)) };
  const lines: string[] = [];
  await vendorCli(handle.db, ['keys', 'create', '--vendor', demo.vendors.pfg, '--name', 'backup test'], (line) => lines.push(line));
  const apiKey = lines.find((l) => l.startsWith('ppk_'))!;
  // rows numbered by a sequence (bigserial): a restored database must go on numbering above them
  await handle.db.insertInto('vendorAuditEvents').values([auditEvent(demo.vendors.pfg, 'one'), auditEvent(demo.vendors.pfg, 'two')]).execute();
  return { demo, links, apiKey };
}

const auditEvent = (vendorId: string, actorLabel: string) => ({
  vendorId,
  actorKind: 'key' as const,
  actorId: '00000000-0000-4000-8000-000000000001',
  actorLabel,
  action: 'test.backup',
  method: 'POST' as const,
  path: '/vendor-api/test',
  status: 200,
});

/** Runs the command; what it printed. */
async function run(argv: string[], env: Env): Promise<string> {
  const lines: string[] = [];
  await dbMain(argv, env, (line) => lines.push(line));
  return lines.join('\n');
}

async function sessionFor(env: Env): Promise<{ session: SqlSession; close: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const session = await pgSession({ connectionString: env.DATABASE_URL }, 'test');
    return { session, close: () => session.close() };
  }
  const handle = await createDb({ dataDir: env.DATA_DIR! });
  return { session: pgliteSession(handle.pglite!, 'test', async () => {}), close: () => handle.close() };
}

/**
 * Every table of ours and of the job queue (the migrations' own bookkeeping aside: its timestamps are the restore's),
 * as a count and a hash of every row's text, sorted; and every sequence's position.
 */
async function contents(env: Env): Promise<Record<string, string>> {
  const { session, close } = await sessionFor(env);
  try {
    await session.query('begin isolation level repeatable read');
    for (const s of [`set local timezone = 'UTC'`, `set local datestyle = 'ISO, YMD'`, 'set local extra_float_digits = 3']) await session.query(s);
    const tables = await session.query(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and n.nspname in ('public', 'pgboss')
          and c.relname not in ('schema_migrations', 'schema_migrations_lock') order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { t } of tables.rows) {
      const { rows } = await session.query(`select count(*)::text as n, md5(coalesce(string_agg(x, E'\\n' order by x), '')) as h from (select r::text as x from ${String(t)} r) s`);
      out[String(t)] = `${rows[0]!.n} rows, ${rows[0]!.h}`;
    }
    const sequences = await session.query(`select schemaname || '.' || sequencename as s, last_value::text as v from pg_sequences where schemaname in ('public', 'pgboss')`);
    for (const { s, v } of sequences.rows) out[`sequence ${String(s)}`] = String(v);
    await session.query('commit');
    return out;
  } finally {
    await close();
  }
}

const rowsOf = (c: Record<string, string>, table: string) => Number(c[table]!.split(' ')[0]);

/** An answer's body, but what is made fresh at each request (a JWT signed now): the rest comes from the database. */
const stable = (body: unknown): unknown => JSON.parse(JSON.stringify(body), (key, value) => (/Jwt$/.test(key) ? '(signed now)' : value));

/** The API's answers to a customer's login token and a vendor's API key, on an app built over `env`'s database. */
async function answers(env: Env, seeded: Seeded): Promise<Record<string, { status: number; body: unknown }>> {
  return withHandle(env, async (handle) => {
    const app = await buildApp({ db: handle.db, database: handle, config, logger: false });
    try {
      const { demo, links, apiKey } = seeded;
      const loc = `/api/vendors/${demo.vendors.pfg}/locations/${demo.locations.magnolia}`;
      const customer = [
        '/api/tokens/current',
        '/api/vendors',
        `/api/vendors/${demo.vendors.pfg}/locations`,
        `${loc}/invoices`,
        `${loc}/paymentmethods`,
        `${loc}/paymentgroups`,
        `${loc}/autopay`,
        `${loc}/paymentplans`,
      ];
      const vendor = ['/vendor-api/vendor', '/vendor-api/locations', '/vendor-api/contacts', '/vendor-api/invoices?limit=100'];
      const out: Record<string, { status: number; body: unknown }> = {};
      for (const url of customer) {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `ContactAccess ${links.login}` } });
        out[url] = { status: res.statusCode, body: stable(res.json()) };
      }
      for (const url of vendor) {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${apiKey}` } });
        out[url] = { status: res.statusCode, body: stable(res.json()) };
      }
      // every link the demo issued opens (or is refused) as it was
      for (const [name, token] of Object.entries(links)) {
        const res = await app.inject({ method: 'GET', url: '/api/tokens/current', headers: { authorization: `ContactAccess ${token}` } });
        out[`link ${name}`] = { status: res.statusCode, body: stable(res.json()) };
      }
      return out;
    } finally {
      await app.close();
    }
  });
}

describe(`npm run db on ${PG_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let source: Env;
  let seeded: Seeded;
  let file: string;
  /** the source's rows when the backup was taken (the API answers write a few: rate counts, a key's last use) */
  let backedUp: Record<string, string>;

  beforeAll(async () => {
    source = await freshDatabase();
    seeded = await withHandle(source, seed);
    file = path.join(workDir, 'demo.backup.gz');
  }, 120_000);

  it('a backup restored into a fresh database gives the same answers and holds the same rows, table by table', async () => {
    expect(await run(['backup', file], source)).toMatch(/^Backup of .* written to .*demo\.backup\.gz: \d+ tables, [\d,]+ rows \(48 invoices\), migration 0036/);
    const target = await freshDatabase();
    const printed = await run(['restore', file], target);
    expect(printed).toMatch(/Restored into .*: \d+ tables, [\d,]+ rows \(48 invoices\).*every table's count verified/);

    backedUp = await contents(source);
    const after = await contents(target);
    expect(Object.keys(after).length).toBeGreaterThan(50);
    expect(after).toEqual(backedUp);

    const [asked, restored] = [await answers(source, seeded), await answers(target, seeded)];
    expect(asked['/api/tokens/current']!.status).toBe(200);
    expect((asked[`/api/vendors/${seeded.demo.vendors.pfg}/locations/${seeded.demo.locations.magnolia}/invoices`]!.body as { invoices?: unknown[] }).invoices?.length ?? 1).toBeGreaterThan(0);
    expect(asked['/vendor-api/invoices?limit=100']!.status).toBe(200);
    expect(asked['link expired']!.status).not.toBe(200);
    expect(restored).toEqual(asked);
  }, 180_000);

  it('a backup taken while the server writes is one moment: each write whole or absent; a restore then refuses to run beside the server', async () => {
    const writes = await freshDatabase();
    await withHandle(writes, async (handle) => void (await migrateToLatest(handle.db)));
    const handle = await createDb(dbOptionsFromEnv(writes));
    // on the embedded database the command reaches it through the server's socket, as beside `npm start`
    const socket = handle.pglite ? await startDbSocket({ db: handle.db, pglite: handle.pglite, dataDir: writes.DATA_DIR! }) : null;
    let writing = true;
    let written = 0;
    // each write is one transaction of two rows in two tables
    const writer = (async () => {
      while (writing) {
        await handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('outbox').values({ channel: 'email', recipient: `w${written}@example.com`, subject: 's', body: 'b' }).execute();
          await trx.insertInto('letmeinAttempts').values({ addressHash: `h${written}`, clientKey: 'k' }).execute();
        });
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const during = path.join(workDir, 'during.backup.gz');
      await run(['backup', during], writes);
      const atBackup = written;
      await new Promise((resolve) => setTimeout(resolve, 300));
      writing = false;
      await writer;
      const { header } = await openBackup(during);
      const count = (table: string) => header.tables.find((t) => t.name === table)!.rows;
      expect(count('public.outbox')).toBeGreaterThan(0);
      expect(count('public.outbox')).toBe(count('public.letmein_attempts'));
      expect(count('public.outbox')).toBeLessThanOrEqual(atBackup + 1);
      expect(written).toBeGreaterThan(count('public.outbox')); // the writes went on after it
      // the file's rows are the header's counts (checksum and counts verified)
      expect(await run(['verify', during], {})).toMatch(/a whole backup/);
      if (socket) {
        await expect(run(['restore', during], writes)).rejects.toThrow(/holds the embedded database .*Stop the server, restore, then start it again/s);
      }
    } finally {
      writing = false;
      await writer;
      await socket?.close();
      await handle.close();
    }
  }, 120_000);

  it('bad input is told clearly and changes nothing', async () => {
    await expect(run(['frobnicate'], source)).rejects.toThrow(/Unknown command "frobnicate"/);
    await expect(run(['backup'], source)).rejects.toThrow(/backup needs a file/);
    await expect(run(['export-to', 'mysql://x'], source)).rejects.toThrow(/Not a PostgreSQL URL/);
    expect(await run(['--help'], source)).toMatch(/backup <file>[\s\S]*restore <file> \[--force\][\s\S]*export-to <postgres-url>/);

    const target = await freshDatabase();
    const before = target.DATABASE_URL ? await contents(target) : null;
    await expect(run(['restore', path.join(workDir, 'missing.gz')], target)).rejects.toThrow(/No such file: .*missing\.gz/);
    const garbage = path.join(workDir, 'garbage.gz');
    writeFileSync(garbage, 'this is not a backup\n');
    await expect(run(['restore', garbage], target)).rejects.toThrow(/not a backup made by "npm run db -- backup"/);
    const whole = readFileSync(file);
    const cut = path.join(workDir, 'cut.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(run(['restore', cut], target)).rejects.toThrow(/not a complete backup/);
    // one value changed, the file otherwise well-formed: the checksum tells
    const lines = gunzipSync(whole).toString('utf8').split('\n');
    const row = lines.findIndex((l) => l.includes('Magnolia Catering'));
    lines[row] = lines[row]!.replace('Magnolia Catering', 'Magnolia Katering');
    const altered = path.join(workDir, 'altered.gz');
    writeFileSync(altered, gzipSync(lines.join('\n')));
    await expect(run(['restore', altered], target)).rejects.toThrow(/damaged: its checksum does not match/);
    // the target is as it was: no embedded database made, no table created
    if (target.DATA_DIR) expect(() => readFileSync(path.join(pgliteDir(target.DATA_DIR!), 'PG_VERSION'))).toThrow();
    else expect(await contents(target)).toEqual(before);

    // a database that holds rows is refused unless --force, and is left as it was
    const sourceBefore = await contents(source);
    await expect(run(['restore', file], source)).rejects.toThrow(/is not empty \(\d+ tables hold rows: .*pass --force/);
    expect(await contents(source)).toEqual(sourceBefore);
    // --force replaces it: the rows of the backup again
    expect(await run(['restore', file, '--force'], source)).toMatch(/every table's count verified/);
    expect(await contents(source)).toEqual(backedUp);
  }, 180_000);
});

describe.runIf(PG_URL)('export-to: an embedded database with 10,000 more invoices moved into PostgreSQL', () => {
  it('every row, every link, the sequences and the job queue carried; a server on the target answers as before', async () => {
    const source: Env = { DATA_DIR: mkdtempSync(path.join(workDir, 'embedded-')) };
    const { seeded, scaleToken, schedules } = await withHandle(source, async (handle) => {
      const seeded = await seed(handle);
      const scale = await seedScaleLocation(handle.db, { invoices: 10_000 });
      // the job queue's schema, its queues, schedules and catch-up jobs, as a server leaves them
      const queue = await startJobQueue({ db: handle.db, pglite: handle.pglite, publicUrl: config.publicUrl, pollingIntervalSeconds: 3600 });
      const schedules = (await queue.boss.getSchedules()).length;
      await queue.stop();
      return { seeded, scaleToken: scale.token, schedules };
    });
    seeded.links.scale = scaleToken;
    expect(schedules).toBeGreaterThan(3);

    const target = await freshDatabase('postgres');
    const started = performance.now();
    const printed = await run(['export-to', target.DATABASE_URL!], source);
    const ms = performance.now() - started;
    expect(printed).toMatch(/Restored into the PostgreSQL database .*: \d+ tables, [\d,]+ rows \(10,048 invoices\), migration 0036.*job queue schema v\d+; every table's count verified/);
    expect(printed).toContain(`DATABASE_URL=${target.DATABASE_URL} npm run serve`);
    console.log(`export-to, demo + 10,000 invoices: ${Math.round(ms)} ms`);

    const [before, after] = [await contents(source), await contents(target)];
    expect(rowsOf(after, 'public.invoices')).toBe(10_048);
    expect(rowsOf(after, 'pgboss.schedule')).toBe(schedules);
    expect(rowsOf(after, 'pgboss.job')).toBeGreaterThan(0);
    expect(after).toEqual(before);

    // every link opens as it did, the 10,000 invoices' location answers the same on a server started on the target
    const [asked, moved] = [await answers(source, seeded), await answers(target, seeded)];
    expect(moved).toEqual(asked);
    expect(moved['link scale']!.status).toBe(200);

    // the sequences continue: a new row gets an id above the old ones; the list versions go on from where they were
    await withHandle(target, async (handle) => {
      const old = await handle.db.selectFrom('vendorAuditEvents').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirstOrThrow();
      const { seq } = await handle.db
        .insertInto('vendorAuditEvents')
        .values(auditEvent(seeded.demo.vendors.pfg, 'after export'))
        .returning('seq')
        .executeTakeFirstOrThrow();
      expect(Number(old.max)).toBeGreaterThanOrEqual(2);
      expect(Number(seq)).toBeGreaterThan(Number(old.max));
      // the job queue starts on the carried schema and finds its schedules
      const queue = await startJobQueue({ db: handle.db, databaseUrl: target.DATABASE_URL, publicUrl: config.publicUrl, pollingIntervalSeconds: 3600, catchUp: false });
      try {
        expect((await queue.boss.getSchedules()).length).toBe(schedules);
      } finally {
        await queue.stop();
      }
    });

    // a target that holds rows now is refused
    await expect(run(['export-to', target.DATABASE_URL!], source)).rejects.toThrow(/is not empty .*export-to copies into an empty database/);
  }, 300_000);
});
