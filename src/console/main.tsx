/**
 * The vendor's console: its own entry (console.html, served at /console/*), so none of its code is in the customer's
 * pages and none of the customer's app starts here (docs/vendor-console.md; tests/architecture/bundle-budget.test.ts).
 *
 * console.html paints the frame's loading state before any script (FrameLoading's markup). The app replaces it once
 * the opened page's module is loaded (each page is a lazy route; the server preloads its chunks), so the first commit
 * is the page and not an empty router; and it renders in a transition, which React slices into short tasks instead of
 * one long one on a slow phone.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { whenInitialized } from '../app/router-ready';
import { consoleRoutes } from './routes';
import '../index.css';

const router = createBrowserRouter(consoleRoutes, { basename: '/console' });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from console.html');
const root = createRoot(container);
void whenInitialized(router).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  ),
);
