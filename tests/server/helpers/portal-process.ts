/**
 * A portal server as its own process (`node --import tsx server/main.ts`), for the fault tests: started on a database of the test's,
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
  /** the exit code, null after a signal; undefined while it runs */
  readonly exited: number | null | undefined;
  /** GET `url`'s status, 0 when the process did not answer within 5 s */
  status(url: string): Promise<number>;
  /** SIGTERM, and resolves once it exited */
  stop(): Promise<void>;
}

export interface PortalProcessOptions {
  /** the port to listen on (a restarted process takes its predecessor's); default a free one */
  port?: number;
}

export async function startPortalProcess(databaseUrl: string, env: Record<string, string> = {}, options: PortalProcessOptions = {}): Promise<PortalProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pp-process-'));
  // node itself with tsx's loader, not the tsx command: that one relays a SIGTERM to its child and, when the child
  // does not acknowledge it within 30 ms (its event loop busy serving), SIGKILLs it and exits 143
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
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
      // stopped at the end of a test with no load balancer in front: no drain window (the rolling restart sets one)
      SHUTDOWN_DRAIN_MS: '0',
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
