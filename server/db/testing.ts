/**
 * Test databases. With `DATABASE_URL` set: a fresh PostgreSQL database `test_<random>` on that
 * server (created here, dropped by `drop()`); otherwise an in-memory PGlite. Migrated by default.
 *
 *   const t = await createTestDb({ seed: true });   // in beforeAll (PGlite takes ~2 s to start)
 *   ... t.db, t.demo?.contactId ...
 *   await t.drop();                                 // in afterAll
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { demoToday, seedDemo, type DemoSeedResult } from '../seed/demo.js';
import { createDb, migrateToLatest, type Db, type DbHandle } from './connect.js';

export interface TestDb {
  db: Db;
  /** the embedded database itself (PGlite only; the job queue runs over it) */
  pglite?: PGlite;
  kind: 'postgres' | 'pglite';
  /** connection string of the fresh database (postgres only) */
  databaseUrl?: string;
  /** the whole handle: the long-statement pool, load and readiness (buildApp's `database`) */
  handle: DbHandle;
  /** ids of the demo data when created with `seed: true` */
  demo?: DemoSeedResult;
  /** closes the connection and drops the database */
  drop(): Promise<void>;
}

export interface CreateTestDbOptions {
  /** run migrations (default true) */
  migrate?: boolean;
  /** load the demo data (implies migrate) */
  seed?: boolean;
  /** "today" for the demo data (default: the current date) */
  today?: Temporal.PlainDate;
  /** server URL; default process.env.DATABASE_URL. Empty → PGlite */
  databaseUrl?: string;
}

/** Same server, another database name. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  // connect to the maintenance database, not the one named in the URL (it may be a test db)
  let client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // no "postgres" database: use the URL's own
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Name prefix of temporary databases: `test_`, or TEST_DB_PREFIX (e.g. `mine_`, so parallel runs are told apart). */
function tempDatabasePrefix(): string {
  const prefix = process.env.TEST_DB_PREFIX ?? 'test_';
  if (!/^[a-z][a-z0-9]*_$/.test(prefix)) throw new Error(`TEST_DB_PREFIX must be lower-case letters and digits ending in _: ${prefix}`);
  return prefix;
}

/** The name of a database this module made (`createTempDatabase`): a prefix, then 12 hex digits. */
const TEMP_DATABASE_NAME = /^[a-z][a-z0-9]*_[0-9a-f]{12}$/;

/** Creates an empty database `test_<random>` (see TEST_DB_PREFIX) on the server of `databaseUrl`; returns its URL. */
export async function createTempDatabase(databaseUrl: string, template?: string): Promise<{ name: string; url: string }> {
  const name = `${tempDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !TEMP_DATABASE_NAME.test(template)) throw new Error(`not a template database: ${template}`);
  await admin(databaseUrl, (client) => client.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  return { name, url: withDatabase(databaseUrl, name) };
}

/** Arbitrary constant key for the advisory lock under which a run's template database is made (once, by one process). */
const TEMPLATE_LOCK_KEY = 727_406_113;

/**
 * Within a test run (`PP_TEST_CACHE`) on a PostgreSQL server: a database migrated (and seeded, for `seeded-<date>`)
 * once, that later test databases of the same kind are copied from (`create database … template …`: a file copy,
 * about a tenth of running the migrations and the seed again per file). The first process to need it makes it under
 * an advisory lock (the other waits, then copies); it is named in the run's cache directory and dropped with the run
 * (`dropTemplateDatabases`, from tests/global-setup.ts). Outside a test run: null, and every database is made whole.
 */
async function postgresTemplate(serverUrl: string, kind: string): Promise<{ name: string; demo?: DemoSeedResult } | null> {
  const file = snapshotPath(`postgres-template-${kind}-${withDatabase(serverUrl, 'postgres')}`); // per server, whichever database the URL names
  if (!file) return null;
  const read = () => (existsSync(`${file}.json`) ? (JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { name: string; demo?: DemoSeedResult }) : null);
  const made = read();
  if (made) return made;
  return admin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const again = read();
      if (again) return again;
      const temp = await createTempDatabase(serverUrl);
      // named in the run's directory at once, so that the run's end drops it whatever happens later
      appendFileSync(templateListPath()!, `${JSON.stringify({ serverUrl, name: temp.name, marker: `${file}.json` })}\n`);
      const handle = await createDb({ databaseUrl: temp.url, poolSize: 1 });
      let demo: DemoSeedResult | undefined;
      try {
        await migrateToLatest(handle.db);
        if (kind.startsWith('seeded-')) demo = await seedDemo(handle.db, { today: Temporal.PlainDate.from(kind.slice('seeded-'.length)) });
      } catch (error) {
        await handle.close();
        await dropTempDatabase(serverUrl, temp.name);
        throw error;
      }
      await handle.close(); // a template cannot be copied while anyone is connected to it
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(tmp, JSON.stringify({ name: temp.name, demo }));
      renameSync(tmp, `${file}.json`);
      return { name: temp.name, demo };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

function templateListPath(): string | null {
  const dir = process.env.PP_TEST_CACHE;
  return dir && existsSync(dir) ? path.join(dir, 'postgres-templates.jsonl') : null;
}

/** Drops the template databases a test run made (see `postgresTemplate`): at the run's end. */
export async function dropTemplateDatabases(cacheDir: string): Promise<void> {
  const list = path.join(cacheDir, 'postgres-templates.jsonl');
  if (!existsSync(list)) return;
  for (const line of readFileSync(list, 'utf8').split('\n').filter(Boolean)) {
    const { serverUrl, name, marker } = JSON.parse(line) as { serverUrl: string; name: string; marker: string };
    rmSync(marker, { force: true }); // a later vitest run of the same test run makes its own
    await dropTempDatabase(serverUrl, name).catch((error: unknown) => console.error(`could not drop the template database ${name}:`, error));
  }
  rmSync(list, { force: true });
}

export async function dropTempDatabase(databaseUrl: string, name: string): Promise<void> {
  if (!TEMP_DATABASE_NAME.test(name) || !name.startsWith(tempDatabasePrefix())) throw new Error(`refusing to drop ${name}`);
  await admin(databaseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** A fresh database on the server (empty, or a copy of `template`) and its handle; `drop()` closes and drops it. */
async function postgresTestDb(serverUrl: string, template?: string): Promise<TestDb> {
  const temp = await createTempDatabase(serverUrl, template);
  const handle = await createDb({ databaseUrl: temp.url, poolSize: 4 });
  let dropped = false;
  return {
    db: handle.db,
    handle,
    kind: 'postgres',
    databaseUrl: temp.url,
    async drop() {
      if (dropped) return;
      dropped = true;
      await handle.close();
      await dropTempDatabase(serverUrl, temp.name);
    },
  };
}

export async function createTestDb(options: CreateTestDbOptions = {}): Promise<TestDb> {
  const serverUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const migrate = options.migrate ?? true;

  // what the database holds once made: the key of its PGlite snapshot or PostgreSQL template
  const kind = options.seed ? `seeded-${(options.today ?? demoToday()).toString()}` : migrate ? 'migrated' : 'empty';
  let result: TestDb;
  if (serverUrl) {
    const template = kind === 'empty' ? null : await postgresTemplate(serverUrl, kind);
    // a copy of the run's template: migrated (and seeded) already
    if (template) return { ...(await postgresTestDb(serverUrl, template.name)), demo: template.demo };
    result = await postgresTestDb(serverUrl);
  } else {
    const snapshot = pgliteSnapshot(kind);
    if (snapshot) {
      // a copy of the snapshot: migrated (and seeded) already
      const handle = await createDb({ dataDir: 'memory://', loadDataDir: new Blob([new Uint8Array(snapshot.data)]) });
      return { db: handle.db, handle, kind: 'pglite', pglite: handle.pglite, demo: snapshot.demo, drop: () => handle.close() };
    }
    const handle = await createDb({ dataDir: 'memory://' });
    result = { db: handle.db, handle, kind: 'pglite', pglite: handle.pglite, drop: () => handle.close() };
  }

  try {
    if (migrate || options.seed) await migrateToLatest(result.db);
    if (options.seed) {
      result.demo = await seedDemo(result.db, { today: options.today ?? demoToday() });
    }
    if (result.pglite) await saveSnapshot(kind, result);
  } catch (error) {
    await result.drop();
    throw error;
  }
  return result;
}

/**
 * Starting an in-memory PGlite costs its initdb (2–4 s on this machine); loading a data directory dumped after the
 * migrations (and the demo data) costs about half, with nothing left to migrate or seed. Within one test run
 * (`PP_TEST_CACHE`, a directory the run's global set-up creates and removes: tests/global-setup.ts) the first
 * test file to create a database of a kind dumps it there, and later files load a copy. Outside a test run there is
 * no cache; a stale snapshot cannot outlive the run that made it.
 */
function snapshotPath(kind: string): string | null {
  const dir = process.env.PP_TEST_CACHE;
  if (!dir || !existsSync(dir)) return null;
  return path.join(dir, `${createHash('sha256').update(kind).digest('hex').slice(0, 16)}.tar`);
}

function pgliteSnapshot(kind: string): { data: Buffer; demo?: DemoSeedResult } | null {
  const file = snapshotPath(kind);
  if (!file || !existsSync(file) || !existsSync(`${file}.json`)) return null;
  const meta = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { demo?: DemoSeedResult };
  return { data: readFileSync(file), demo: meta.demo };
}

async function saveSnapshot(kind: string, db: TestDb): Promise<void> {
  const file = snapshotPath(kind);
  if (!file || existsSync(`${file}.json`) || !db.pglite) return;
  const data = Buffer.from(await (await db.pglite.dumpDataDir('none')).arrayBuffer());
  // written under a name of its own, then renamed: another process never reads half a file
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
  writeFileSync(`${tmp}.json`, JSON.stringify({ demo: db.demo }));
  renameSync(`${tmp}.json`, `${file}.json`);
}
