import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { whenInitialized } from './app/router-ready';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const router = createAppRouter();
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// A page prerendered at build time (the landing pages, scripts/build/prerender.ts) is already painted: hydrate it
// once the route's module is loaded (its chunk is preloaded by the page), so the first render matches the markup.
const prerendered = container.dataset.prerendered;
if (prerendered && prerendered === (window.location.pathname.replace(/(.)\/$/, '$1') || '/')) {
  void whenInitialized(router).then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
