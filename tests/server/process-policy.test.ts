// @vitest-environment node
/**
 * The process-wide policy for errors nobody caught (server/process-policy.ts), in a real Node process: an unhandled
 * rejection is logged with its reason and stack and the process goes on; an uncaught exception is logged and the
 * process exits with code 1 for its supervisor. Never silent.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function run(script: string) {
  return spawnSync(tsx, ['--eval', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
}

describe('errors nobody caught', () => {
  it('an unhandled rejection is logged with its context and the process keeps serving', () => {
    const result = run(`
      import { installProcessPolicy } from './server/process-policy.ts';
      const policy = installProcessPolicy();
      policy.useLogger({ error: (o, m) => console.log('ERROR', m, JSON.stringify(o)), fatal: (o, m) => console.log('FATAL', m, JSON.stringify(o)) });
      void Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }));
      setTimeout(() => { console.log('still serving after', policy.unhandledRejections); process.exit(0); }, 200);
    `);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/ERROR unhandled promise rejection: logged, the process keeps serving .*"reason":"connect ECONNREFUSED 127.0.0.1:1".*"stack":".*"code":"ECONNREFUSED"/);
    expect(result.stdout).toContain('still serving after 1');
  });

  it('an uncaught exception is logged and the process exits 1', () => {
    const result = run(`
      import { installProcessPolicy } from './server/process-policy.ts';
      const policy = installProcessPolicy();
      policy.useLogger({ error: (o, m) => console.log('ERROR', m, JSON.stringify(o)), fatal: (o, m) => console.log('FATAL', m, JSON.stringify(o)) });
      setTimeout(() => { throw new Error('a bug in a callback'); }, 10);
      setTimeout(() => console.log('never printed'), 500);
    `);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FATAL uncaught exception: the process exits for its supervisor to restart it .*a bug in a callback/);
    expect(result.stdout).not.toContain('never printed');
  });
});
