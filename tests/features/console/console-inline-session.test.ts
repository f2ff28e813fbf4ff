// @vitest-environment happy-dom
/**
 * The console's first `GET /session` is answered from the session its HTML carries (server/http/console-page.ts), once:
 * no request for it goes out, and every later ask (after a sign-in, a passkey) goes to the server. Without the element
 * the ask goes to the server as always.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_ELEMENT_ID } from '../../../core/api/bootstrap';

const SESSION = { user: { id: 'u1', email: 'ada@vendor.example', role: 'admin' }, vendor: { displayName: 'Performance Food Group' } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = '';
});

/** The page's HTML carrying `session`, as server/http/console-page.ts writes it. */
function carrySession(session: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = CONSOLE_SESSION_ELEMENT_ID;
  element.textContent = JSON.stringify(session);
  document.body.append(element);
}

function serverAnswering(body: unknown) {
  const fetch = vi.fn(async (_request: Request) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the session the console page carries', () => {
  it('answers the first GET /session without a request, and only the first', async () => {
    carrySession(SESSION);
    const fetch = serverAnswering({ ...SESSION, user: { ...SESSION.user, email: 'from.server@vendor.example' } });
    const { vendorApi } = await import('../../../core/api/vendor-client');

    const first = await vendorApi.GET('/session');
    expect(first.data).toEqual(SESSION);
    expect(fetch).not.toHaveBeenCalled();
    // read once: the element is gone, and the next ask is the server's
    expect(document.getElementById(CONSOLE_SESSION_ELEMENT_ID)).toBeNull();
    const second = await vendorApi.GET('/session');
    expect(second.data?.user.email).toBe('from.server@vendor.example');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the page carries no session', async () => {
    const fetch = serverAnswering(SESSION);
    const { vendorApi } = await import('../../../core/api/vendor-client');
    expect((await vendorApi.GET('/session')).data).toEqual(SESSION);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers nothing else from it', async () => {
    carrySession(SESSION);
    const fetch = serverAnswering({ users: [] });
    const { vendorApi } = await import('../../../core/api/vendor-client');
    expect((await vendorApi.GET('/users')).data).toEqual({ users: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
