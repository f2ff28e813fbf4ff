/**
 * A portal server as its own process (`tsx server/main.ts`), for the fault tests: started on a database of the test's,
 * its stdout's demo link read, its stderr and exit code kept.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface PortalProcess {
  baseUrl: string;
  /** the demo contact's login token printed at start */
  token: string;
  readonly stdout: string;
  readonly stderr: string;
  /** undefined while it runs */
  readonly exited: number | null | undefined;
  /** GET `url`'s status, 0 when the process did not answer within 5 s */
  status(url: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startPortalProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<PortalProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pp-process-'));
  const child: ChildProcessWithoutNullStreams = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      // the payments origin on any free port: the fault tests do not use it
      PAYMENTS_PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // about lost connections, not overload: a loaded CI machine must not shed the test's requests
      LOAD_SHEDDING: 'off',
      // the webhook secrets' key shared by every process of one database
      WEBHOOK_SECRETS_KEY: 'a'.repeat(64),
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  let exited: number | null | undefined;
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.on('exit', (code) => {
    exited = code;
  });
  const token = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
      const match = /Open the demo: \S+\/token\/([A-Za-z0-9_-]+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`the server did not start:\n${stdout}\n${stderr}`)));
  });
  return {
    baseUrl,
    token,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get exited() {
      return exited;
    },
    async status(url) {
      try {
        return (await fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(5_000) })).status;
      } catch {
        return 0;
      }
    },
    async stop() {
      if (exited === undefined) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
