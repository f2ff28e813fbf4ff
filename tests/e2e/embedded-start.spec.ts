import { expect } from '@playwright/test';
import { test } from './support';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm start` on a fresh machine: the embedded database (PGlite) under DATA_DIR, demo data on first start,
// and a printed login link that opens the demo. Run once (in the phone project, whose files take less time than the
// desktop's: the two projects run side by side), it's not about the viewport.
test('the server starts on the embedded database, loads the demo data and prints a working demo link', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone-375', 'viewport-independent: once, in the shorter project');
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-embedded-'));
  const port = await freePort();
  let paymentsPort = await freePort();
  while (paymentsPort === port) paymentsPort = await freePort();
  const env = { ...process.env, PORT: String(port), PAYMENTS_PORT: String(paymentsPort), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  // Its own process group, so the whole tree (tsx and the node it starts) is stopped afterwards — no orphan server.
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  try {
    let out = '';
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no demo link printed:\n${out}`)), 150_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = out.match(/http:\/\/127\.0\.0\.1:\d+\/token\/[A-Za-z0-9_-]+/);
        if (m) { clearTimeout(timer); resolve(m[0]); }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
    });
    expect(out).not.toMatch(/"level":50/);
    const health = await page.request.get(`http://127.0.0.1:${port}/healthz`);
    expect(health.ok()).toBe(true);
    // the same command starts the payments service on its own origin: the hosted card fields answer there
    expect(out).toContain(`payments service at http://127.0.0.1:${paymentsPort}`);
    const fields = await page.request.get(`http://127.0.0.1:${paymentsPort}/hosted-fields`);
    expect(fields.ok()).toBe(true);
    expect(fields.headers()['content-security-policy']).toContain(`frame-ancestors http://127.0.0.1:${port}`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a Vendor' })).toBeVisible({ timeout: 20_000 });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* stopped cleanly */ }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
