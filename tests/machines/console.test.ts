/**
 * The console's charts with their real actors over a fake network (global fetch): what each call sends, how each
 * answer of the vendor API is read (the errorCode picks the text), and that a sign-in link is traded once per page
 * even when the chart starts twice (React's StrictMode does in development).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { consoleSessionMachine } from '../../machines/console-session/console-session.machine';
import { consoleSignInMachine } from '../../machines/console-sign-in/console-sign-in.machine';
import { consoleSessionSample } from '../../machines/console-sign-in/console-sign-in.model';
import { consoleTeamMachine } from '../../machines/console-team/console-team.machine';
import { teamSample } from '../../machines/console-team/console-team.model';

interface Answer {
  status: number;
  body?: unknown;
}
const calls: { method: string; path: string; body: unknown }[] = [];

function network(answer: (method: string, path: string) => Answer) {
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    const text = await input.text();
    calls.push({ method: input.method, path, body: text ? JSON.parse(text) : undefined });
    const { status, body } = answer(input.method, path);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? {} : { 'content-type': 'application/json' } });
  });
}
const refusal = (status: number, errorCode: string) => ({ status, body: { errorCode, message: errorCode } });

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe('console sign-in', () => {
  it('arriving with a link trades its token at once, and only once when the chart starts twice', async () => {
    network(() => ({ status: 201, body: consoleSessionSample }));
    const token = 'A'.repeat(43);
    const first = createActor(consoleSignInMachine).start();
    const second = createActor(consoleSignInMachine).start();
    first.send({ type: 'link.open', token });
    second.send({ type: 'link.open', token });
    await waitFor(first, (s) => s.matches('signedIn'));
    await waitFor(second, (s) => s.matches('signedIn'));
    expect(calls).toEqual([{ method: 'POST', path: '/vendor-api/session', body: { token } }]);
    expect(first.getSnapshot().context.session).toEqual(consoleSessionSample);
  });

  it('a used or expired link comes back to the form saying so', async () => {
    network(() => refusal(401, 'invalid_link'));
    const actor = createActor(consoleSignInMachine).start();
    actor.send({ type: 'link.open', token: 'B'.repeat(43) });
    await waitFor(actor, (s) => s.matches('form'));
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'invalid_link', token: null });
  });

  it('asks for a link with the address as typed, trimmed; refused requests keep the address and say why', async () => {
    let answer: Answer = refusal(429, 'rate_limited');
    network(() => answer);
    const actor = createActor(consoleSignInMachine).start();
    actor.send({ type: 'email.change', value: 'not an address' });
    actor.send({ type: 'link.request' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'email.change', value: '  dana@vendor.example ' });
    actor.send({ type: 'link.request' });
    await waitFor(actor, (s) => s.matches('form') && s.context.problem !== null);
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'rate_limited', email: '  dana@vendor.example ' });
    answer = { status: 202, body: { status: 'accepted' } };
    actor.send({ type: 'link.request' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls.map((c) => c.body)).toEqual([{ email: 'dana@vendor.example' }, { email: 'dana@vendor.example' }]);
  });
});

describe('console session', () => {
  it('no cookie (401) is signed out without a reason; a network failure can be retried', async () => {
    network(() => refusal(401, 'invalid'));
    const none = createActor(consoleSessionMachine).start();
    await waitFor(none, (s) => s.matches('signedOut'));
    expect(none.getSnapshot().context.reason).toBe('none');
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = createActor(consoleSessionMachine).start();
    await waitFor(offline, (s) => s.matches('unreachable'));
  });

  it('sign out everywhere calls DELETE /sessions; a sign-out that fails keeps the person signed in and says so', async () => {
    let fail = true;
    network((method) => (method === 'GET' ? { status: 200, body: consoleSessionSample } : fail ? refusal(503, 'unavailable') : { status: 204 }));
    const actor = createActor(consoleSessionMachine).start();
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.signOutEverywhere' });
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.signOutFailed);
    fail = false;
    actor.send({ type: 'session.signOutEverywhere' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.reason).toBe('signedOut');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/vendor-api/sessions', '/vendor-api/sessions']);
  });
});

describe('console team', () => {
  it('the last admin’s demotion is refused with its reason and the role stays; an address on the team already keeps the form', async () => {
    network((method, path) =>
      method === 'GET' ? { status: 200, body: { users: teamSample } } : path.startsWith('/vendor-api/users/') ? refusal(409, 'last_admin') : refusal(409, 'user_exists'),
    );
    const actor = createActor(consoleTeamMachine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'role.change', userId: teamSample[0]!.id, role: 'viewer' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toBe('last_admin');
    expect(actor.getSnapshot().context.users[0]!.role).toBe('admin');
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', path: `/vendor-api/users/${teamSample[0]!.id}`, body: { role: 'viewer' } });

    actor.send({ type: 'invite.change', field: 'email', value: 'sam@vendor.example' });
    actor.send({ type: 'invite.change', field: 'name', value: '  Sam  ' });
    actor.send({ type: 'invite.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.problem === 'user_exists');
    expect(actor.getSnapshot().context.draft).toEqual({ email: 'sam@vendor.example', name: '  Sam  ', role: 'ar' });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/vendor-api/users', body: { email: 'sam@vendor.example', name: 'Sam', role: 'ar' } });
  });

  it('choosing the role a person has already sends nothing', async () => {
    network(() => ({ status: 200, body: { users: teamSample } }));
    const actor = createActor(consoleTeamMachine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'role.change', userId: teamSample[1]!.id, role: 'ar' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
