// @vitest-environment happy-dom
/** Error page, not-found page and the Performance Foodservice landing page. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorPage from '../../../src/features/access/error-page';
import NotFoundPage from '../../../src/features/access/not-found-page';
import PerformanceFoodPage from '../../../src/features/access/performance-food-page';
import { errorPageTexts, landingTexts, notFoundTexts, pageTitles, performanceFoodTexts } from '../../../src/features/access/texts';

afterEach(() => cleanup());

function renderAt(path: string, routes: ReactElement) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<h1>Landing</h1>} />
        {routes}
      </Routes>
    </MemoryRouter>,
  );
}

const errorRoute = <Route path="/token/:token/error/:error?" element={<ErrorPage />} />;

describe('error page (spec §8)', () => {
  it.each([
    ['canceled', errorPageTexts.canceled],
    ['expired', errorPageTexts.expired],
  ] as const)('%s: title, explanation and "Request a login link" to /', async (code, texts) => {
    renderAt(`/token/abc/error/${code}`, errorRoute);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(texts.title);
    expect(document.title).toBe(pageTitles.error(texts.title));
    expect(screen.getByText(texts.explanation)).toBeVisible();
    const link = screen.getByRole('link', { name: 'Request a login link' });
    await userEvent.setup().click(link);
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeVisible();
  });

  it.each(['invalid', 'not_found', undefined])('%s: "This link is invalid." with no explanation and "Go to PerformancePay"', async (code) => {
    renderAt(code ? `/token/abc/error/${code}` : '/token/abc/error', errorRoute);
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This link is invalid.');
    expect(main.querySelectorAll('p')).toHaveLength(0);
    expect(screen.queryByText(errorPageTexts.expired.explanation)).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to PerformancePay' }));
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeVisible();
  });
});

describe('not-found page', () => {
  it('says "We couldn’t find this page" and goes home', async () => {
    renderAt('/no/such/page', <Route path="*" element={<NotFoundPage />} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(notFoundTexts.title);
    expect(notFoundTexts.title).toContain('\u2019');
    expect(document.title).toBe(pageTitles.notFound);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go Home' }));
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeVisible();
  });
});

describe('/performancefoodservice', () => {
  it('is the landing page in the Performance Foodservice brand, with the same form', () => {
    renderAt('/performancefoodservice', <Route path="/performancefoodservice" element={<PerformanceFoodPage />} />);
    expect(screen.getByRole('img', { name: performanceFoodTexts.logoLabel })).toBeVisible();
    expect(screen.getByText(performanceFoodTexts.intro)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(landingTexts.headline);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(landingTexts.formTitle);
    expect(screen.getByRole('textbox', { name: landingTexts.inputLabel })).toHaveAttribute('placeholder', landingTexts.inputPlaceholder);
    expect(screen.getByRole('button', { name: landingTexts.submit })).toBeDisabled();
  });
});
