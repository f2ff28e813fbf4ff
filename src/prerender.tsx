/**
 * Build-time rendering of the landing pages (scripts/build/prerender.ts): the same route tree and router component
 * as the browser (src/main.tsx), in a memory router at the page's path, so `hydrateRoot` finds exactly this markup.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/router';
import { whenInitialized } from './app/router-ready';

export async function render(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await whenInitialized(router);
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}
