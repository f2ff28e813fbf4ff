/**
 * Database connection: a PostgreSQL server (node-postgres Pool) when `databaseUrl` is given,
 * else PGlite (PostgreSQL in WASM) persisted in `${dataDir}/pglite`, or in memory for `memory://`.
 *
 * Both return the same value types (see schema.ts): bigint → number, date → 'yyyy-MM-dd' string,
 * timestamptz → Date, jsonb → parsed value.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql, type Dialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations.js';
import { FairPGliteDialect } from './pglite-queue.js';
import { createPgPool } from './pool.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Readiness on PGlite: the one session held by one caller longer than this (ms) is not ready (`createDb`). */
export const PGLITE_HELD_NOT_READY_MS = 5_000;

export interface CreateDbOptions {
  /** postgres://… — use a PostgreSQL server */
  databaseUrl?: string;
  /** directory for PGlite files (`${dataDir}/pglite`); `memory://` for an in-memory database. Default `.data` */
  dataDir?: string;
  /** an in-memory PGlite starts from this dumped data directory (PGlite's `dumpDataDir`) instead of an empty one */
  loadDataDir?: Blob;
  /** node-postgres pool size (default 10) */
  poolSize?: number;
  /** PostgreSQL: how long a caller waits for a pool connection before failing with 503 (default 0: forever) */
  acquireTimeoutMs?: number;
  /** PostgreSQL: `statement_timeout` of the request pool (default 0: none) */
  statementTimeoutMs?: number;
  /** PostgreSQL: `statement_timeout` of the pool for documents and jobs, `longDb` (default 0: none) */
  longStatementTimeoutMs?: number;
  /** PostgreSQL: size of the pool for documents and jobs (default 3) */
  longPoolSize?: number;
  /** told of each lost PostgreSQL connection (default: a process warning) */
  onConnectionLost?: (error: Error & { code?: string }) => void;
}

/**
 * How busy the database access of this process is: callers waiting for a connection, how many connections there may
 * be (`size`), are open (`open`) and are checked out by a caller (`inUse`). The embedded database has one, held or not.
 */
export interface DbLoad {
  waiting: number;
  size: number;
  open: number;
  inUse: number;
}

export interface DbHandle {
  db: Db;
  /**
   * The same database for work that may take longer than a request's statements: documents (statements, PDFs,
   * CSVs) and scheduled jobs. On PostgreSQL a pool of its own with the longer `statement_timeout`; on PGlite `db`.
   */
  longDb: Db;
  kind: 'postgres' | 'pglite';
  /** The embedded database itself (PGlite only): the server shares it with the CLIs through `socket.ts`. */
  pglite?: PGlite;
  /** Opened through a running server's socket (a CLI): that server's info (`socket.ts`), when it wrote one. */
  server?: { publicUrl: string };
  /** the request pool's load, read by load shedding (server/http/overload.ts) */
  load(): DbLoad;
  /**
   * Readiness: resolves when the database answers within `timeoutMs`, else rejects. On PostgreSQL a connection
   * of its own (never queued behind requests); on PGlite whether the embedded database is open.
   */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const DATE_OID = 1082;
const INT8_OID = 20;

/** bigint → number when it fits exactly, else the decimal string. */
export function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

const identity = (value: string) => value;

/** node-postgres type parsers giving the same value types as PGlite (shared with the CLIs' socket client). */
export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): any {
    if (oid === DATE_OID) return identity;
    if (oid === INT8_OID) return parseInt8;
    return (pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => unknown)(oid, format);
  },
};

/** Thrown when the PGlite data directory is in use by another process (e.g. the running server). */
export class DataDirBusyError extends Error {
  constructor(dir: string, cause: unknown) {
    super(
      `The database in ${dir} is in use by another process (PGlite allows one process at a time): ` +
        'stop the server or set DATABASE_URL.',
      { cause },
    );
    this.name = 'DataDirBusyError';
  }
}

export function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

/** Is `pid` a running node process? (A lock left by a dead process, or whose pid was reused, is stale.) */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // Linux: after a container restart the pid may belong to something else entirely
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/**
 * PGlite itself does not stop a second process from opening the same directory (which would
 * corrupt it), so we hold `${dataDir}/pglite.lock` with our pid. A lock left by a dead process is
 * taken over. Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.resolve(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && processAlive(owner)) {
        throw new DataDirBusyError(pgliteDir(dataDir), new Error(`locked by process ${owner} (${lockPath})`));
      }
      if (owner === process.pid) {
        throw new DataDirBusyError(pgliteDir(dataDir), new Error(`already open in this process (${lockPath})`));
      }
      unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new DataDirBusyError(pgliteDir(dataDir), new Error(`could not take ${lockPath}`));
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  let dialect: Dialect;
  let kind: DbHandle['kind'];
  let releaseLock: (() => void) | undefined;
  let pglite: PGlite | undefined;

  let load: () => DbLoad;
  let ready: (timeoutMs: number) => Promise<void>;
  let longDb: Db | undefined;
  const extraPools: pg.Pool[] = [];

  if (options.databaseUrl) {
    kind = 'postgres';
    // A lost connection fails the statements using it (503) and never the process (pool.ts).
    const onConnectionLost =
      options.onConnectionLost ??
      ((error: Error & { code?: string }) =>
        process.emitWarning(`PostgreSQL connection lost (${error.code ?? error.message})`, { code: 'PP_DB_CONNECTION_LOST' }));
    const common = { connectionString: options.databaseUrl, types: pgTypes, onConnectionLost, acquireTimeoutMs: options.acquireTimeoutMs };
    const pool = createPgPool({
      ...common,
      max: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs,
      // a transaction never waits for a person: one left open this long is a bug or a hung process
      idleInTransactionTimeoutMs: options.statementTimeoutMs ? Math.max(options.statementTimeoutMs * 2, 10_000) : undefined,
      application_name: 'pp-api',
    });
    dialect = new PostgresDialect({ pool });
    const longPool = createPgPool({ ...common, max: options.longPoolSize ?? 3, statementTimeoutMs: options.longStatementTimeoutMs, application_name: 'pp-long' });
    // readiness: one connection of its own, so a busy request pool never makes an instance look dead
    const readyPool = createPgPool({ ...common, max: 1, acquireTimeoutMs: 2_000, application_name: 'pp-ready' });
    extraPools.push(longPool, readyPool);
    longDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: longPool }), plugins });
    load = () => ({ waiting: pool.waitingCount, size: pool.options.max, open: pool.totalCount, inUse: pool.totalCount - pool.idleCount });
    ready = async (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([readyPool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig), timeout]);
      } finally {
        clearTimeout(timer);
      }
    };
  } else {
    kind = 'pglite';
    const dataDir = options.dataDir ?? '.data';
    const parsers = { [DATE_OID]: identity, [INT8_OID]: parseInt8 };
    let client: PGlite;
    if (dataDir === 'memory://') {
      client = new PGlite({ parsers, loadDataDir: options.loadDataDir });
    } else {
      const dir = pgliteDir(dataDir);
      mkdirSync(dir, { recursive: true });
      const release = lockDataDir(dataDir);
      releaseLock = release;
      try {
        client = new PGlite(dir, { parsers });
        await client.waitReady;
      } catch (error) {
        release();
        throw error;
      }
    }
    await client.waitReady;
    pglite = client;
    // one statement at a time, granted to the oldest request first (server/db/pglite-queue.ts)
    const fair = new FairPGliteDialect(client);
    dialect = fair;
    load = () => ({ waiting: fair.waitingCount(), size: 1, open: 1, inUse: fair.heldForMs() > 0 ? 1 : 0 });
    ready = async () => undefined; // set below, once the queue exists
  }

  const db = new Kysely<Database>({ dialect, plugins });
  if (kind === 'pglite') {
    // The truth a request would meet: the embedded database's one session is not held by one caller for longer than
    // any request holds it (a socket client left idle, a stuck statement: requests would wait behind it). Asked
    // without queueing behind the requests, so a busy database is still ready.
    const embedded = pglite!;
    const fair = dialect as FairPGliteDialect;
    ready = async () => {
      if (embedded.closed) throw new Error('the embedded database is closed');
      const held = fair.heldForMs();
      if (held > PGLITE_HELD_NOT_READY_MS) throw new Error(`the embedded database has been held by one caller for ${Math.round(held / 1000)} s`);
    };
  }
  return {
    db,
    longDb: longDb ?? db,
    kind,
    pglite,
    load,
    ready,
    async close() {
      try {
        await db.destroy();
        await longDb?.destroy();
        // Kysely closes its driver only if a statement ever ran through it: a handle closed unused still closes PGlite
        if (pglite && !pglite.closed) await pglite.close();
        await Promise.all(extraPools.map((p) => (p.ended ? undefined : p.end())));
      } finally {
        releaseLock?.();
      }
    },
  };
}

/** Arbitrary constant key for pg_advisory_lock around migrations. */
const MIGRATION_LOCK_KEY = 7_310_422_015;

/**
 * Applies all pending migrations. Safe when several processes start at once against one PostgreSQL:
 * a session advisory lock serialises them; the later ones find nothing to do.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await db.connection().execute(async (conn) => {
    // Migrations are not requests: no statement or idle-in-transaction limit of the pool applies to them (waiting for
    // another process's migrations holds the advisory lock wait; a migration may rewrite a large table).
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`set idle_in_transaction_session_timeout = 0`.execute(conn);
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
    try {
      const migrator = new Migrator({
        db: conn,
        provider: migrationProvider,
        migrationTableName: 'schema_migrations',
        migrationLockTableName: 'schema_migrations_lock',
      });
      return await migrator.migrateToLatest();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
      await sql`reset statement_timeout`.execute(conn);
      await sql`reset idle_in_transaction_session_timeout`.execute(conn);
    }
  });
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const error = result.error instanceof Error ? result.error : new Error(String(result.error));
    error.message = `migration ${failed?.migrationName ?? '?'} failed: ${error.message}`;
    throw error;
  }
  return result;
}

/** Reads `DATABASE_URL` / `DATA_DIR` from the environment (the CLIs and the server use the same rule). */
export function dbOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): CreateDbOptions {
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR || '.data' };
}
