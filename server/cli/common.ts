/** Shared start-up of the command-line tools: database from DATABASE_URL / DATA_DIR, migrated. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { createDb, DataDirBusyError, dbOptionsFromEnv, migrateToLatest, type DbHandle } from '../db/connect.js';
import { connectThroughServer, dbSocketPath, readServerInfo, serverSocketExists } from '../db/socket.js';

export class CliError extends Error {}

/**
 * The base URL of every link a CLI writes or prints (outbox messages of `npm run jobs`, `npm run link`'s URLs, …):
 * the command's own `PUBLIC_URL` or `PORT` when it is given one; else, connected through a running server's socket,
 * that server's own address (`$DATA_DIR/server.json`); else the configuration's default (`http://HOST:PORT`).
 */
export function cliPublicUrl(handle: Pick<DbHandle, 'server'>, env: NodeJS.ProcessEnv = process.env): string {
  const own = Boolean(env.PUBLIC_URL || env.PORT);
  return (!own && handle.server?.publicUrl?.replace(/\/+$/, '')) || loadConfig(env).publicUrl;
}

/** An open CLI database and the base URL of the links the command writes ({@link cliPublicUrl}). */
export type CliDbHandle = DbHandle & { publicUrl: string };

/**
 * Opens (and migrates) the database the server would use: DATABASE_URL, else the embedded database in DATA_DIR —
 * opened directly when no server holds it, else through the running server's socket (server/db/socket.ts).
 */
export async function openCliDb(env: NodeJS.ProcessEnv = process.env): Promise<CliDbHandle> {
  let handle: DbHandle;
  const options = dbOptionsFromEnv(env);
  try {
    handle = await createDb(options);
  } catch (error) {
    if (!(error instanceof DataDirBusyError) || !options.dataDir) throw error;
    handle = await openThroughServer(options.dataDir, error);
  }
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { ...handle, publicUrl: cliPublicUrl(handle, env) };
}

async function openThroughServer(dataDir: string, busy: DataDirBusyError): Promise<DbHandle> {
  if (!serverSocketExists(dataDir)) {
    throw new CliError(
      `${busy.message}\nNo server socket at ${dbSocketPath(dataDir)}: the process holding the database is not a ` +
        'server that shares it (or it is still starting). Try again once it has started, or stop it.',
    );
  }
  try {
    const handle = await connectThroughServer(dataDir);
    const info = readServerInfo(dataDir);
    return info ? { ...handle, server: info } : handle;
  } catch (error) {
    throw new CliError(
      `The server holds the database in ${dataDir}, but its socket ${dbSocketPath(dataDir)} did not answer ` +
        `(${(error as Error).message}). Try again, or stop the server.`,
    );
  }
}

/** Runs a CLI main function: CliError → message on stderr and exit code 1; anything else → stack, exit 1. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof CliError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}

/** True when the module at `moduleUrl` is the script node/tsx was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
