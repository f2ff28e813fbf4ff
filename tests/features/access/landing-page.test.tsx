// @vitest-environment happy-dom
/** The landing page against the contract's `POST /letmein`, served by MSW (the real client and actor run). */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../../core/api/schema';
import { landingTexts as t } from '../../../src/features/access/texts';

type LetMeInBody = paths['/letmein']['post']['requestBody']['content']['application/json'];
type LetMeInOk = paths['/letmein']['post']['responses'][202]['content']['application/json'];

const received: Array<{ body: LetMeInBody; authorization: string | null }> = [];
const server = setupServer();
let LandingPage: ComponentType;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Imported after MSW patched fetch: the API client keeps the fetch it sees when created.
  LandingPage = (await import('../../../src/features/access/landing-page')).default;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

function answer(status: number, body: LetMeInOk | { errorCode: string; message: string }) {
  server.use(
    http.post('*/api/letmein', async ({ request }) => {
      received.push({ body: (await request.json()) as LetMeInBody, authorization: request.headers.get('Authorization') });
      return HttpResponse.json(body, { status });
    }),
  );
}

function renderPage() {
  // StrictMode as in src/main.tsx: the machine is started, stopped and restarted on mount.
  render(
    <StrictMode>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </StrictMode>,
  );
  return { user: userEvent.setup(), input: screen.getByRole('textbox', { name: t.inputLabel }), button: screen.getByRole('button', { name: t.submit }) };
}

describe('landing page', () => {
  it('shows the headline, the copy, the form and the footer with the current year', () => {
    const { input, button } = renderPage();
    const headings = screen.getAllByRole('heading');
    expect(headings.map((h) => [h.tagName, h.textContent])).toEqual([
      ['H1', t.headline],
      ['H2', t.formTitle],
    ]);
    expect(screen.getByText(t.subheadline)).toBeVisible();
    expect(screen.getByText(t.copy)).toBeVisible();
    expect(screen.getByText(t.explanation)).toBeVisible();
    expect(input).toHaveAttribute('placeholder', t.inputPlaceholder);
    expect(input).toHaveValue('');
    expect(button).toBeDisabled();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(/powered by/i);
    expect(footer).toHaveTextContent(`© ${Temporal.Now.plainDateISO().year}`);
  });

  it('requests a link without credentials, shows "Access Requested" and resets the form', async () => {
    answer(202, { status: 'accepted' });
    const { user, input, button } = renderPage();
    await user.type(input, '  demo@example.com ');
    expect(button).toBeEnabled();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: t.modalTitle });
    expect(within(dialog).getByText(t.modalBody)).toBeVisible();
    expect(received).toEqual([{ body: { contact: 'demo@example.com' }, authorization: null }]);
    expect(screen.getByPlaceholderText(t.inputPlaceholder)).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: t.modalClose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: t.submit })).toBeDisabled();
  });

  it('accepts a mobile number', async () => {
    answer(202, { status: 'accepted' });
    const { user, input, button } = renderPage();
    await user.type(input, '(555) 010-2030');
    await user.click(button);
    await screen.findByRole('dialog', { name: t.modalTitle });
    expect(received.map((r) => r.body)).toEqual([{ contact: '(555) 010-2030' }]);
  });

  it('shows "Unable to send request." when the server refuses (429), and clears it on the next change', async () => {
    answer(429, { errorCode: 'rate_limited', message: 'Too many requests' });
    const { user, input, button } = renderPage();
    await user.type(input, 'demo@example.com');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.submitError);
    expect(input).toHaveValue('demo@example.com');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(input, 'x');
    expect(screen.queryByText(t.submitError)).toBeNull();
  });

  it('shows "Unable to send request." when the network fails', async () => {
    server.use(http.post('*/api/letmein', () => HttpResponse.error()));
    const { user, input, button } = renderPage();
    await user.type(input, 'demo@example.com');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.submitError);
  });
});
