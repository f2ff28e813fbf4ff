// @vitest-environment happy-dom
/**
 * The first screen's data inline in a token page's HTML (core/api/bootstrap.ts, server/http/bootstrap.ts): the API
 * client answers each inlined GET once from it instead of the network — only on the page it was made for and only for
 * that page's token; everything else (a second load, another token, another page, a POST) goes to the server.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapForTests } from '../../../core/api/bootstrap';
import { setAuthToken } from '../../../core/api/client';
import { fetchLocations, fetchVendors } from '../../../machines/load/load.actors';
import { fetchAnnouncements } from '../../../machines/announcements/announcements.actors';
import { createSession } from '../../../src/app/session';

const V = '11111111-1111-4111-8111-111111111111';
const L = '22222222-2222-4222-8222-222222222222';
const PAGE = `/vendors/${V}/locations/${L}`;
const inlineVendors = { vendors: [{ id: V, name: 'Inline Vendor', displayName: 'Inline Vendor' }] };
const networkVendors = { vendors: [{ id: V, name: 'Network Vendor', displayName: 'Network Vendor' }] };

const calls: string[] = [];
const server = setupServer(
  http.get('*/api/vendors', () => (calls.push('GET /vendors'), HttpResponse.json(networkVendors))),
  http.get('*/api/vendors/:vendorId/locations', () => (calls.push('GET locations'), HttpResponse.json({ locations: [] }))),
  http.get('*/api/announcements', () => (calls.push('GET /announcements'), HttpResponse.json({ announcements: [] }))),
  http.get('*/api/vendors/:vendorId/announcements', () => (calls.push('GET vendor announcements'), HttpResponse.json({ announcements: [] }))),
  http.get('*/static/announcements.json', () => (calls.push('GET public file'), HttpResponse.json({ announcements: [] }))),
);

function renderPage(token: string, data: object, path = `/token/${token}${PAGE}`) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="pp-bootstrap">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  resetBootstrapForTests();
}

const signal = () => new AbortController().signal;
const bootstrap = {
  page: PAGE,
  api: {
    '/vendors': inlineVendors,
    [`/vendors/${V}/locations`]: { locations: [{ id: L, displayName: 'Inline </script> Location' }] },
    '/announcements': { announcements: [{ id: 'g1', type: 'info', message: 'Inline global', expirationDate: null }] },
  },
  files: { '/static/announcements.json': { announcements: [{ id: 'p1', type: 'info', message: 'Inline public', expirationDate: null }] } },
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  setAuthToken(null);
  document.body.innerHTML = '';
  resetBootstrapForTests();
});
afterAll(() => server.close());

describe('first-screen data inline in the page', () => {
  it('answers the first load of each inlined call without the network, and the next one from the server', async () => {
    renderPage('tok-a', bootstrap);
    setAuthToken('tok-a');
    await expect(fetchVendors(undefined, signal())).resolves.toEqual(inlineVendors.vendors);
    const locations = await fetchLocations({ vendorId: V }, signal());
    expect(locations[L].displayName).toBe('Inline </script> Location');
    expect(calls).toEqual([]);
    expect(document.getElementById('pp-bootstrap')).toBeNull();
    await expect(fetchVendors(undefined, signal())).resolves.toEqual(networkVendors.vendors);
    expect(calls).toEqual(['GET /vendors']);
  });

  it('feeds the announcements from the inline API answers and public file, and fetches what is not inline', async () => {
    renderPage('tok-a', bootstrap);
    setAuthToken('tok-a');
    const list = await fetchAnnouncements({ authenticated: true, vendorId: V }, signal());
    expect(list.map((a) => a.id).sort()).toEqual(['g1', 'p1']);
    expect(calls).toEqual(['GET vendor announcements']);
  });

  it('is ignored for another token than the page’s', async () => {
    renderPage('tok-a', bootstrap);
    setAuthToken('tok-b');
    await expect(fetchVendors(undefined, signal())).resolves.toEqual(networkVendors.vendors);
    expect(calls).toEqual(['GET /vendors']);
  });

  it('is ignored once the browser is on another page than the one it was made for', async () => {
    renderPage('tok-a', bootstrap, `/token/tok-a/vendors/${V}/locations/${L}/click2pay`);
    setAuthToken('tok-a');
    await expect(fetchVendors(undefined, signal())).resolves.toEqual(networkVendors.vendors);
    expect(calls).toEqual(['GET /vendors']);
  });

  it('without the element, or with broken data, every call goes to the server', async () => {
    window.history.replaceState(null, '', `/token/tok-a${PAGE}`);
    resetBootstrapForTests();
    setAuthToken('tok-a');
    await fetchVendors(undefined, signal());
    document.body.innerHTML = '<script type="application/json" id="pp-bootstrap">{not json</script>';
    resetBootstrapForTests();
    await fetchVendors(undefined, signal());
    expect(calls).toEqual(['GET /vendors', 'GET /vendors']);
  });

  it("starts the session's vendors and locations loaded with the inline data (first render has them), a refresh loads again", async () => {
    renderPage('tok-a', bootstrap);
    setAuthToken('tok-a');
    const session = createSession('tok-a');
    try {
      expect(session.vendors().getSnapshot().value).toBe('loaded');
      expect(session.vendors().getSnapshot().context.data).toEqual(inlineVendors.vendors);
      expect(session.locations(V).getSnapshot().value).toBe('loaded');
      expect(Object.keys(session.locations(V).getSnapshot().context.data ?? {})).toEqual([L]);
      expect(session.locations('33333333-3333-4333-8333-333333333333').getSnapshot().value).toBe('loading');
      expect(calls).toEqual([]);
      session.vendors().send({ type: 'load.refresh' });
      await vi.waitFor(() => expect(session.vendors().getSnapshot().context.data).toEqual(networkVendors.vendors));
      expect(calls).toContain('GET /vendors');
    } finally {
      session.stop();
    }
  });

  it('a session of another token than the page’s loads as usual', async () => {
    renderPage('tok-a', bootstrap);
    setAuthToken('tok-b');
    const session = createSession('tok-b');
    try {
      expect(session.vendors().getSnapshot().value).toBe('loading');
      await vi.waitFor(() => expect(session.vendors().getSnapshot().value).toBe('loaded'));
      expect(session.vendors().getSnapshot().context.data).toEqual(networkVendors.vendors);
    } finally {
      session.stop();
    }
  });
});
