/**
 * A PostgreSQL cluster of the test's own — its own data directory and port, started and stopped by the test — for
 * fault tests that restart the database (never the machine's shared server). Uses the server binaries of the
 * installed PostgreSQL (`pg_config --bindir`). As root, `initdb` and `postgres` run as the `postgres` user.
 */
import pgClient from 'pg';
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The directory of initdb/pg_ctl, or undefined when no PostgreSQL server is installed. */
export function postgresBinDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on PATH
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** `pg_ctl restart -m fast`: every connection is ended (57P01), then the server accepts again; resolves once it does */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** creates a database on it */
  createDatabase(name: string): Promise<void>;
  /** starts it again after `stop()`; resolves once it accepts connections */
  start(): Promise<void>;
  /** stops the server and removes the directory */
  destroy(): Promise<void>;
}

export async function startPgCluster(binDir: string): Promise<PgCluster> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pp-pgcluster-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  // runs a server binary, as the postgres user when we are root (initdb and postgres refuse to run as root)
  const pg = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, binary), ...args]) : run(path.join(binDir, binary), args);

  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // fsync off: the test restarts the server cleanly (a fast shutdown checkpoints), it never crashes the machine
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (action: string, extra: string[] = []) => pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options, ...extra, action]);
  await ctl('start');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await ctl('stop', ['-m', 'fast']).catch(() => undefined);
  };
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: async () => {
      await ctl('restart', ['-m', 'fast']);
    },
    stop,
    async createDatabase(name) {
      const admin = new pgClient.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
    },
    start: async () => {
      await ctl('start');
      stopped = false;
    },
    async destroy() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
