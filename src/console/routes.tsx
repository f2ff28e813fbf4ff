/**
 * The console's routes (under the basename /console): the sign-in page, and the pages of the signed-in frame.
 *
 * Each page is a chunk of its own (`lazy: page(() => import('…'), 'Name')`), so the console's entry holds only the frame
 * and its session: a page's code and charts load when it is opened. The server preloads the chunks of the page a request
 * opens from the HTML (server/http/console-page.ts, from the build's chunk map: scripts/build/chunk-map.ts reads this
 * file, so keep each route on one line in this form).
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ConsoleFrame } from './frame';

/** A route's `lazy`: the page module's component `name`. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', lazy: page(() => import('./sign-in-page'), 'SignInPage') },
  {
    element: <ConsoleFrame />,
    children: [
      { index: true, lazy: page(() => import('./home-page'), 'HomePage') },
      { path: '/team', lazy: page(() => import('./team-page'), 'TeamPage') },
      { path: '/developers', lazy: page(() => import('./developers-page'), 'DevelopersPage') },
      { path: '/disputes', lazy: page(() => import('./disputes-page'), 'DisputesPage') },
      { path: '/customers', lazy: page(() => import('./customers-page'), 'CustomersPage') },
      { path: '/customers/:locationId', lazy: page(() => import('./customer-page'), 'CustomerPage') },
      { path: '/disputes/:disputeId', lazy: page(() => import('./dispute-page'), 'DisputePage') },
      { path: '/audit', lazy: page(() => import('./audit-page'), 'AuditPage') },
      { path: '/settings', lazy: page(() => import('./settings-page'), 'SettingsPage') },
      { path: '/content', lazy: page(() => import('./content-page'), 'ContentPage') },
      { path: '/payments', lazy: page(() => import('./payments-page'), 'PaymentsPage') },
      { path: '/payments/:paymentGroupId', lazy: page(() => import('./payment-page'), 'PaymentPage') },
      { path: '/invoices', lazy: page(() => import('./invoices-page'), 'InvoicesPage') },
      { path: '/invoices/upload', lazy: page(() => import('./upload-page'), 'UploadPage') },
      { path: '/invoices/:invoiceId', lazy: page(() => import('./invoice-page'), 'InvoicePage') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
