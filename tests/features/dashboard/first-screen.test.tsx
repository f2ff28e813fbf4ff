// @vitest-environment happy-dom
/**
 * The dashboard's first screen rendered for the HTML (src/first-screen.tsx) is the app's own dashboard: the real app
 * (router, token guard, machines) is rendered on the same API answers, and once its tiles are there the shell it shows
 * is the same markup as the first screen. Then what the server paints and what replaces it cannot drift apart.
 */
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetBootstrapForTests } from '../../../core/api/bootstrap';
import { routes } from '../../../src/app/router';
import { renderDashboardFirstScreen } from '../../../src/first-screen';
import { ids, location, token, vendor } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

const V = ids.coastal;
const L = ids.blueHeron;
const base = `/vendors/${V}/locations/${L}`;
const path = `/token/${token}${base}`;

function answers({ autopay = false, plans = false, unread = 0, locations = 2 }: { autopay?: boolean; plans?: boolean; unread?: number; locations?: number } = {}) {
  const here = { ...location(L, V, 'Blue Heron Grill'), hasUnreadMessages: unread > 0 };
  const all = [here, location(ids.harbor, V, 'Harbor Kitchen', '9 Harbor Way')].slice(0, locations);
  return {
    '/vendors': { vendors: [vendor(V, 'Coastal Produce Co.')] },
    [`/vendors/${V}/locations`]: { locations: all },
    '/announcements': { announcements: [{ id: 'g1', type: 'info', message: 'Scheduled maintenance on Sunday night.', expirationDate: null }] },
    [`/vendors/${V}/announcements`]: {
      announcements: [
        { id: 'v1', type: 'error', message: 'Card payments are delayed today.', expirationDate: null },
        { id: 'old', type: 'info', message: 'This one expired long ago.', expirationDate: '2001-01-01' },
      ],
    },
    [`${base}/autopay`]: { autoPay: autopay ? { id: 'ap1' } : null },
    [`${base}/paymentplans`]: { paymentPlans: plans ? [{ id: 'p1' }] : [] },
    [`${base}/messages?contactNotRead=true`]: { messages: Array.from({ length: unread }, (_, i) => ({ id: `m${i}` })) },
  } as Record<string, unknown>;
}
const PUBLIC = { announcements: [{ id: 'pub', type: 'info', message: 'Public notice for every customer.', expirationDate: null }] };

let current = answers();
const server = setupServer(
  http.get('*/api/*', ({ request }) => {
    const url = new URL(request.url);
    const key = url.pathname.slice('/api'.length) + url.search;
    return key in current ? HttpResponse.json(current[key] as object) : HttpResponse.json({ errorCode: 'not_found', message: 'x' }, { status: 404 });
  }),
  http.post('*/api/*', () => new HttpResponse(null, { status: 204 })),
  http.get('*/static/announcements.json', () => HttpResponse.json(PUBLIC)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  resetBootstrapForTests();
});
afterAll(() => server.close());

/**
 * The element as markup with its attributes in name order (an element React updated in place lists an attribute it
 * gained later last — the same element, the same paint, another order), without the attributes only a live page has,
 * style spacing, or React's empty text separators.
 */
function normalise(element: Element): string {
  const attributes = [...element.attributes]
    .filter((a) => a.name !== 'data-discover' && !(a.name === 'style' && !a.value.trim()))
    .map((a) => [a.name, a.name === 'style' ? a.value.replace(/\s+/g, '').replace(/;$/, '') : a.value] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  const children = [...element.childNodes]
    .map((node) => (node instanceof Element ? normalise(node) : node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;') : ''))
    .join('');
  const tag = element.tagName.toLowerCase();
  return `<${tag}${attributes}>${children}</${tag}>`;
}

/** The two markups from where they first differ (a readable failure instead of two whole pages). */
function difference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i === a.length && i === b.length ? '' : `app:   …${a.slice(Math.max(0, i - 80), i + 160)}\nfirst: …${b.slice(Math.max(0, i - 80), i + 160)}`;
}

/** Waits until the app's shell is the first screen's markup; fails with both markups from where they differ. */
async function sameMarkup(app: HTMLElement, painted: HTMLElement) {
  await waitFor(() => {
    const diff = difference(normalise(app), normalise(painted));
    if (diff) throw new Error(`the app's screen is not the first screen's markup:\n${diff}`);
  });
}

function firstScreen(options?: Parameters<typeof answers>[0]): HTMLElement {
  current = answers(options);
  const html = renderDashboardFirstScreen({ path, token, vendorId: V, locationId: L, api: current, files: { '/static/announcements.json': PUBLIC } });
  expect(html).not.toBeNull();
  const holder = document.createElement('div');
  holder.innerHTML = html!;
  return holder.firstElementChild as HTMLElement;
}

async function appShell(): Promise<HTMLElement> {
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { container } = render(<RouterProvider router={router} />);
  await screen.findByRole('region', { name: /TOOLS/ }).catch(() => screen.findByRole('heading', { name: 'TOOLS' }));
  await waitFor(() => expect(container.querySelector('[data-settled]')).not.toBeNull());
  await waitFor(() => expect(container.textContent).toContain('Card payments are delayed today.'));
  const shell = container.querySelector('div.min-h_100vh');
  expect(shell).not.toBeNull();
  return shell as HTMLElement;
}

describe("the dashboard's first screen", () => {
  it('is the markup the app renders once the same answers are in: header, banners, bar, title, tiles, footer', async () => {
    const painted = firstScreen();
    expect(painted.textContent).toContain('Dashboard for Blue Heron Grill');
    const app = await appShell();
    await sameMarkup(app, painted);
  });

  it('with AutoPay on, payment plans and unread messages: the same tiles and badge as the app', async () => {
    const painted = firstScreen({ autopay: true, plans: true, unread: 3, locations: 1 });
    expect(painted.querySelector('[data-active]')?.textContent).toContain('AUTOPAY ON');
    expect(painted.textContent).toContain('PAYMENT PLANS');
    expect(painted.querySelector('[data-testid="tile-badge"]')?.textContent).toContain('3');
    expect(painted.textContent).not.toContain('Change Location');
    const app = await appShell();
    await sameMarkup(app, painted);
  });

  it('shows the banners the app shows: errors first, expired ones left out; links go to the pages of this token', () => {
    const painted = firstScreen();
    const banners = [...painted.querySelectorAll('section[aria-label] li p')].map((p) => p.textContent);
    expect(banners).toEqual(['Card payments are delayed today.', 'Scheduled maintenance on Sunday night.', 'Public notice for every customer.']);
    const pay = [...painted.querySelectorAll('a')].find((a) => a.textContent === 'PAY');
    expect(pay?.getAttribute('href')).toBe(`${path}/click2pay`);
  });

  it('is not rendered when the location is not among the answers (outside the token’s scope) or an answer is missing', () => {
    const api = answers();
    expect(renderDashboardFirstScreen({ path, token, vendorId: V, locationId: ids.airport, api, files: {} })).toBeNull();
    const { [`${base}/autopay`]: _autopay, ...withoutAutopay } = api;
    expect(renderDashboardFirstScreen({ path, token, vendorId: V, locationId: L, api: withoutAutopay, files: {} })).toBeNull();
  });
});
