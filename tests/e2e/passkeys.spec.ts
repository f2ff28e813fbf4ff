import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousA11yViolations, test, runCli } from './support';

/**
 * Passkeys as the console's second factor, in Chromium with its virtual authenticator (DevTools' WebAuthn domain: a
 * platform authenticator with user verification) standing in for a device. WebAuthn refuses an IP address as the
 * relying party, so this journey starts a portal of its own at http://localhost (its own database, the production
 * build): the demo admin opens the printed console link, adds a passkey on the Team page, signs out; the next sign-in
 * link opens only "Use your passkey", and the passkey signs them in. Run once (in the desktop project).
 */
const ADMIN = 'admin@performancefood.example';

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

test('an admin adds a passkey; the next sign-in by link asks for it and the passkey signs in (virtual authenticator)', async ({ browser }, info) => {
  test.skip(info.project.name !== 'desktop', 'viewport-independent: once, in the desktop project');
  test.setTimeout(240_000);
  const adminUrl = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '/postgres');
  const dbName = `e2e_passkeys_${randomBytes(4).toString('hex')}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const port = await freePort();
  let paymentsPort = await freePort();
  while (paymentsPort === port) paymentsPort = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const env = { ...process.env, PORT: String(port), PAYMENTS_PORT: String(paymentsPort), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, PAYMENTS_PUBLIC_URL: `http://127.0.0.1:${paymentsPort}` };
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const context = await browser.newContext({ baseURL: publicUrl });
  try {
    let out = '';
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no console link printed:\n${out}`)), 180_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = out.match(/http:\/\/localhost:\d+\/console\/sign-in#[A-Za-z0-9_-]{43}/);
        if (m) { clearTimeout(timer); resolve(m[0]); }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
    });
    const vendorId = /--vendor ([0-9a-f-]{36})/.exec(out)![1]!;

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    // signed in by the link; the Team page asks the admin for a passkey
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Team' }).click();
    const section = page.getByRole('region', { name: 'Your passkeys' });
    await expect(section.getByTestId('passkey-prompt')).toHaveText('You are an admin: add a passkey. Until you do, the e-mailed link alone signs you in.');
    await expectNoSeriousA11yViolations(page);
    await section.getByLabel('Name of the new passkey').fill('This laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByText('Passkey added. Your next sign-in asks for it.')).toBeVisible();
    await expect(section.getByTestId('passkey-row')).toHaveCount(1);
    await expect(section.getByTestId('passkey-row')).toContainText('This laptop');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // signed out; the next link opens only the passkey prompt
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText('You are signed out.')).toBeVisible();
    const stdout = await runCli('vendor', ['users', 'link', '--vendor', vendorId, '--email', ADMIN], env);
    const again = /http:\/\/localhost:\d+\/console\/sign-in#[A-Za-z0-9_-]{43}/.exec(stdout)![0];
    await page.goto(again);
    await expect(page.getByRole('heading', { level: 1, name: 'Use your passkey' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    // the server answers nothing else meanwhile
    const refused = await page.request.get(`${publicUrl}/vendor-api/invoices?limit=1`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errorCode).toBe('second_factor_required');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    expect((await page.request.get(`${publicUrl}/vendor-api/invoices?limit=1`)).status()).toBe(200);
    // the passkey's use is recorded
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const { rows } = await check.query(`select p.last_used_at from vendor_passkeys p join vendor_users u on u.id = p.user_id where u.email = $1`, [ADMIN]);
      expect(rows).toHaveLength(1);
      expect(rows[0].last_used_at).not.toBeNull();
    } finally {
      await check.end();
    }
  } finally {
    await context.close();
    const exited = new Promise((r) => child.once('exit', r));
    try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* stopped cleanly */ }
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
});
