/**
 * What the browser benchmarks (`paypage.ts`, `reports.ts`) share: a fresh PostgreSQL database with the demo data and
 * the benchmark's own locations, the built SPA served by the real server (`server/main.ts`), and Debian's Chromium.
 * `withPortalInBrowser` sets all of it up, hands the targets, the browser and the base URL to `run`, and tears
 * everything down (server process group, browser, database) whatever happens.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { createDb, migrateToLatest, type Db } from '../../server/db/connect.js';
import { seedIfEmpty } from '../../server/seed/demo.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_SERVER = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '');

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/bash' }).toString().trim();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Promise.resolve(Number(process.env.BENCH_PORT));
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface PortalInBrowserOptions<T, R> {
  /** the database to create (dropped before and after) */
  dbName: string;
  /** skip `npm run build` (the caller built already) */
  noBuild: boolean;
  /** the benchmark's own data, after the demo data */
  seed(db: Db): Promise<T[]>;
  run(browser: Browser, baseUrl: string, targets: T[]): Promise<R>;
}

export async function withPortalInBrowser<T, R>({ dbName, noBuild, seed, run }: PortalInBrowserOptions<T, R>): Promise<R> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${dbName}`);
  });
  const databaseUrl = `${PG_SERVER}/${dbName}`;
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const handle = await createDb({ databaseUrl, poolSize: 2 });
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db);
    const targets = await seed(handle.db);
    await sql`analyze`.execute(handle.db);
    await handle.close();

    if (!noBuild) execSync('npm run -s build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn('npx', ['tsx', 'server/main.ts'], {
      cwd: root, detached: true, stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port), PAYMENTS_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break;
      } catch { /* not up yet */ }
      if (i > 600) throw new Error('the portal did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    return await run(browser, baseUrl, targets);
  } finally {
    await browser?.close();
    if (server?.pid) {
      try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
      await new Promise((r) => setTimeout(r, 1500));
      try { process.kill(-server.pid, 'SIGKILL'); } catch { /* already gone */ }
    }
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}
