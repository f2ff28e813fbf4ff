/**
 * The bundle-size baseline: a bare React 19 + react-router 7 page built by the same Vite as the
 * portal — one data router, one route, one heading. The landing page's JavaScript is measured against it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

function Home() {
  return <h1>Hello</h1>;
}

const router = createBrowserRouter([{ path: '/', element: <Home /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
