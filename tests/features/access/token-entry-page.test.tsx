// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: under happy-dom 21 its worker exits unexpectedly when another file ran in it first.)
/** Token entry against the contract's `GET /tokens/current`, served by MSW (the real client and actor run). */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../core/api/schema';
import { errorPageTexts, tokenEntryTexts } from '../../../src/features/access/texts';

type TokenInfo = components['schemas']['TokenInfo'];

const TOKEN = 'c3VwZXItc2VjcmV0LWxpbmstdG9rZW4tZm9yLXRlc3Rpbmc';
const VENDOR = '3a8f7c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b';
const LOCATION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const REQUEST = '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

const authorizations: Array<string | null> = [];
const server = setupServer();
let TokenEntryPage: ComponentType;
let ErrorPage: ComponentType;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Imported after MSW patched fetch: the API client keeps the fetch it sees when created.
  TokenEntryPage = (await import('../../../src/features/access/token-entry-page')).default;
  ErrorPage = (await import('../../../src/features/access/error-page')).default;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  authorizations.length = 0;
});
afterAll(() => server.close());

function tokenInfo(status: number, body: TokenInfo | { errorCode: string; message: string }) {
  server.use(
    http.get('*/api/tokens/current', ({ request }) => {
      authorizations.push(request.headers.get('Authorization'));
      return HttpResponse.json(body, { status });
    }),
  );
}

function Landed() {
  const { pathname } = useLocation();
  return <p>Landed on {pathname}</p>;
}

function renderAt(path: string) {
  // StrictMode as in src/main.tsx: the machine is started, stopped and restarted on mount.
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<h1>Landing</h1>} />
          {['', '/c2p', '/ap', '/pp'].map((suffix) => (
            <Route key={suffix} path={`/token/:token${suffix}`} element={<TokenEntryPage />} />
          ))}
          <Route path="/token/:token/error/:error?" element={<ErrorPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

const locationBase = `/token/${TOKEN}/vendors/${VENDOR}/locations/${LOCATION}`;

describe('token entry', () => {
  it.each(['', '/c2p', '/ap', '/pp'])('token base%s: resolves the token with its own credentials and redirects by type', async (suffix) => {
    tokenInfo(200, { id: REQUEST, type: 'autopay', status: 'active', vendorId: VENDOR, locationId: LOCATION });
    renderAt(`/token/${TOKEN}${suffix}`);
    expect(screen.getByRole('status')).toHaveTextContent(tokenEntryTexts.resolving);
    expect(await screen.findByText(`Landed on ${locationBase}/autopay/${REQUEST}`)).toBeVisible();
    expect(authorizations).toEqual([`ContactAccess ${TOKEN}`]);
  });

  it('a login link goes to the vendor chooser', async () => {
    tokenInfo(200, { id: '', type: 'login', status: 'active', vendorId: '', locationId: '' });
    renderAt(`/token/${TOKEN}`);
    expect(await screen.findByText(`Landed on /token/${TOKEN}/vendors`)).toBeVisible();
  });

  it('a payment-plan link goes to its plan request', async () => {
    tokenInfo(200, { id: REQUEST, type: 'paymentplan', status: 'active', vendorId: VENDOR, locationId: LOCATION });
    renderAt(`/token/${TOKEN}/pp`);
    expect(await screen.findByText(`Landed on ${locationBase}/planrequests/${REQUEST}`)).toBeVisible();
  });

  it('an expired link lands on "This link expired." with a button back to the landing page', async () => {
    tokenInfo(401, { errorCode: 'expired', message: 'This link expired' });
    renderAt(`/token/${TOKEN}/c2p`);
    expect(await screen.findByRole('heading', { name: errorPageTexts.expired.title })).toBeVisible();
    expect(screen.getByText(errorPageTexts.expired.explanation)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('link', { name: errorPageTexts.expired.button }));
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeVisible();
  });

  it('a canceled link lands on "This request was canceled."', async () => {
    tokenInfo(401, { errorCode: 'canceled', message: 'canceled' });
    renderAt(`/token/${TOKEN}/ap`);
    expect(await screen.findByRole('heading', { name: errorPageTexts.canceled.title })).toBeVisible();
  });

  it('a server failure lands on the error page without a code: "This link is invalid."', async () => {
    tokenInfo(500, { errorCode: 'internal', message: 'boom' });
    renderAt(`/token/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: errorPageTexts.invalid.title })).toBeVisible();
    expect(screen.getByRole('link', { name: errorPageTexts.invalid.button })).toHaveAttribute('href', '/');
  });

  it('a busy server (503, as a shed request is answered) is asked again, and the link opens; meanwhile the page says it is opening it', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/tokens/current', () =>
        ++calls === 1
          ? HttpResponse.json({ errorCode: 'unavailable', message: 'busy' }, { status: 503, headers: { 'retry-after': '1' } })
          : HttpResponse.json({ id: REQUEST, type: 'click2pay', status: 'active', vendorId: VENDOR, locationId: LOCATION })),
    );
    renderAt(`/token/${TOKEN}`);
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.getByRole('status')).toHaveTextContent(tokenEntryTexts.resolving);
    // the retry waits a second (TOKEN_INFO_RETRY_MS): wait for the page, not the clock
    expect(await screen.findByText(`Landed on ${locationBase}/click2pay`, undefined, { timeout: 5000 })).toBeVisible();
    expect(calls).toBe(2);
    expect(screen.queryByRole('heading', { name: errorPageTexts.invalid.title })).toBeNull();
  });
});
