// @vitest-environment node
/**
 * Passkeys as the console's second factor, with a software authenticator speaking WebAuthn to the real server: a
 * person registers a passkey (only its id and public key are kept); from the next sign-in by link the session answers
 * nothing but "use your passkey" until one of the person's passkeys signs the session's challenge; a challenge works
 * once (a replayed or refused answer cannot be tried again), for this origin only; another person's passkey does not
 * pass; a removed passkey is no second factor; a session that needs none is told so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/domain/vendor-sessions.js';
import { inviteUser, operatorSignInLink } from '../../server/use-cases/vendor-sessions.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { expectMatchesVendorContract } from './helpers/contract.js';
import { SoftAuthenticator } from './helpers/soft-authenticator.js';

let s: TestServer;
let origin: string;

async function call(person: ConsolePerson, operationId: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/vendor-api${url}`, headers: person.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

/** A new session of the same person by a fresh sign-in link, as the CLI or an e-mail gives one. */
async function signInAgain(person: ConsolePerson): Promise<ConsolePerson> {
  const link = await operatorSignInLink(s.db, s.demo.vendors.pfg, person.email, { publicUrl: s.config.publicUrl });
  if (!link.ok) throw new Error(link.refusal.message);
  const res = await s.app.inject({ method: 'POST', url: '/vendor-api/session', payload: { token: link.value.link.split('#')[1] } });
  expect(res.statusCode).toBe(201);
  const token = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  return { ...person, token, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin } };
}

async function register(person: ConsolePerson, authenticator: SoftAuthenticator, name = 'Work laptop') {
  const options = await call(person, 'startPasskeyRegistration', 'POST', '/session/passkeys/options');
  expect(options.status).toBe(200);
  return call(person, 'addPasskey', 'POST', '/session/passkeys', { name, credential: authenticator.create(options.body.options) });
}

beforeAll(async () => {
  s = await startTestServer();
  origin = new URL(s.config.publicUrl).origin;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('passkeys: the console’s second factor', () => {
  it('an admin registers a passkey: kept by its id and public key; the session that made it stays signed in', async () => {
    const admin = await signInPerson(s, s.demo.vendors.pfg, 'admin');
    expect((await call(admin, 'getConsoleSession', 'GET', '/session')).body).toMatchObject({ secondFactor: 'none', passkeys: 0 });
    const key = new SoftAuthenticator(origin);
    const added = await register(admin, key);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect((await call(admin, 'getConsoleSession', 'GET', '/session')).body).toMatchObject({ secondFactor: 'passed', passkeys: 1 });
    const row = await s.db.selectFrom('vendorPasskeys').selectAll().where('userId', '=', admin.userId).executeTakeFirstOrThrow();
    expect(row.credentialId).toBe(key.id);
    expect(row.publicKey.length).toBeGreaterThan(60);
    expect((await call(admin, 'listMyPasskeys', 'GET', '/session/passkeys')).body.passkeys).toEqual([{ id: row.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);
  });

  it('a registration answer works once; one for another origin is refused; the same passkey twice is refused', async () => {
    const admin = await signInPerson(s, s.demo.vendors.pfg, 'admin');
    const key = new SoftAuthenticator(origin);
    const options = (await call(admin, 'startPasskeyRegistration', 'POST', '/session/passkeys/options')).body.options;
    const answer = key.create(options);
    expect((await call(admin, 'addPasskey', 'POST', '/session/passkeys', { name: 'Phone', credential: answer })).status).toBe(201);
    const replay = await call(admin, 'addPasskey', 'POST', '/session/passkeys', { name: 'Phone', credential: answer });
    expect(replay).toMatchObject({ status: 422, body: { errorCode: 'challenge_expired' } });
    const forged = new SoftAuthenticator(origin);
    const next = (await call(admin, 'startPasskeyRegistration', 'POST', '/session/passkeys/options')).body.options;
    expect((await call(admin, 'addPasskey', 'POST', '/session/passkeys', { name: 'Evil', credential: forged.create(next, { origin: 'https://evil.example' }) })).body.errorCode).toBe('passkey_not_verified');
    const again = (await call(admin, 'startPasskeyRegistration', 'POST', '/session/passkeys/options')).body.options;
    // the options exclude the passkey the person has already
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    expect((await call(admin, 'addPasskey', 'POST', '/session/passkeys', { name: 'Phone', credential: key.create(again) })).body.errorCode).toBe('passkey_exists');
    expect((await call(admin, 'listMyPasskeys', 'GET', '/session/passkeys')).body.passkeys).toHaveLength(1);
  });

  it('the next sign-in waits for the passkey: everything else is refused until the person’s passkey signs the challenge, once', async () => {
    const first = await signInPerson(s, s.demo.vendors.pfg, 'admin');
    const key = new SoftAuthenticator(origin);
    await register(first, key);
    const admin = await signInAgain(first);
    expect((await call(admin, 'getConsoleSession', 'GET', '/session')).body).toMatchObject({ secondFactor: 'pending', passkeys: 1 });
    expect(await call(admin, 'listInvoices', 'GET', '/invoices?limit=1')).toMatchObject({ status: 403, body: { errorCode: 'second_factor_required' } });
    expect((await call(admin, 'startPasskeyRegistration', 'POST', '/session/passkeys/options')).status).toBe(403);

    // another person's passkey (an admin of the same vendor) does not pass, and uses the challenge up
    const other = await signInPerson(s, s.demo.vendors.pfg, 'admin');
    const theirs = new SoftAuthenticator(origin);
    await register(other, theirs);
    let options = (await call(admin, 'startSecondFactor', 'POST', '/session/second-factor/options')).body.options;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    expect((await call(admin, 'finishSecondFactor', 'POST', '/session/second-factor', { credential: theirs.get(options) })).body.errorCode).toBe('passkey_not_verified');
    expect((await call(admin, 'finishSecondFactor', 'POST', '/session/second-factor', { credential: key.get(options) })).body.errorCode).toBe('challenge_expired');

    // signed for another origin: refused
    options = (await call(admin, 'startSecondFactor', 'POST', '/session/second-factor/options')).body.options;
    expect((await call(admin, 'finishSecondFactor', 'POST', '/session/second-factor', { credential: key.get(options, { origin: 'https://evil.example' }) })).body.errorCode).toBe('passkey_not_verified');

    // the person's passkey on the session's challenge: signed in
    options = (await call(admin, 'startSecondFactor', 'POST', '/session/second-factor/options')).body.options;
    const passed = await call(admin, 'finishSecondFactor', 'POST', '/session/second-factor', { credential: key.get(options) });
    expect(passed).toMatchObject({ status: 200, body: { secondFactor: 'passed' } });
    expect((await call(admin, 'listInvoices', 'GET', '/invoices?limit=1')).status).toBe(200);
    const used = await s.db.selectFrom('vendorPasskeys').select(['lastUsedAt', 'counter']).where('credentialId', '=', key.id).executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
    expect(Number(used.counter)).toBeGreaterThan(1);
    expect((await call(admin, 'startSecondFactor', 'POST', '/session/second-factor/options')).body.errorCode).toBe('second_factor_not_pending');
  });

  it('a removed passkey is no second factor; nobody removes another person’s', async () => {
    const first = await signInPerson(s, s.demo.vendors.pfg, 'ar');
    await register(first, new SoftAuthenticator(origin));
    const mine = (await call(first, 'listMyPasskeys', 'GET', '/session/passkeys')).body.passkeys[0].id;
    const stranger = await signInPerson(s, s.demo.vendors.coastal, 'admin');
    expect((await call(stranger, 'deletePasskey', 'DELETE', `/session/passkeys/${mine}`)).status).toBe(404);
    expect((await call(first, 'deletePasskey', 'DELETE', `/session/passkeys/${mine}`)).status).toBe(204);
    const again = await signInAgain(first);
    expect((await call(again, 'getConsoleSession', 'GET', '/session')).body).toMatchObject({ secondFactor: 'none', passkeys: 0 });
    expect((await call(again, 'listInvoices', 'GET', '/invoices?limit=1')).status).toBe(200);
  });

  it('an API key cannot use the ceremonies (people only)', async () => {
    const invited = await inviteUser(s.db, s.demo.vendors.pfg, { email: `keyless-${Date.now()}@vendor.example`, role: 'admin' }, { publicUrl: s.config.publicUrl });
    expect(invited.ok).toBe(true);
    const { run } = await import('../../server/cli/vendor.js');
    const lines: string[] = [];
    await run(s.db, ['keys', 'create', '--vendor', s.demo.vendors.pfg, '--name', 'passkeys'], (line) => lines.push(line));
    const res = await s.app.inject({ method: 'POST', url: '/vendor-api/session/passkeys/options', headers: { authorization: `Bearer ${lines.find((l) => l.startsWith('ppk_'))}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('session_only');
  });
});
