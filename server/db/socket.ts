/**
 * The running server shares its embedded database (PGlite) with the command-line tools.
 *
 * PGlite is one process's in-memory PostgreSQL: while the server holds `${dataDir}/pglite` (see the lock in
 * connect.ts) no other process may open it. So the server listens on a Unix socket in the data directory,
 * `${dataDir}/.s.PGSQL.5432` (the name node-postgres and psql expect in a socket directory), mode 0600 — only the
 * user running the server can connect, and nothing listens on the network — and speaks the PostgreSQL wire
 * protocol on it through `@electric-sql/pglite-socket`'s handler. A CLI that finds the directory locked by a live
 * server connects there with `pg` (`connectThroughServer`).
 *
 * PGlite has ONE session. Kysely serialises the server's own use of it by handing out one connection at a
 * time (a transaction keeps it), and the wire protocol runs a query as several messages (Parse, Bind, Execute,
 * Sync) sharing the session's unnamed statement. So a socket client takes that same Kysely connection for as
 * long as it is connected: the server's requests wait behind it, never run inside the CLI's transaction, and
 * the CLI's never inside theirs. One client at a time; the next waits its turn. The CLIs connect for
 * milliseconds: their pool closes a connection the moment it is idle (`connectThroughServer`), so a job's processor
 * call, which runs outside any transaction, never holds the server's session; a client idle for IDLE_MS or connected longer than SESSION_MS is cut off, and whatever
 * transaction or advisory lock it left is rolled back / released before the server continues.
 */
import { chmodSync, existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { pgTypes, type Db, type DbHandle } from './connect.js';
import { createPgPool } from './pool.js';
import type { Database } from './schema.js';

/** node-postgres looks for `${host}/.s.PGSQL.${port}` when `host` is a directory. */
const SOCKET_PORT = 5432;
const IDLE_MS = 10_000;
const SESSION_MS = 60_000;
/** The wire protocol's Terminate message type ('X'). */
const TERMINATE = 0x58;

/** Where the running server's socket lives for a data directory. */
export function dbSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
}

export interface DbSocketServer {
  path: string;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Serves `pglite` on `dbSocketPath(dataDir)` until `close()`. `db` is the server's Kysely over the same PGlite:
 * a client holds one of its connections while connected (see above).
 */
export async function startDbSocket(options: { db: Db; pglite: PGlite; dataDir: string; log?: Logger }): Promise<DbSocketServer> {
  const { db, pglite } = options;
  const socketPath = dbSocketPath(options.dataDir);
  // Only the process holding the data-directory lock gets here, so a socket file left behind is a crashed server's.
  if (existsSync(socketPath)) unlinkSync(socketPath);

  const clients = new Set<net.Socket>();

  /**
   * The handler's own queue type is not exported; it needs these three methods. Each protocol message runs under
   * PGlite's mutex (as the package's queue does). Terminate ('X') ends the client's session, not PGlite's (which
   * would not answer it): we close the socket instead. The session clean-up is ours (`serve`), not the handler's.
   */
  function queueFor(socket: net.Socket) {
    return {
      enqueue: async (_handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void) => {
        if (message[0] === TERMINATE) {
          socket.end();
          return 0;
        }
        let bytes = 0;
        await pglite.runExclusive(() =>
          pglite.execProtocolRawStream(message, {
            onRawData: (data) => {
              bytes += data.length;
              onData(data);
            },
          }),
        );
        return bytes;
      },
      clearQueueForHandler: () => {},
      clearTransactionIfNeeded: async () => {},
    };
  }

  async function serve(socket: net.Socket): Promise<void> {
    await db.connection().execute(async () => {
      if (socket.destroyed) return;
      const limit = setTimeout(() => socket.destroy(), SESSION_MS);
      try {
        const handler = new PGLiteSocketHandler({ queryQueue: queueFor(socket) as never, closeOnDetach: true, idleTimeout: IDLE_MS });
        // The session ends when the socket closes — or when the handler ends it (its idle timeout, an error): the
        // handler then strips every 'close' listener of the socket (ours too) before destroying it, so its own
        // events are heard as well. Missing that once kept the server's one session held for good.
        const closed = new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          handler.addEventListener('close', () => resolve());
          handler.addEventListener('error', () => resolve());
        });
        await handler.attach(socket);
        await closed;
      } finally {
        clearTimeout(limit);
        socket.destroy();
        clients.delete(socket);
        // Leave the one session as the server expects it: no open transaction, no advisory lock. (`exec` takes
        // PGlite's mutex itself; we still hold the Kysely connection, so nothing of the server's runs in between.)
        if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
        await pglite.exec('SELECT pg_advisory_unlock_all()');
      }
    });
  }

  const server = net.createServer((socket) => {
    clients.add(socket);
    socket.on('error', () => {}); // a client going away mid-message; `close` follows
    socket.once('close', () => clients.delete(socket));
    serve(socket).catch((error: unknown) => {
      options.log?.warn({ err: error }, 'database socket client failed');
      socket.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    async close() {
      for (const socket of clients) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        unlinkSync(socketPath);
      } catch {
        // already gone (net.Server removes it on close on most platforms)
      }
    },
  };
}

/** Is a server sharing the database of `dataDir`? (Its socket file exists; whether it answers, connecting tells.) */
/** What the server sharing the data directory tells the CLIs about itself (`server.json` beside the socket). */
export interface ServerInfo {
  /** Base of its login links, so `npm run link` prints links to the server that runs, whatever its port. */
  publicUrl: string;
}

const serverInfoPath = (dataDir: string) => path.join(dataDir, 'server.json');

/** Written by the server once its socket is up (mode 0600, as the socket); replaced at each start. */
export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  writeFileSync(serverInfoPath(dataDir), `${JSON.stringify(info)}\n`, { mode: 0o600 });
}

/** The running server's info, or null (none written, or unreadable). Read only by a CLI connected through the socket. */
export function readServerInfo(dataDir: string): ServerInfo | null {
  try {
    const info = JSON.parse(readFileSync(serverInfoPath(dataDir), 'utf8')) as Partial<ServerInfo>;
    return typeof info.publicUrl === 'string' && /^https?:\/\//.test(info.publicUrl) ? { publicUrl: info.publicUrl } : null;
  } catch {
    return null;
  }
}

export function serverSocketExists(dataDir: string): boolean {
  return existsSync(dbSocketPath(dataDir));
}

/**
 * A database handle through the running server's socket: node-postgres with one connection (the server serves
 * one at a time), with the same value types as a direct open.
 */
export async function connectThroughServer(dataDir: string): Promise<DbHandle> {
  // A server that stops or cuts the client (idle, session limit) fails the statement using the connection, never
  // the CLI's process (pool.ts); the next statement connects again.
  const pool = createPgPool({
    host: path.dirname(dbSocketPath(dataDir)),
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    types: pgTypes,
    // A connection holds the server's one PGlite session for as long as it is open (above), so it is closed as soon
    // as it is idle: between two statements or transactions — above all while a job waits for the processor — the
    // server serves its own requests. Each statement outside a transaction reconnects (a Unix socket: well under a
    // millisecond); a transaction keeps its connection to its end.
    idleTimeoutMs: 1,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  try {
    await db.connection().execute(async (conn) => {
      await conn.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    longDb: db,
    kind: 'pglite',
    load: () => ({ waiting: pool.waitingCount, size: 1, open: pool.totalCount, inUse: pool.totalCount - pool.idleCount }),
    ready: async () => {
      await db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    },
    close: () => db.destroy(),
  };
}
