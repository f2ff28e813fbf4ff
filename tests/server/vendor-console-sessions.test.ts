// @vitest-environment node
/**
 * The console's people, as a person and as an attacker meet them: a sign-in link asked for by e-mail (the same
 * answer for anyone), used once for a session cookie (HttpOnly, SameSite=Strict, Secure over https) that ends when
 * idle, when old, at sign-out and sign-out everywhere; changing requests only from the portal's own origin; the team
 * an admin manages (invite, role, remove) with one admin always kept; the CLI that makes the first admin.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { SESSION_COOKIE } from '../../server/domain/vendor-sessions.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let s: TestServer;
let origin: string;

async function call(operationId: string, method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const res = await s.app.inject({ method: method as 'GET', url: `/vendor-api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : null;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body, res };
}

/** The outbox's messages to the address (the sandbox's delivery channel). */
const mailTo = (email: string) => s.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', email).orderBy('createdAt').execute();
const tokenIn = (body: string) => /\/console\/sign-in#([A-Za-z0-9_-]{43})/.exec(body)?.[1];

/** Until the address has `count` messages: the link is written after the 202 (enumeration-safe), not before it. */
async function waitForMail(email: string, count = 1) {
  for (let i = 0; i < 400; i++) {
    const mail = await mailTo(email);
    if (mail.length >= count) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no e-mail to ${email}`);
}

beforeAll(async () => {
  s = await startTestServer();
  origin = new URL(s.config.publicUrl).origin;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('signing in by e-mailed link', () => {
  it('answers 202 alike for a person and a stranger; the person gets one link per vendor, the stranger nothing', async () => {
    const email = 'dana@pfgcarolina.example';
    await vendorCli(s.db, ['users', 'invite', '--vendor', s.demo.vendors.pfg, '--email', email, '--role', 'admin'], () => undefined, s.config.publicUrl);
    await vendorCli(s.db, ['users', 'invite', '--vendor', s.demo.vendors.coastal, '--email', email, '--role', 'viewer'], () => undefined, s.config.publicUrl);
    const before = (await mailTo(email)).length;
    const known = await call('requestConsoleSignInLink', 'POST', '/session/sign-in-link', {}, { email: 'Dana@PFGCarolina.example' });
    const stranger = await call('requestConsoleSignInLink', 'POST', '/session/sign-in-link', {}, { email: 'nobody@nowhere.example' });
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(known.body).toEqual(stranger.body);
    const mail = await waitForMail(email, before + 1);
    const last = mail[mail.length - 1]!;
    expect(last.subject).toBe('Your PerformancePay console sign-in link');
    expect(last.body).toContain('Performance Foodservice');
    expect(last.body).toContain('Coastal');
    expect(last.body.match(/\/console\/sign-in#/g)).toHaveLength(2);
    expect(await mailTo('nobody@nowhere.example')).toEqual([]);
  });

  it('a link signs in once: the cookie is HttpOnly, SameSite=Strict, for the whole site, not Secure on plain http; its token is kept only as a hash', async () => {
    const email = 'once@pfgcarolina.example';
    await vendorCli(s.db, ['users', 'invite', '--vendor', s.demo.vendors.pfg, '--email', email, '--role', 'ar'], () => undefined, s.config.publicUrl);
    const token = tokenIn((await waitForMail(email))[0]!.body)!;
    const signedIn = await call('createConsoleSession', 'POST', '/session', {}, { token });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.user).toMatchObject({ email, role: 'ar' });
    expect(signedIn.body.vendor.id).toBe(s.demo.vendors.pfg);
    const cookie = signedIn.res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await sql<{ dump: string }>`select string_agg(t::text, ',') as dump from vendor_sessions t`.execute(s.db);
    expect(rows[0]!.dump).not.toContain(cookie.value);
    expect(rows[0]!.dump).toContain(createHash('sha256').update(cookie.value).digest('hex'));

    const again = await call('createConsoleSession', 'POST', '/session', {}, { token });
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe('invalid_link');
    expect(again.res.cookies).toEqual([]);
    for (const bad of ['x'.repeat(43), 'short', 'a'.repeat(100)]) {
      expect((await call('createConsoleSession', 'POST', '/session', {}, { token: bad })).body.errorCode).toBe('invalid_link');
    }
  });

  it('a link older than 15 minutes does not sign in', async () => {
    const email = 'late@pfgcarolina.example';
    await vendorCli(s.db, ['users', 'invite', '--vendor', s.demo.vendors.pfg, '--email', email, '--role', 'viewer'], () => undefined, s.config.publicUrl);
    await call('requestConsoleSignInLink', 'POST', '/session/sign-in-link', {}, { email });
    const mail = await waitForMail(email, 2);
    const token = tokenIn(mail[1]!.body)!;
    await sql`update vendor_sign_in_links set expires_at = now() - interval '1 second' where token_hash = ${createHash('sha256').update(token).digest('hex')}`.execute(s.db);
    expect((await call('createConsoleSession', 'POST', '/session', {}, { token })).status).toBe(401);
  });

  it('over https the cookie is Secure', async () => {
    const secure = await startTestServer({ config: { publicUrl: 'https://portal.example' } });
    try {
      const other = { ...s };
      Object.assign(other, { app: secure.app, db: secure.db, config: secure.config });
      const person = await signInPerson(other as TestServer, secure.demo.vendors.pfg, 'viewer');
      expect(person.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const res = await secure.app.inject({ method: 'DELETE', url: '/vendor-api/session', headers: person.headers });
      expect(res.statusCode).toBe(204);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true, value: '' });
    } finally {
      await secure.close();
    }
  });
});

describe('a session', () => {
  let person: ConsolePerson;
  beforeAll(async () => {
    person = await signInPerson(s, s.demo.vendors.pfg, 'ar');
  });

  it('says who is signed in, until when, and is counted against the person’s rate limit', async () => {
    const res = await call('getConsoleSession', 'GET', '/session', person.headers);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: person.userId, email: person.email, role: 'ar' });
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(Date.parse(res.body.idleExpiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(res.res.headers['ratelimit-policy']).toBe('"read";q=600;w=60'.replace('600', String(s.config.vendorRateLimits.read)));
    expect(res.res.headers['cache-control']).toBe('no-store');
  });

  it('works the vendor API as its role allows: an AR clerk lists invoices and may not create a key', async () => {
    expect((await call('listInvoices', 'GET', '/invoices?limit=5', person.headers)).status).toBe(200);
    const key = await call('createApiKey', 'POST', '/keys', person.headers, { name: 'nope' });
    expect(key.status).toBe(403);
    expect(key.body).toMatchObject({ errorCode: 'role_forbidden', message: 'Your role (ar) cannot do this: ask an admin of your team.' });
  });

  it('a changing request without the portal’s own Origin is refused and does nothing', async () => {
    const body = { locations: [{ externalId: 'ORIGIN-1', displayName: 'Origin Street' }] };
    const count = async () => (await s.db.selectFrom('locations').select('id').where('externalId', '=', 'ORIGIN-1').execute()).length;
    for (const headers of [{ cookie: person.headers.cookie }, { ...person.headers, origin: 'https://evil.example' }, { ...person.headers, origin: 'null' }]) {
      const res = await call('upsertLocations', 'POST', '/locations/batch', headers, body);
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('origin_refused');
    }
    expect(await count()).toBe(0);
    expect((await call('upsertLocations', 'POST', '/locations/batch', person.headers, body)).status).toBe(200);
    expect(await count()).toBe(1);
  });

  it('an unknown cookie answers 401 session_ended; no cookie and no key, 401 invalid', async () => {
    const unknown = await call('getConsoleSession', 'GET', '/session', { cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ errorCode: 'session_ended', message: 'Your session has ended. Sign in again.' });
    expect((await call('getConsoleSession', 'GET', '/session', {})).body.errorCode).toBe('invalid');
  });

  it('ends after 30 minutes without a request, and 12 hours after sign-in whatever happens', async () => {
    const idle = await signInPerson(s, s.demo.vendors.pfg, 'viewer');
    const hash = createHash('sha256').update(idle.token).digest('hex');
    await sql`update vendor_sessions set last_seen_at = now() - interval '29 minutes' where token_hash = ${hash}`.execute(s.db);
    expect((await call('getConsoleSession', 'GET', '/session', idle.headers)).status).toBe(200); // and this request moves it
    await sql`update vendor_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = ${hash}`.execute(s.db);
    expect((await call('getConsoleSession', 'GET', '/session', idle.headers)).body.errorCode).toBe('session_ended');

    const old = await signInPerson(s, s.demo.vendors.pfg, 'viewer');
    await sql`update vendor_sessions set expires_at = now() - interval '1 second' where token_hash = ${createHash('sha256').update(old.token).digest('hex')}`.execute(s.db);
    expect((await call('getConsoleSession', 'GET', '/session', old.headers)).body.errorCode).toBe('session_ended');
  });

  it('sign-out ends this session and clears the cookie; sign-out everywhere ends every session of the person', async () => {
    const one = await signInPerson(s, s.demo.vendors.pfg, 'viewer', 'two.browsers@pfgcarolina.example');
    const out = await call('deleteConsoleSession', 'DELETE', '/session', one.headers);
    expect(out.status).toBe(204);
    expect(out.res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ value: '', httpOnly: true, sameSite: 'Strict' });
    expect((await call('getConsoleSession', 'GET', '/session', one.headers)).status).toBe(401);

    // the same person in two browsers (two sign-in links)
    const admin = await signInPerson(s, s.demo.vendors.pfg, 'admin');
    const email = 'everywhere@pfgcarolina.example';
    expect((await call('inviteVendorUser', 'POST', '/users', admin.headers, { email, role: 'viewer' })).status).toBe(201);
    const first = tokenIn((await waitForMail(email))[0]!.body)!;
    await call('requestConsoleSignInLink', 'POST', '/session/sign-in-link', {}, { email });
    const second = tokenIn((await waitForMail(email, 2))[1]!.body)!;
    const browsers = await Promise.all([first, second].map(async (token) => (await call('createConsoleSession', 'POST', '/session', {}, { token })).res.cookies[0]!.value));
    const headersOf = (value: string) => ({ cookie: `${SESSION_COOKIE}=${value}`, origin });
    expect((await call('deleteAllConsoleSessions', 'DELETE', '/sessions', headersOf(browsers[0]!))).status).toBe(204);
    for (const value of browsers) expect((await call('getConsoleSession', 'GET', '/session', headersOf(value))).status).toBe(401);
  });
});

describe('the team', () => {
  let admin: ConsolePerson;
  beforeAll(async () => {
    // a vendor of its own, whose team is only what this block makes
    const vendor = await s.db.insertInto('vendors').values({ name: 'TeamFoods', displayName: 'Team Foods', address: null, createType: null } as never).returning('id').executeTakeFirstOrThrow();
    admin = await signInPerson(s, vendor.id, 'admin', 'first.admin@team.example');
  });

  it('an admin invites a person: the invitation is e-mailed, its link is in no answer; the same address twice is 409', async () => {
    const invited = await call('inviteVendorUser', 'POST', '/users', admin.headers, { email: 'Sam@Team.example', name: 'Sam Ortiz', role: 'ar' });
    expect(invited.status).toBe(201);
    expect(invited.body.user).toMatchObject({ email: 'sam@team.example', name: 'Sam Ortiz', role: 'ar', lastSignInAt: null });
    expect(JSON.stringify(invited.body)).not.toMatch(/sign-in#/);
    const mail = await waitForMail('sam@team.example');
    expect(mail[0]!.subject).toBe('You are invited to the PerformancePay console');
    expect(mail[0]!.body).toContain('as an AR clerk');
    expect(mail[0]!.body).toContain('first.admin@team.example invited you');
    const twice = await call('inviteVendorUser', 'POST', '/users', admin.headers, { email: 'sam@team.example', role: 'viewer' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ errorCode: 'user_exists', field: 'email' });
    const list = await call('listVendorUsers', 'GET', '/users', admin.headers);
    expect(list.body.users.map((u: { email: string }) => u.email)).toEqual(['first.admin@team.example', 'sam@team.example']);
  });

  it('a new role holds from the person’s next request; removing a person ends their sessions at once', async () => {
    const sam = await call('listVendorUsers', 'GET', '/users', admin.headers).then((r) => r.body.users.find((u: { email: string }) => u.email === 'sam@team.example'));
    const token = tokenIn((await waitForMail('sam@team.example'))[0]!.body)!;
    const signedIn = await call('createConsoleSession', 'POST', '/session', {}, { token });
    const samHeaders = { cookie: `${SESSION_COOKIE}=${signedIn.res.cookies[0]!.value}`, origin };
    const body = { locations: [{ externalId: 'TEAM-1', displayName: 'Team Street' }] };
    expect((await call('upsertLocations', 'POST', '/locations/batch', samHeaders, body)).status).toBe(200);
    expect((await call('updateVendorUser', 'PATCH', `/users/${sam.id}`, admin.headers, { role: 'viewer' })).body.user.role).toBe('viewer');
    expect((await call('upsertLocations', 'POST', '/locations/batch', samHeaders, body)).body.errorCode).toBe('role_forbidden');
    expect((await call('removeVendorUser', 'DELETE', `/users/${sam.id}`, admin.headers)).status).toBe(204);
    expect((await call('getConsoleSession', 'GET', '/session', samHeaders)).body.errorCode).toBe('session_ended');
    expect((await call('listVendorUsers', 'GET', '/users', admin.headers)).body.users.map((u: { email: string }) => u.email)).toEqual(['first.admin@team.example']);
    // and a removed person's address asks for links in vain
    await call('requestConsoleSignInLink', 'POST', '/session/sign-in-link', {}, { email: 'sam@team.example' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailTo('sam@team.example')).toHaveLength(1);
  });

  it('the same admin made by two processes at once (their first start): one person, a sign-in link for each, no failure', async () => {
    const { operatorSignInLink } = await import('../../server/use-cases/vendor-sessions.js');
    const email = `first-start-${Date.now()}@performancefood.example`;
    const links = await Promise.all(
      Array.from({ length: 6 }, () => operatorSignInLink(s.db, s.demo.vendors.pfg, email, { publicUrl: 'http://localhost:3000', ensureRole: 'admin' })),
    );
    for (const link of links) expect(link.ok, JSON.stringify(link)).toBe(true);
    const people = await s.db.selectFrom('vendorUsers').select(['id', 'role']).where('email', '=', email).execute();
    expect(people).toEqual([{ id: expect.any(String), role: 'admin' }]);
  });

  it('the last admin can be neither demoted nor removed', async () => {
    const demote = await call('updateVendorUser', 'PATCH', `/users/${admin.userId}`, admin.headers, { role: 'ar' });
    expect(demote.status).toBe(409);
    expect(demote.body.errorCode).toBe('last_admin');
    expect((await call('removeVendorUser', 'DELETE', `/users/${admin.userId}`, admin.headers)).body.errorCode).toBe('last_admin');
    expect((await call('getConsoleSession', 'GET', '/session', admin.headers)).body.user.role).toBe('admin');
  });

  it('the CLI lists the team and refuses a role it does not know', async () => {
    const lines: string[] = [];
    await vendorCli(s.db, ['users', 'list', '--vendor', s.demo.vendors.pfg], (line) => lines.push(line));
    expect(lines.join('\n')).toContain('dana@pfgcarolina.example  admin');
    await expect(vendorCli(s.db, ['users', 'invite', '--vendor', s.demo.vendors.pfg, '--email', 'x@y.example', '--role', 'owner'], () => undefined)).rejects.toThrow(/--role must be admin, ar or viewer/);
    const invited: string[] = [];
    await vendorCli(s.db, ['users', 'invite', '--vendor', s.demo.vendors.pfg, '--email', 'cli@pfgcarolina.example', '--role', 'viewer'], (line) => invited.push(line), 'https://portal.example');
    expect(invited.join('\n')).toMatch(/https:\/\/portal\.example\/console\/sign-in#[A-Za-z0-9_-]{43}/);
    // a fresh link for a person on the team signs them in; for an address that is not, a clear refusal
    const linked: string[] = [];
    await vendorCli(s.db, ['users', 'link', '--vendor', s.demo.vendors.pfg, '--email', 'CLI@pfgcarolina.example'], (line) => linked.push(line), s.config.publicUrl);
    const token = tokenIn(linked.join('\n'))!;
    expect((await call('createConsoleSession', 'POST', '/session', {}, { token })).body.user).toMatchObject({ email: 'cli@pfgcarolina.example', role: 'viewer' });
    await expect(vendorCli(s.db, ['users', 'link', '--vendor', s.demo.vendors.pfg, '--email', 'stranger@x.example'], () => undefined)).rejects.toThrow(/stranger@x\.example is not on the team/);
  });
});
