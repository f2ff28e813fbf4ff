/**
 * The vendor's console: its own entry (console.html, served at /console/*), so none of its code is in the customer's
 * pages and none of the customer's app starts here (docs/vendor-console.md; tests/architecture/bundle-budget.test.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { consoleRoutes } from './routes';
import '../index.css';

const router = createBrowserRouter(consoleRoutes, { basename: '/console' });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from console.html');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
