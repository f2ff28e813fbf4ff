/** Shared start-up of the command-line tools: database from DATABASE_URL / DATA_DIR, migrated. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb, DataDirBusyError, dbOptionsFromEnv, migrateToLatest, type DbHandle } from '../db/connect.js';

export class CliError extends Error {}

/** Opens (and migrates) the database the server would use; a busy PGlite directory becomes a clear CliError. */
export async function openCliDb(env: NodeJS.ProcessEnv = process.env): Promise<DbHandle> {
  let handle: DbHandle;
  try {
    handle = await createDb(dbOptionsFromEnv(env));
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      throw new CliError(
        `${error.message}\nThe command-line tools cannot open the embedded database while the server runs on it.`,
      );
    }
    throw error;
  }
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
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
