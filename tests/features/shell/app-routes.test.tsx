// @vitest-environment happy-dom
/**
 * The SPA shell against the API (MSW on the contract's paths): routing rules, token guard,
 * choosers with their auto-forward rules, dashboard tiles, unauthorised handling, analytics.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../src/app/router';
import { setAuthToken } from '../../../core/api/client';
import { ids, location, token, vendor } from './fixtures';

type Vendor = ReturnType<typeof vendor>;
type Location = ReturnType<typeof location>;

const world = {
  vendors: [] as Vendor[],
  locations: {} as Record<string, Location[]>,
  autopay: null as unknown,
  plans: [] as unknown[],
  unauthorized: null as null | { status: number; errorCode?: string },
  requests: [] as { method: string; path: string; auth: string | null; cache?: RequestCache }[],
};

const server = setupServer(
  http.all('*', ({ request }) => {
    const url = new URL(request.url);
    world.requests.push({ method: request.method, path: url.pathname, auth: request.headers.get('Authorization') });
    return undefined;
  }),
  http.get('*/static/announcements.json', () => HttpResponse.json({ announcements: [{ id: 'public-1', type: 'info', message: 'Statements now arrive on the 1st.' }] })),
  http.get('*/api/announcements', () => HttpResponse.json({ announcements: [] })),
  http.get('*/api/vendors/:vendorId/announcements', () => HttpResponse.json({ announcements: [] })),
  http.get('*/api/vendors', () => {
    if (world.unauthorized) {
      const { status, errorCode } = world.unauthorized;
      return errorCode ? HttpResponse.json({ errorCode, message: 'no' }, { status }) : new HttpResponse(null, { status });
    }
    return HttpResponse.json({ vendors: world.vendors });
  }),
  http.get('*/api/vendors/:vendorId/locations', ({ params }) => {
    const list = world.locations[String(params.vendorId)];
    return list ? HttpResponse.json({ locations: list }) : HttpResponse.json({ errorCode: 'not_found', message: 'Not found' }, { status: 404 });
  }),
  http.post('*/api/vendors/:vendorId/locations/:locationId/visits', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/vendors/:vendorId/locations/:locationId/autopay', () => HttpResponse.json({ autoPay: world.autopay })),
  http.get('*/api/vendors/:vendorId/locations/:locationId/paymentplans', () => HttpResponse.json({ paymentPlans: world.plans })),
  http.get('*/api/tokens/current', () => HttpResponse.json({ id: '', type: 'login', status: 'active', vendorId: '', locationId: '' })),
);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const tokenBase = `/token/${token}`;
const base = (v: string, l: string) => `${tokenBase}/vendors/${v}/locations/${l}`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  world.vendors = [vendor(ids.coastal, 'coastal Produce Co.'), vendor(ids.acme, 'Acme Foodservice'), vendor(ids.zenith, 'Zenith Dairy')];
  world.locations = {
    [ids.coastal]: [location(ids.blueHeron, ids.coastal, 'Blue Heron Grill')],
    [ids.acme]: [location(ids.harbor, ids.acme, 'Harbor Kitchen'), location(ids.airport, ids.acme, 'Airport Cafe', '1 Terminal Rd')],
    [ids.zenith]: [],
  };
  world.autopay = null;
  world.plans = [];
  world.unauthorized = null;
  world.requests = [];
  sessionStorage.clear();
  localStorage.clear();
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  setAuthToken(null);
  delete window.__analytics;
});
afterAll(() => server.close());

describe('routing rules', () => {
  it('redirects a non-UUID vendor or location id to /404', async () => {
    const router = renderAt(`${tokenBase}/vendors/not-a-uuid/locations`);
    expect(await screen.findByText('We couldn’t find this page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('shows the not-found page for an unknown path, and for an unknown page under a location', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('We couldn’t find this page')).toBeInTheDocument();
    cleanup();
    // (.../remit is a real page now: it was the example used here before)
    renderAt(`${base(ids.coastal, ids.blueHeron)}/no-such-page`);
    expect(await screen.findByText('We couldn’t find this page')).toBeInTheDocument();
  });

  it('scrolls to the top and reports a page view (token redacted) on each navigation', async () => {
    const pageView = vi.fn();
    window.__analytics = { pageView };
    const router = renderAt(`${tokenBase}/vendors`);
    await screen.findByRole('heading', { name: 'Choose a Vendor' });
    expect(pageView).toHaveBeenCalledWith('/token/:token/vendors', expect.anything());
    const scrolls = vi.mocked(window.scrollTo).mock.calls.length;
    await act(() => router.navigate(`${tokenBase}/vendors/${ids.acme}/locations`));
    await screen.findByRole('heading', { name: 'Choose a Location' });
    expect(pageView).toHaveBeenLastCalledWith(`/token/:token/vendors/${ids.acme}/locations`, expect.anything());
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(scrolls);
    expect(JSON.stringify(pageView.mock.calls)).not.toContain(token);
  });

  it('keeps the session navigation history and clears it on the location base', async () => {
    const router = renderAt(`${tokenBase}/vendors`);
    await screen.findByRole('heading', { name: 'Choose a Vendor' });
    await act(() => router.navigate(`${tokenBase}/vendors/${ids.acme}/locations`));
    await screen.findByRole('heading', { name: 'Choose a Location' });
    let history = JSON.parse(sessionStorage.getItem('navigation.history') ?? '{}');
    expect(history.visited).toEqual([`${tokenBase}/vendors`, `${tokenBase}/vendors/${ids.acme}/locations`]);
    expect(history.from).toBe(`${tokenBase}/vendors`);
    await act(() => router.navigate(base(ids.acme, ids.harbor)));
    await screen.findByText('Dashboard for');
    history = JSON.parse(sessionStorage.getItem('navigation.history') ?? '{}');
    expect(history.visited).toEqual([base(ids.acme, ids.harbor)]);
  });
});

describe('token guard and API calls', () => {
  it('sends the token of the path as ContactAccess on every call', async () => {
    renderAt(`${tokenBase}/vendors`);
    await screen.findByRole('heading', { name: 'Choose a Vendor' });
    const apiCalls = world.requests.filter((r) => r.path.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((r) => r.auth === `ContactAccess ${token}`)).toBe(true);
  });

  it('on a 401: clears session storage and the persisted state, then shows the error page with the code', async () => {
    world.unauthorized = { status: 401, errorCode: 'expired' };
    sessionStorage.setItem('announcements.dismissed', 'x');
    localStorage.setItem('performancepay.persisted', JSON.stringify({ version: 1, lastPaymentMethodId: 'pm-1' }));
    const router = renderAt(`${tokenBase}/vendors`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${tokenBase}/error/expired`));
    expect(sessionStorage.getItem('announcements.dismissed')).toBeNull();
    expect(localStorage.getItem('performancepay.persisted')).toBeNull();
  });

  it("on a 403 without a code: redirects to /error/invalid", async () => {
    world.unauthorized = { status: 403 };
    const router = renderAt(`${tokenBase}/vendors`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${tokenBase}/error/invalid`));
  });
});

describe('vendor and location choosers', () => {
  it('lists vendors as cards sorted by name ignoring case, and opens the chosen vendor', async () => {
    const router = renderAt(`${tokenBase}/vendors`);
    await screen.findByRole('heading', { level: 1, name: 'Choose a Vendor' });
    // the title shows while the list loads (a spinner below it): wait for the cards themselves
    const main = screen.getByRole('main');
    const cards = await within(main).findAllByRole('button');
    expect(cards.map((c) => c.textContent)).toEqual(['AFAcme Foodservice', 'CPcoastal Produce Co.', 'ZDZenith Dairy']);
    expect(within(cards[0]).getByRole('img', { name: 'Acme Foodservice logo' })).toBeInTheDocument();
    await userEvent.click(cards[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${tokenBase}/vendors/${ids.acme}/locations`));
  });

  it('with one vendor and one location goes straight to the dashboard', async () => {
    world.vendors = [vendor(ids.coastal, 'Coastal Produce Co.')];
    const router = renderAt(`${tokenBase}/vendors`);
    expect(await screen.findByText('Blue Heron Grill', { selector: 'h1 span' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(base(ids.coastal, ids.blueHeron));
    // Auto-forward replaces the chooser entries: going back leaves the app's first entry.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists locations by display name with addresses, with the change-location bar only with more than one vendor', async () => {
    const router = renderAt(`${tokenBase}/vendors/${ids.acme}/locations`);
    await screen.findByRole('heading', { name: 'Choose a Location' });
    const rows = await within(screen.getByRole('main')).findAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual(['Airport Cafe1 Terminal Rd, Charleston, SC 29401', 'Harbor Kitchen214 East Bay St, Charleston, SC 29401']);
    expect(screen.getByRole('navigation', { name: 'Change Vendor' })).toBeInTheDocument();
    await userEvent.click(rows[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe(base(ids.acme, ids.harbor)));
  });

  it('has no change-location bar on the location list with a single vendor', async () => {
    world.vendors = [vendor(ids.acme, 'Acme Foodservice')];
    renderAt(`${tokenBase}/vendors/${ids.acme}/locations`);
    await screen.findByRole('heading', { name: 'Choose a Location' });
    expect(screen.queryByRole('navigation', { name: 'Change Vendor' })).toBeNull();
  });

  it('with exactly one location goes there automatically', async () => {
    const router = renderAt(`${tokenBase}/vendors/${ids.coastal}/locations`);
    await waitFor(() => expect(router.state.location.pathname).toBe(base(ids.coastal, ids.blueHeron)));
  });

  it('loads vendors once per session while moving between pages', async () => {
    const router = renderAt(`${tokenBase}/vendors`);
    await screen.findByRole('heading', { name: 'Choose a Vendor' });
    await act(() => router.navigate(`${tokenBase}/vendors/${ids.acme}/locations`));
    await screen.findByRole('heading', { name: 'Choose a Location' });
    await act(() => router.navigate(base(ids.acme, ids.harbor)));
    await screen.findByText('Dashboard for');
    await act(() => router.navigate(`${tokenBase}/vendors`));
    await screen.findByRole('heading', { name: 'Choose a Vendor' });
    expect(world.requests.filter((r) => r.method === 'GET' && r.path === '/api/vendors')).toHaveLength(1);
    expect(world.requests.filter((r) => r.path === `/api/vendors/${ids.acme}/locations`)).toHaveLength(1);
  });
});

describe('dashboard', () => {
  it('records one visit, shows the branded header and the TOOLS and REPORTS tiles', async () => {
    renderAt(base(ids.acme, ids.harbor));
    const tools = await screen.findByRole('region', { name: 'TOOLS' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard for Harbor Kitchen');
    const banner = screen.getAllByRole('banner')[0];
    expect(within(banner).getByText('Acme Foodservice')).toBeInTheDocument();
    expect(within(banner).getByRole('img', { name: 'Acme Foodservice logo' })).toBeInTheDocument();
    expect(within(banner).getByText('214 East Bay St, Charleston, SC 29401')).toBeInTheDocument();
    const b = base(ids.acme, ids.harbor);
    expect(within(tools).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['PAY', `${b}/click2pay`], ['AUTOPAY', `${b}/autopay`], ['MESSAGES', `${b}/messages`],
      ['REMIT FORM', `${b}/remit`], ['REMINDERS', `${b}/reminders`], ['STATEMENTS', `${b}/statement`],
    ]);
    const reports = screen.getByRole('region', { name: 'REPORTS' });
    expect(within(reports).getAllByRole('link').map((a) => a.textContent)).toEqual(['INVOICES', 'PAYMENTS']);
    expect(world.requests.filter((r) => r.method === 'POST' && r.path === `/api/vendors/${ids.acme}/locations/${ids.harbor}/visits`)).toHaveLength(1);
    // Two locations at this vendor: the change-location bar leads to the location list.
    expect(within(screen.getByRole('navigation', { name: 'Change Location' })).getByRole('link')).toHaveAttribute('href', `${tokenBase}/vendors/${ids.acme}/locations`);
  });

  it('reads AUTOPAY ON (to autopaymanage) with an active AutoPay and shows PAYMENT PLANS with plans', async () => {
    const { modelAutopay, modelPlan } = await import('../../../machines/dashboard/dashboard.model');
    world.autopay = modelAutopay;
    world.plans = [modelPlan];
    renderAt(base(ids.acme, ids.harbor));
    const on = await screen.findByRole('link', { name: 'AUTOPAY ON' });
    expect(on).toHaveAttribute('href', `${base(ids.acme, ids.harbor)}/autopaymanage`);
    expect(screen.getByRole('link', { name: 'PAYMENT PLANS' })).toHaveAttribute('href', `${base(ids.acme, ids.harbor)}/plans`);
  });

  it('treats failing AutoPay and plan loads as none', async () => {
    server.use(
      http.get('*/api/vendors/:vendorId/locations/:locationId/autopay', () => HttpResponse.json({ errorCode: 'not_implemented', message: 'later' }, { status: 501 })),
      http.get('*/api/vendors/:vendorId/locations/:locationId/paymentplans', () => HttpResponse.json({ errorCode: 'not_implemented', message: 'later' }, { status: 501 })),
    );
    renderAt(base(ids.acme, ids.harbor));
    expect(await screen.findByRole('link', { name: 'AUTOPAY' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PAYMENT PLANS' })).toBeNull();
  });

  it('shows no change-location bar with one vendor and one location', async () => {
    world.vendors = [vendor(ids.coastal, 'Coastal Produce Co.')];
    renderAt(base(ids.coastal, ids.blueHeron));
    await screen.findByRole('region', { name: 'TOOLS' });
    expect(screen.queryByRole('navigation', { name: 'Change Location' })).toBeNull();
  });

  it('sends a location outside the contact’s scope to /404', async () => {
    const router = renderAt(base(ids.acme, ids.blueHeron));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe('placeholders', () => {
  it('profile and talk-to-us render under the location header', async () => {
    renderAt(`${base(ids.acme, ids.harbor)}/profile`);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    cleanup();
    renderAt(`${base(ids.acme, ids.harbor)}/talktous`);
    expect(await screen.findByRole('heading', { name: 'Talk to Us' })).toBeInTheDocument();
  });
});

describe('announcements', () => {
  it('on the landing page uses only the public file (no token, no API call)', async () => {
    renderAt('/');
    expect(await screen.findByText('Statements now arrive on the 1st.')).toBeInTheDocument();
    expect(world.requests.some((r) => r.path === '/api/announcements')).toBe(false);
  });

  it('under a token loads global and vendor announcements too, and remembers a dismissal for the session', async () => {
    server.use(
      http.get('*/api/announcements', () => HttpResponse.json({ announcements: [{ id: 'g-err', type: 'error', message: 'Card payments are delayed today.' }] })),
      http.get('*/api/vendors/:vendorId/announcements', () => HttpResponse.json({ announcements: [{ id: 'v-info', type: 'info', message: 'Acme closes early on Friday.' }] })),
    );
    renderAt(base(ids.acme, ids.harbor));
    const region = await screen.findByRole('region', { name: 'Announcements' });
    await within(region).findByText('Acme closes early on Friday.');
    expect(within(region).getByText('Card payments are delayed today.')).toBeInTheDocument();
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('data-tone', 'error');
    expect(within(items[0]).queryByRole('button', { name: 'Dismiss announcement' })).toBeNull();
    const info = items.find((li) => li.textContent?.includes('Acme closes early'))!;
    await userEvent.click(within(info).getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByText('Acme closes early on Friday.')).toBeNull();
    expect(sessionStorage.getItem('announcements.dismissed')?.split(' ')).toContain('v-info');
  });
});
