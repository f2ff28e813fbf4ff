/**
 * npm run db -- backup <file>                 the whole database, as of one moment, into a file (also while the server runs)
 * npm run db -- restore <file> [--force]      that file into the database (an empty one; --force replaces what it holds)
 * npm run db -- export-to <postgres-url>      the database (the embedded one in DATA_DIR, or DATABASE_URL's) into an
 *                                             empty PostgreSQL database, to run the portal there with several processes
 * npm run db -- verify <file>                 checks a backup file whole (checksum, counts) and prints what it holds
 *
 * The database is the one the server would use: DATABASE_URL, else the embedded database in DATA_DIR — opened directly,
 * or through the running server's socket when the server holds it (a backup then holds the server's one session while
 * it reads: its requests wait meanwhile). A restore replaces a whole database, so it refuses while a server holds the
 * data directory. The format and the one code path behind all three: server/db/backup.ts; operating them:
 * docs/operating.md ("Backups", "Moving to PostgreSQL").
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupError,
  inspectTarget,
  pgliteSession,
  pgSession,
  restoreBackup,
  verifyBackup,
  writeBackup,
  type BackupHeader,
  type RestoreSummary,
  type SqlSession,
} from '../db/backup.js';
import { createDb, DataDirBusyError, dbOptionsFromEnv, pgliteDir } from '../db/connect.js';
import { dbSocketPath, serverSocketExists } from '../db/socket.js';
import { QUEUE_SCHEMA } from '../jobs/queue.js';
import { CliError, isMain, runCli } from './common.js';

const USAGE = `Usage: npm run db -- <command>
  backup <file>               write the whole database (ours and the job queue's) as of one moment to <file>
                              (gzipped JSON lines with a checksum); works while the server runs
  restore <file> [--force]    restore <file> into the database; it must hold no rows (--force: replace them);
                              not while a server holds the embedded database (stop it first)
  export-to <postgres-url>    copy the database into an empty PostgreSQL database (schema by the same migrations,
                              rows, sequences and the job queue's state), counts verified; then run the portal with
                              DATABASE_URL=<postgres-url>
  verify <file>               check a backup file whole and print what it holds

The database is DATABASE_URL's, else the embedded one in DATA_DIR (default .data).`;

type Env = NodeJS.ProcessEnv;
type Print = (line: string) => void;

const redact = (url: string) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
};

/**
 * The database to read from: DATABASE_URL; else DATA_DIR's embedded database — opened here when no process holds it,
 * else through the running server's socket.
 */
async function openSource(env: Env): Promise<SqlSession> {
  const options = dbOptionsFromEnv(env);
  if (options.databaseUrl) return connectPostgres(options.databaseUrl);
  const dataDir = options.dataDir!;
  if (!existsSync(pgliteDir(dataDir))) throw new CliError(`No database in ${pgliteDir(dataDir)} (DATA_DIR=${dataDir}): nothing to back up. Set DATA_DIR or DATABASE_URL.`);
  try {
    const handle = await createDb({ dataDir });
    return pgliteSession(handle.pglite!, `the embedded database in ${pgliteDir(dataDir)}`, () => handle.close());
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    if (!serverSocketExists(dataDir)) {
      throw new CliError(`${error.message}\nNo server socket at ${dbSocketPath(dataDir)}: the process holding the database is not a server that shares it (or it is still starting). Try again once it has started, or stop it.`);
    }
    try {
      return await pgSession(
        { host: path.dirname(dbSocketPath(dataDir)), port: 5432, user: 'postgres', database: 'postgres' },
        `the running server's embedded database in ${pgliteDir(dataDir)}`,
        'pglite',
      );
    } catch (socketError) {
      throw new CliError(`The server holds the database in ${dataDir}, but its socket ${dbSocketPath(dataDir)} did not answer (${(socketError as Error).message}). Try again, or stop the server.`);
    }
  }
}

/** The database to restore into: DATABASE_URL's, else DATA_DIR's embedded one, which no server may hold meanwhile. */
async function openRestoreTarget(env: Env): Promise<SqlSession> {
  const options = dbOptionsFromEnv(env);
  if (options.databaseUrl) return connectPostgres(options.databaseUrl);
  const dataDir = options.dataDir!;
  try {
    const handle = await createDb({ dataDir });
    return pgliteSession(handle.pglite!, `the embedded database in ${pgliteDir(dataDir)}`, () => handle.close());
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    throw new CliError(
      `A server (or another process) holds the embedded database in ${pgliteDir(dataDir)}: a restore replaces the whole ` +
        `database, so it does not run beside the server. Stop the server, restore, then start it again.\n(${(error.cause as Error)?.message ?? error.message})`,
    );
  }
}

async function connectPostgres(url: string): Promise<SqlSession> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new CliError(`Not a PostgreSQL URL: ${redact(url)} (expected postgres://user@host:port/database)`);
  try {
    return await pgSession({ connectionString: url }, `the PostgreSQL database ${redact(url)}`);
  } catch (error) {
    throw new CliError(`Cannot connect to ${redact(url)}: ${(error as Error).message}`);
  }
}

/** BackupError (a refusal, a damaged file) → the command line's message. */
async function told<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function describe(header: BackupHeader): string {
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  const invoices = header.tables.find((t) => t.name === 'public.invoices')?.rows ?? 0;
  return (
    `${plural(header.tables.length, 'table')}, ${plural(rows, 'row')} (${plural(invoices, 'invoice')}), migration ${header.migration}` +
    (header.pgboss ? `, job queue schema v${header.pgboss.version}` : ', no job queue')
  );
}

async function backup(file: string | undefined, env: Env, print: Print): Promise<void> {
  if (!file) throw new CliError(`backup needs a file to write.\n${USAGE}`);
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target))) throw new CliError(`No such directory: ${path.dirname(target)}`);
  if (existsSync(target) && statSync(target).isDirectory()) throw new CliError(`${target} is a directory: give a file name`);
  const session = await openSource(env);
  try {
    const summary = await told(() => writeBackup(session, target, { bossSchema: QUEUE_SCHEMA }));
    print(`Backup of ${session.label} written to ${target}: ${describe(summary.header)}; ${(summary.bytes / 1024).toFixed(0)} KiB in ${summary.ms} ms.`);
  } finally {
    await session.close();
  }
}

function printRestored(summary: RestoreSummary, where: string, print: Print): void {
  print(`Restored into ${where}: ${describe(summary.header)}; every table's count verified, in ${summary.ms} ms.`);
  if (summary.migratedAfter.length > 0) print(`Then migrated to ${summary.migratedAfter.at(-1)} (${summary.migratedAfter.length} newer migrations).`);
}

async function restore(file: string | undefined, force: boolean, env: Env, print: Print): Promise<void> {
  if (!file) throw new CliError(`restore needs the backup file to read.\n${USAGE}`);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new CliError(`No such file: ${source}`);
  // the file is checked whole before the database is opened: a damaged file changes nothing, and is told as such
  await told(() => verifyBackup(source));
  const session = await openRestoreTarget(env);
  try {
    const summary = await told(() => restoreBackup(session, source, { bossSchema: QUEUE_SCHEMA, force, log: print }));
    printRestored(summary, session.label, print);
  } finally {
    await session.close();
  }
}

async function exportTo(url: string | undefined, env: Env, print: Print): Promise<void> {
  if (!url) throw new CliError(`export-to needs the URL of an empty PostgreSQL database.\n${USAGE}`);
  const options = dbOptionsFromEnv(env);
  if (options.databaseUrl && sameDatabase(options.databaseUrl, url)) {
    throw new CliError('export-to: the target is the database DATABASE_URL already names; give another (empty) database.');
  }
  // the target first: a refusal (unreachable, not empty) before the source is read
  const target = await connectPostgres(url);
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-export-'));
  try {
    const state = await inspectTarget(target, QUEUE_SCHEMA);
    if (state.tablesWithRows.length > 0) {
      throw new CliError(`${target.label.charAt(0).toUpperCase()}${target.label.slice(1)} is not empty (${state.tablesWithRows.length} tables hold rows: ${state.tablesWithRows.slice(0, 5).join(', ')}). export-to copies into an empty database: create one (createdb) and give its URL.`);
    }
    // One code path: a backup of the source (one snapshot; the server's session is held only while it is read), then
    // its restore into the target (one transaction, counts verified).
    const file = path.join(dir, 'export.jsonl.gz');
    const source = await openSource(env);
    let label: string;
    try {
      label = source.label;
      const written = await told(() => writeBackup(source, file, { bossSchema: QUEUE_SCHEMA }));
      print(`Read ${label}: ${describe(written.header)} in ${written.ms} ms.`);
    } finally {
      await source.close();
    }
    const summary = await told(() => restoreBackup(target, file, { bossSchema: QUEUE_SCHEMA, log: print }));
    printRestored(summary, target.label, print);
    print('');
    print('Next: run the portal on it — every process with the same settings:');
    print(`  DATABASE_URL=${redact(url)} npm run serve`);
    const keyFile = path.join(path.resolve(options.dataDir ?? '.data'), 'webhook-secrets.key');
    if (!options.databaseUrl && !env.WEBHOOK_SECRETS_KEY && existsSync(keyFile)) {
      const key = readFileSync(keyFile, 'utf8').trim();
      print(`  and WEBHOOK_SECRETS_KEY=<the 64 hex digits in ${keyFile}> (it seals the webhook signing secrets just copied;`);
      print(`  every process needs the same key)${/^[0-9a-f]{64}$/i.test(key) ? '' : ' — the file does not hold a valid key'}.`);
    }
    print('See docs/operating.md, "Moving to PostgreSQL".');
  } finally {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function sameDatabase(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
  } catch {
    return a === b;
  }
}

async function verify(file: string | undefined, print: Print): Promise<void> {
  if (!file) throw new CliError(`verify needs the backup file to read.\n${USAGE}`);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new CliError(`No such file: ${source}`);
  const header = await told(() => verifyBackup(source));
  print(`${source}: a whole backup made ${header.createdAt} from ${header.source === 'pglite' ? 'an embedded database' : 'PostgreSQL'}: ${describe(header)}.`);
  for (const table of header.tables) if (table.rows > 0) print(`  ${table.name.padEnd(40)} ${table.rows}`);
}

export async function main(argv: string[], env: Env = process.env, print: Print = (line) => console.log(line)): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const [command, argument, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    print(USAGE);
    return;
  }
  if (extra.length > 0) throw new CliError(`Unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  if (parsed.values.force && command !== 'restore') throw new CliError(`--force is an option of restore only.\n${USAGE}`);
  switch (command) {
    case 'backup':
      return backup(argument, env, print);
    case 'restore':
      return restore(argument, parsed.values.force ?? false, env, print);
    case 'export-to':
      return exportTo(argument, env, print);
    case 'verify':
      return verify(argument, print);
    default:
      throw new CliError(`Unknown command "${command}".\n${USAGE}`);
  }
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)));
