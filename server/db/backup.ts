/**
 * Logical backups of the whole database, and their restore: one format and one code path for both kinds of database
 * (the embedded PGlite and a PostgreSQL server), used by `npm run db -- backup | restore | export-to` (server/cli/db.ts;
 * the decision and the format: docs/decisions.md, "Backups are logical").
 *
 * A backup is read inside ONE repeatable-read, read-only transaction: every table of ours and of the job queue's schema
 * (pg-boss) as of one snapshot, whatever the server writes meanwhile. It is written as gzipped JSON lines:
 *
 *   {"format":"performancepay-backup","formatVersion":1,"migration":"0036_…","pgboss":{"schema":"pgboss","version":24},
 *    "tables":[{"name":"public.vendors","columns":[["id","uuid"],…],"rows":2},…],"sequences":[…],…}   ← header
 *   {"table":"public.vendors"}                                                                          ← each table
 *   ["6f0c…","Performance Foodservice",…]                                                              ← each row
 *   {"end":true,"rows":12345,"sha256":"…"}                                                              ← trailer
 *
 * A row is an array of each column's PostgreSQL text form (`col::text`, null for NULL) under fixed output settings
 * (ISO dates, UTC, hex bytea, exact floats): the form `COPY` and pg_dump use, so bytea, jsonb (a JSON `null` too),
 * timestamptz, numeric and every other type read back exactly, by a cast from text. The sha256 covers every line
 * before the trailer; a backup is checked whole (checksum, table order, row counts) before anything is restored.
 *
 * A restore, in ONE transaction on a database that holds no rows: our migrations up to the backup's (`Migrator` inside
 * that transaction), pg-boss's schema at the backup's version with a partition per queue (`create_queue`), the rows
 * (multi-row inserts from JSON arrays, triggers and foreign-key checks off: `session_replication_role = replica`, so
 * stamps such as `payment_groups.updated_at` and the list versions are the backup's, not the restore's), every sequence
 * where the backup left it (and never below its column's max), then every table's count checked against the header.
 * Any failure rolls all of it back. After the commit, the migrations newer than the backup run as at a server's start.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import bossPlans from 'pg-boss/src/plans.js';
import { migrateToLatest } from './connect.js';
import { migrationProvider, migrations } from './migrations.js';

export const BACKUP_FORMAT = 'performancepay-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** A refusal or a broken input the command line tells as it is (server/cli/db.ts turns it into its CliError). */
export class BackupError extends Error {}

// ── sessions: one connection to either kind of database ──

export interface QueryResult {
  command: string;
  rowCount: number;
  rows: Record<string, unknown>[];
}

/** One database session: statements run one after the other on the same connection (a transaction spans them). */
export interface SqlSession {
  kind: 'postgres' | 'pglite';
  /** what it is, for messages ("PostgreSQL at …", "the embedded database in …") */
  label: string;
  query(text: string, params?: unknown[]): Promise<QueryResult>;
  /** several statements without parameters (pg-boss's schema) */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** A session on a PostgreSQL server, or on a running server's embedded database through its socket (server/db/socket.ts). */
export async function pgSession(config: pg.ClientConfig, label: string, kind: SqlSession['kind'] = 'postgres'): Promise<SqlSession> {
  const client = new pg.Client({ ...config, application_name: 'pp-db-cli' });
  let lost: Error | undefined;
  // a lost connection fails the statement using it, never the process (as every client of ours: db/pool.ts)
  client.on('error', (error) => {
    lost = error;
  });
  await client.connect();
  return {
    kind,
    label,
    async query(text, params) {
      if (lost) throw lost;
      const result = await client.query(text, params as unknown[] | undefined);
      return { command: result.command, rowCount: result.rowCount ?? 0, rows: result.rows };
    },
    async exec(text) {
      if (lost) throw lost;
      await client.query(text);
    },
    close: () => client.end().catch(() => undefined),
  };
}

/** A session on an embedded database this process opened itself (it holds the data directory's lock). */
export function pgliteSession(pglite: PGlite, label: string, close: () => Promise<void>): SqlSession {
  return {
    kind: 'pglite',
    label,
    async query(text, params) {
      const result = await pglite.query<Record<string, unknown>>(text, params as unknown[] | undefined);
      const command = text.trimStart().split(/\s/, 1)[0]!.toUpperCase();
      return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    },
    async exec(text) {
      await pglite.exec(text);
    },
    close,
  };
}

/** Kysely over one session (for the migrator): every statement on that same connection, inside its transaction. */
function kyselyOn(session: SqlSession): Kysely<any> {
  const client = { query: (text: string, params: unknown[]) => session.query(text, params), release() {} };
  return new Kysely<any>({ dialect: new PostgresDialect({ pool: { connect: async () => client, end: async () => {} } as never }) });
}

// ── what a database holds ──

export interface TableInfo {
  /** schema-qualified, as written in SQL: `public.invoices` */
  name: string;
  /** [name, type as format_type writes it] of every stored column, in order (generated columns are computed again) */
  columns: Array<[string, string]>;
  rows: number;
}

export interface SequenceInfo {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** the kind of database it was read from */
  source: SqlSession['kind'];
  /** the newest migration the database had */
  migration: string;
  /** the job queue's schema and its version, when the database has one */
  pgboss: { schema: string; version: number } | null;
  tables: TableInfo[];
  sequences: SequenceInfo[];
}

const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
/** Our migrations' own bookkeeping: written by the migrations on the target, never copied. */
const MIGRATION_TABLES = ['public.schema_migrations', 'public.schema_migrations_lock'];

/** Output settings under which every value's text form reads back exactly (those of pg_dump). */
const EXACT_TEXT = [
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local timezone = 'UTC'`,
  `set local extra_float_digits = 3`,
  `set local bytea_output = 'hex'`,
  `set local statement_timeout = 0`,
  `set local idle_in_transaction_session_timeout = 0`,
];

/** A label as the start of a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, table: string) => `${quoteIdent(schema)}.${quoteIdent(table)}`;
const splitName = (name: string): [string, string] => {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
};
const sqlName = (name: string) => qualified(...splitName(name));

/** Every table (partitioned parents, not their partitions) outside the system schemas, but the migrations' own. */
async function listTables(session: SqlSession): Promise<Array<{ name: string; oid: string }>> {
  const { rows } = await session.query(
    `select n.nspname as schema, c.relname as name, c.oid::text as oid
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS}
      order by n.nspname, c.relname`,
  );
  return rows
    .map((r) => ({ name: `${r.schema}.${r.name}`, oid: String(r.oid), schema: String(r.schema), table: String(r.name) }))
    .filter((t) => !MIGRATION_TABLES.includes(t.name))
    .map((t) => ({ name: t.name, oid: t.oid }));
}

async function listColumns(session: SqlSession, oid: string): Promise<Array<{ name: string; type: string; identityAlways: boolean }>> {
  const { rows } = await session.query(
    `select attname as name, format_type(atttypid, atttypmod) as type, attidentity = 'a' as always
       from pg_attribute where attrelid = $1::oid and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [oid],
  );
  return rows.map((r) => ({ name: String(r.name), type: String(r.type), identityAlways: r.always === true }));
}

async function listSequences(session: SqlSession): Promise<string[]> {
  const { rows } = await session.query(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${SYSTEM_SCHEMAS} order by 1, 2`,
  );
  return rows.map((r) => `${r.schema}.${r.name}`);
}

async function exists(session: SqlSession, relation: string): Promise<boolean> {
  const { rows } = await session.query(`select to_regclass($1) is not null as ok`, [relation]);
  return rows[0]?.ok === true;
}

/** The job queue's tables in the order a restore needs: its queues first (each job lands in its queue's partition). */
function queueFirst(tables: Array<{ name: string; oid: string }>, bossSchema: string) {
  const rank = (name: string) => (name === `${bossSchema}.queue` ? 0 : name.startsWith(`${bossSchema}.`) ? 1 : -1);
  return [...tables].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// ── backup ──

export interface BackupSummary {
  file: string;
  header: BackupHeader;
  rows: number;
  bytes: number;
  ms: number;
}

const FETCH_ROWS = 5_000;

/**
 * Writes a backup of `session`'s database to `file` (through `file.partial-<pid>`, renamed when complete, so a failed
 * backup never leaves a file that looks whole). Reads everything in one repeatable-read, read-only transaction.
 */
export async function writeBackup(session: SqlSession, file: string, options: { bossSchema: string }): Promise<BackupSummary> {
  const started = Date.now();
  const partial = `${file}.partial-${process.pid}`;
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const hash = createHash('sha256');
  let total = 0;
  const write = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await once(gzip, 'drain');
  };

  let header: BackupHeader;
  try {
    await session.query('begin isolation level repeatable read read only');
    try {
      for (const statement of EXACT_TEXT) await session.query(statement);
      if (!(await exists(session, 'public.schema_migrations'))) {
        throw new BackupError(`${sentence(session.label)} has no portal schema (no schema_migrations table): nothing to back up.`);
      }
      const migration = (await session.query(`select name from public.schema_migrations order by name desc limit 1`)).rows[0]?.name;
      if (typeof migration !== 'string') throw new BackupError(`${sentence(session.label)} has no migration applied: nothing to back up.`);
      let pgboss: BackupHeader['pgboss'] = null;
      if (await exists(session, `${options.bossSchema}.version`)) {
        const version = (await session.query(`select version from ${quoteIdent(options.bossSchema)}.version`)).rows[0]?.version;
        if (version !== undefined) pgboss = { schema: options.bossSchema, version: Number(version) };
      }
      const listed = queueFirst(await listTables(session), options.bossSchema);
      const tables: TableInfo[] = [];
      for (const table of listed) {
        const columns = (await listColumns(session, table.oid)).map((c): [string, string] => [c.name, c.type]);
        const count = (await session.query(`select count(*)::text as n from ${sqlName(table.name)}`)).rows[0]?.n;
        tables.push({ name: table.name, columns, rows: Number(count) });
      }
      const sequences: SequenceInfo[] = [];
      for (const name of await listSequences(session)) {
        const row = (await session.query(`select last_value::text as v, is_called from ${sqlName(name)}`)).rows[0]!;
        sequences.push({ name, lastValue: String(row.v), isCalled: row.is_called === true });
      }
      header = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        source: session.kind,
        migration,
        pgboss,
        tables,
        sequences,
      };
      await write(`${JSON.stringify(header)}\n`);

      for (const table of tables) {
        await write(`${JSON.stringify({ table: table.name })}\n`);
        const values = table.columns.map(([name]) => `${quoteIdent(name)}::text`).join(', ');
        await session.query(`declare pp_backup no scroll cursor for select array_to_json(array[${values}]::text[])::text as r from ${sqlName(table.name)}`);
        let rows = 0;
        for (;;) {
          const batch = (await session.query(`fetch forward ${FETCH_ROWS} from pp_backup`)).rows;
          if (batch.length === 0) break;
          rows += batch.length;
          await write(batch.map((r) => `${r.r as string}\n`).join(''));
        }
        await session.query('close pp_backup');
        if (rows !== table.rows) throw new Error(`${table.name}: counted ${table.rows} rows but read ${rows} in the same snapshot`);
        total += rows;
      }
      await session.query('commit');
    } catch (error) {
      await session.query('rollback').catch(() => undefined);
      throw error;
    }
    const trailer = JSON.stringify({ end: true, rows: total, sha256: hash.digest('hex') });
    gzip.end(`${trailer}\n`);
    await once(out, 'close');
    renameSync(partial, file);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, header, rows: total, bytes: statSync(file).size, ms: Date.now() - started };
}

// ── reading a backup ──

/** The file's lines, uncompressed (a file that is not gzip, or is cut short, fails here). */
async function* lines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    const text = rest + chunk.toString('utf8');
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const part of parts) yield part;
  }
  if (rest !== '') yield rest;
}

function parseLine(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`not a complete backup: ${what} is not valid JSON`);
  }
}

function checkHeader(value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (!header || typeof header !== 'object' || header.format !== BACKUP_FORMAT) {
    throw new BackupError('not a backup made by "npm run db -- backup" (its first line is not a backup header)');
  }
  if (header.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`backup format version ${header.formatVersion}: this portal reads version ${BACKUP_FORMAT_VERSION}`);
  }
  if (typeof header.migration !== 'string' || !Array.isArray(header.tables) || !Array.isArray(header.sequences)) {
    throw new BackupError('not a complete backup: its header lacks the migration, the tables or the sequences');
  }
  return header as BackupHeader;
}

/** One table's rows from a backup, in batches of raw lines (each a JSON array of text values). */
export interface TableRows {
  table: TableInfo;
  batches: AsyncGenerator<string[]>;
}

/**
 * Reads a backup: its header, then each table's rows in batches. Every line is checked as it goes (table order, row
 * counts, the trailer's sha256); a caller that reads to the end has read a whole, unaltered backup, or an error.
 */
export async function openBackup(file: string, options: { batchRows?: number; batchBytes?: number } = {}): Promise<{ header: BackupHeader; tables: AsyncGenerator<TableRows> }> {
  const batchRows = options.batchRows ?? 2_000;
  const batchBytes = options.batchBytes ?? 4 * 1024 * 1024;
  const source = lines(file);
  const hash = createHash('sha256');
  const next = async (what: string): Promise<string> => {
    let result: IteratorResult<string>;
    try {
      result = await source.next();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new BackupError(`no such file: ${file}`);
      if (code === 'EISDIR') throw new BackupError(`${file} is a directory, not a backup file`);
      if (code === 'Z_DATA_ERROR') throw new BackupError(`${file} is not a backup made by "npm run db -- backup" (not gzip data, or damaged)`);
      if (code === 'Z_BUF_ERROR' || /unexpected end/i.test((error as Error).message)) {
        throw new BackupError(`${file} is not a complete backup: the file ends in the middle (cut short?)`);
      }
      throw error;
    }
    if (result.done) throw new BackupError(`${file} is not a complete backup: it ends before ${what}`);
    return result.value;
  };
  const first = await next('its header');
  const header = checkHeader(parseLine(first, 'the header'));
  hash.update(`${first}\n`);

  async function* tables(): AsyncGenerator<TableRows> {
    let total = 0;
    for (const table of header.tables) {
      const marker = await next(`table ${table.name}`);
      const parsed = parseLine(marker, `the start of table ${table.name}`) as { table?: string };
      if (parsed?.table !== table.name) throw new BackupError(`${file} is damaged: expected table ${table.name}, found ${marker.slice(0, 80)}`);
      hash.update(`${marker}\n`);
      let read = 0;
      async function* batches(): AsyncGenerator<string[]> {
        let batch: string[] = [];
        let bytes = 0;
        while (read < table.rows) {
          const line = await next(`the ${table.rows} rows of ${table.name}`);
          if (!line.startsWith('[')) throw new BackupError(`${file} is damaged: ${table.name} has fewer rows than its header says (${read} of ${table.rows})`);
          hash.update(`${line}\n`);
          batch.push(line);
          bytes += line.length;
          read += 1;
          if (batch.length >= batchRows || bytes >= batchBytes) {
            yield batch;
            batch = [];
            bytes = 0;
          }
        }
        if (batch.length > 0) yield batch;
      }
      const rows = batches();
      yield { table, batches: rows };
      // a caller that did not read them all: read the rest, so the checksum still covers every line
      for await (const _ of rows) void _;
      total += read;
    }
    const last = await next('its trailer');
    const trailer = parseLine(last, 'the trailer') as { end?: boolean; rows?: number; sha256?: string };
    if (trailer?.end !== true) throw new BackupError(`${file} is damaged: more rows than its header says, or no trailer`);
    if (trailer.rows !== total) throw new BackupError(`${file} is damaged: ${total} rows read, its trailer says ${trailer.rows}`);
    if (trailer.sha256 !== hash.digest('hex')) throw new BackupError(`${file} is damaged: its checksum does not match its contents`);
    const after = await source.next();
    if (!after.done) throw new BackupError(`${file} is damaged: there is data after its trailer`);
  }
  return { header, tables: tables() };
}

/** Reads a whole backup and checks it (checksum, order, counts) without restoring anything: its header. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  const { header, tables } = await openBackup(file);
  for await (const table of tables) for await (const _ of table.batches) void _;
  return header;
}

// ── restore ──

/** The job queue's schema version this portal's pg-boss creates (and a restored one must have). */
export function bossSchemaVersion(): number {
  return (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;
}

export interface TargetState {
  /** tables holding rows (the migrations' and pg-boss's bookkeeping aside), at most a few named */
  tablesWithRows: string[];
  /** the newest migration the target has, if any */
  migration: string | null;
  /** schemas other than the system's that hold anything */
  schemas: string[];
}

/** What the target already holds. A target "holds no rows" when `tablesWithRows` is empty. */
export async function inspectTarget(session: SqlSession, bossSchema: string): Promise<TargetState> {
  const tablesWithRows: string[] = [];
  for (const table of await listTables(session)) {
    if (table.name === `${bossSchema}.version`) continue;
    const { rows } = await session.query(`select exists (select 1 from ${sqlName(table.name)}) as any`);
    if (rows[0]?.any === true) tablesWithRows.push(table.name);
  }
  const migration = (await exists(session, 'public.schema_migrations'))
    ? ((await session.query(`select max(name) as name from public.schema_migrations`)).rows[0]?.name as string | null) ?? null
    : null;
  const schemas = (
    await session.query(
      `select n.nspname as name from pg_namespace n where ${SYSTEM_SCHEMAS}
          and exists (select 1 from pg_class c where c.relnamespace = n.oid) order by 1`,
    )
  ).rows.map((r) => String(r.name));
  return { tablesWithRows, migration, schemas };
}

export interface RestoreSummary {
  header: BackupHeader;
  rows: number;
  /** per table: rows in the backup = rows in the target after the restore */
  counts: Record<string, number>;
  /** migrations newer than the backup's, run after it */
  migratedAfter: string[];
  ms: number;
}

export interface RestoreOptions {
  bossSchema: string;
  /** replace whatever the target holds (else a target with rows is refused) */
  force?: boolean;
  /** progress lines */
  log?: (line: string) => void;
}

/** Inserts one batch of rows (JSON arrays of text values) by casts from text to each column's type. */
function insertStatement(name: string, columns: Array<{ name: string; type: string }>, overriding: boolean): string {
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const values = columns.map((c, i) => `(r ->> ${i})::${c.type}`).join(', ');
  return `insert into ${sqlName(name)} (${names})${overriding ? ' overriding system value' : ''} select ${values} from json_array_elements($1::json) as e(r)`;
}

/**
 * Restores the backup in `file` into `session`'s database, all in one transaction (see the top of this file).
 * The file is checked whole first; a target holding rows is refused unless `force`.
 */
export async function restoreBackup(session: SqlSession, file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const header = await verifyBackup(file);
  if (!(header.migration in migrations)) {
    throw new BackupError(`the backup is at migration ${header.migration}, which this portal does not have: restore it with the portal version that made it (or a newer one).`);
  }
  if (header.pgboss && header.pgboss.version !== bossSchemaVersion()) {
    throw new BackupError(`the backup's job queue (pg-boss) schema is version ${header.pgboss.version}; this portal's pg-boss makes version ${bossSchemaVersion()}: restore it with the portal version that made it.`);
  }
  const bossSchema = header.pgboss?.schema ?? options.bossSchema;

  const state = await inspectTarget(session, bossSchema);
  if (state.tablesWithRows.length > 0 && !options.force) {
    const some = state.tablesWithRows.slice(0, 5).join(', ') + (state.tablesWithRows.length > 5 ? ', …' : '');
    throw new BackupError(`${sentence(session.label)} is not empty (${state.tablesWithRows.length} tables hold rows: ${some}). A restore replaces the whole database: restore into an empty one, or pass --force to replace what it holds.`);
  }
  if (state.migration && state.migration > header.migration && !options.force) {
    throw new BackupError(`${sentence(session.label)} is at migration ${state.migration}, newer than the backup's ${header.migration}: restore into an empty database, or pass --force.`);
  }

  const counts: Record<string, number> = {};
  let total = 0;
  await session.query('begin');
  try {
    for (const statement of EXACT_TEXT) await session.query(statement);
    try {
      // triggers and foreign-key checks off for this transaction: rows go in as they were, in any order
      await session.query(`set local session_replication_role = replica`);
    } catch (error) {
      throw new BackupError(`${sentence(session.label)} refused "set session_replication_role" (${(error as Error).message}): restore as a superuser, or as a role granted SET on that parameter (PostgreSQL 15+: grant set on parameter session_replication_role to <role>).`);
    }
    // What the target has of our schema and the queue's goes, in this same transaction (a failure below leaves it as
    // it was): with --force its rows too; else it holds none (a migrated but empty database, a queue schema never used).
    if (state.schemas.includes('public')) {
      await session.query(`drop schema public cascade`);
      await session.query(`create schema public`);
      await session.query(`grant usage on schema public to public`);
    }
    if (state.schemas.includes(bossSchema)) await session.query(`drop schema ${quoteIdent(bossSchema)} cascade`);

    log(`Creating the schema (migrations up to ${header.migration})…`);
    const migrator = new Migrator({
      db: kyselyOn(session),
      provider: migrationProvider,
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
      disableTransactions: true, // inside this transaction
    });
    throwIfFailed(await migrator.migrateTo(header.migration));
    if (header.pgboss) {
      // pg-boss's own schema text runs in a transaction of its own: this one is it
      const text = bossPlans.create(bossSchema, header.pgboss.version).replace(/^\s*BEGIN;/, '').replace(/COMMIT;\s*$/, '');
      await session.exec(text);
      await session.query(`set local idle_in_transaction_session_timeout = 0`);
      await session.query(`set local lock_timeout = 0`);
    }

    const { tables } = await openBackup(file);
    for await (const { table, batches } of tables) {
      if (!(await exists(session, sqlName(table.name)))) throw new BackupError(`the backup has table ${table.name}, which migration ${header.migration} does not create here.`);
      const oid = String((await session.query(`select $1::regclass::oid::text as oid`, [sqlName(table.name)])).rows[0]!.oid);
      const here = new Map((await listColumns(session, oid)).map((c) => [c.name, c]));
      for (const [name, type] of table.columns) {
        const column = here.get(name);
        if (!column) throw new BackupError(`the backup's ${table.name} has column ${name}, which this database's table lacks.`);
        if (column.type !== type) throw new BackupError(`${table.name}.${name} is ${type} in the backup but ${column.type} here.`);
      }
      const columns = table.columns.map(([name]) => here.get(name)!);
      const insert = insertStatement(table.name, columns, columns.some((c) => c.identityAlways));
      // what the schema's creation put in (pg-boss's version row) makes way for the backup's
      await session.query(`delete from ${sqlName(table.name)}`);
      const isQueue = header.pgboss && table.name === `${bossSchema}.queue`;
      const nameAt = table.columns.findIndex(([name]) => name === 'name');
      let rows = 0;
      for await (const batch of batches) {
        if (isQueue) {
          // each queue's jobs live in a partition of their own, which pg-boss's create_queue makes (with the row)
          const names = batch.map((line) => (JSON.parse(line) as Array<string | null>)[nameAt]!);
          for (const name of names) await session.query(`select ${quoteIdent(bossSchema)}.create_queue($1, '{}'::json)`, [name]);
          await session.query(`delete from ${sqlName(table.name)} where name = any($1::text[])`, [names]);
        }
        await session.query(insert, [`[${batch.join(',')}]`]);
        rows += batch.length;
      }
      counts[table.name] = rows;
      total += rows;
    }

    for (const sequence of header.sequences) {
      if (!(await exists(session, sqlName(sequence.name)))) throw new BackupError(`the backup has sequence ${sequence.name}, which this database lacks.`);
      await session.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [sqlName(sequence.name), sequence.lastValue, sequence.isCalled]);
    }
    await raiseOwnedSequences(session);

    for (const table of header.tables) {
      const n = Number((await session.query(`select count(*)::text as n from ${sqlName(table.name)}`)).rows[0]!.n);
      if (n !== table.rows || counts[table.name] !== table.rows) {
        throw new Error(`${table.name}: the backup has ${table.rows} rows, the restored table ${n}`);
      }
    }
    await session.query('commit');
  } catch (error) {
    await session.query('rollback').catch(() => undefined);
    throw error;
  }

  const latest = await migrateToLatest(kyselyOn(session));
  const migratedAfter = (latest.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  return { header, rows: total, counts, migratedAfter, ms: Date.now() - started };
}

function throwIfFailed(result: MigrationResultSet) {
  if (!result.error) return;
  const failed = result.results?.find((r) => r.status === 'Error');
  const error = result.error instanceof Error ? result.error : new Error(String(result.error));
  error.message = `migration ${failed?.migrationName ?? '?'} failed: ${error.message}`;
  throw error;
}

/** A sequence owned by a column (bigserial) never stays below that column's largest value: the next row gets a new id. */
async function raiseOwnedSequences(session: SqlSession): Promise<void> {
  const { rows } = await session.query(
    `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, quote_ident(a.attname) as col
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S'`,
  );
  for (const r of rows) {
    await session.query(
      `select setval('${String(r.seq).replaceAll("'", "''")}'::regclass, m) from (select max(${r.col})::bigint as m from ${r.tbl}) x
        where m is not null and m > (select case when is_called then last_value else last_value - 1 end from ${r.seq})`,
    );
  }
}
