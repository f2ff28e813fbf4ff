import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../ui/spinner';
import { lazyPage, withChunkTimeout } from './lazy';
import { loadAppServices } from './lazy-services';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** The session machinery (token guard, session actors) loads with the first /token/ page, not on the landing page. */
const landing = lazyPage(() => import('../features/access/landing-page'));
const performanceFood = lazyPage(() => import('../features/access/performance-food-page'));
const tokenEntry = lazyPage(() => import('../features/access/token-entry-page'));
const errorPage = lazyPage(() => import('../features/access/error-page'));
const notFound = lazyPage(() => import('../features/access/not-found-page'));
// ── reports (reports A) ──
// Invoice journey + PDF loader
// ── messages ──
// ── statements and reminders (screens) ──
// ── workflow atlas ──
// ── AutoPay and payment plans (screens) ──
// ── remit + replay ──

/**
 * Every page but the landing pages and the token entry: their loaders (and the lists of chunks each one preloads)
 * live in one chunk of their own, `app-pages.ts`, fetched with the first such page — so the landing page's JavaScript
 * does not grow with every route the app adds. Non-prerendered pages preload that chunk from their HTML.
 * With it comes the module of the app-wide actors (`lazy-services.ts`), which the landing pages do without.
 */
const app = (name: keyof typeof import('./app-pages').pages) => async () => {
  // The app-wide actors (XState, lazy-services.ts) load beside the page's chunk, not after it.
  const [{ pages }] = await withChunkTimeout(() => Promise.all([import('./app-pages'), loadAppServices()]));
  return pages[name]();
};

/**
 * The routes of spec §2 (exact matches) implemented so far. Pages of later issues (invoices,
 * payments, autopay, …) are not declared: their paths show the not-found page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/', lazy: landing },
      { path: '/performancefoodservice', lazy: performanceFood },
      { path: '/404', lazy: notFound },
      {
        path: '/token/:token',
        lazy: app('tokenGuard'),
        children: [
          { index: true, lazy: tokenEntry },
          { path: 'c2p', lazy: tokenEntry },
          { path: 'ap', lazy: tokenEntry },
          { path: 'pp', lazy: tokenEntry },
          { path: 'error/:error?', lazy: errorPage },
          { path: 'vendors', lazy: app('vendorChooser') },
          { path: 'vendors/:vendorId/locations', lazy: app('locationChooser') },
          { path: 'vendors/:vendorId/locations/:locationId', lazy: app('dashboard') },
          { path: 'vendors/:vendorId/locations/:locationId/profile', lazy: app('profile') },
          { path: 'vendors/:vendorId/locations/:locationId/talktous', lazy: app('talkToUs') },
          { path: 'vendors/:vendorId/locations/:locationId/paymentmethods/new', lazy: app('newPaymentMethod') },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay', lazy: app('click2pay') },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/disputed', lazy: app('disputed') },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/:paymentGroupId/confirmation', lazy: app('paymentConfirmation') },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/:invoiceId/dispute', lazy: app('dispute') },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/:invoiceId/partial', lazy: app('partialPayment') },
          // ── reports (reports A) ──
          { path: 'vendors/:vendorId/locations/:locationId/invoices', lazy: app('invoiceReport') },
          { path: 'vendors/:vendorId/locations/:locationId/payments', lazy: app('paymentReport') },
          { path: 'vendors/:vendorId/locations/:locationId/payments/:paymentGroupId', lazy: app('paymentDetail') },
          // Invoice journey + PDF loader
          { path: 'vendors/:vendorId/locations/:locationId/invoices/:invoiceId', lazy: app('invoiceJourney') },
          { path: 'vendors/:vendorId/locations/:locationId/invoices/:invoiceId/pdfloader', lazy: app('pdfLoader') },
          // ── messages ──
          { path: 'vendors/:vendorId/locations/:locationId/messages', lazy: app('messages') },
          { path: 'vendors/:vendorId/locations/:locationId/templatemessages/:templateMessageId', lazy: app('templateMessage') },
          { path: 'vendors/:vendorId/locations/:locationId/resolutioncenter', lazy: app('resolutionCenter') },
          // ── statements and reminders (screens) ──
          { path: 'vendors/:vendorId/locations/:locationId/statement', lazy: app('statement') },
          { path: 'vendors/:vendorId/locations/:locationId/statement/pdfloader', lazy: app('statementPdf') },
          { path: 'vendors/:vendorId/locations/:locationId/reminders', lazy: app('reminders') },
          // ── AutoPay and payment plans (screens) ──
          { path: 'vendors/:vendorId/locations/:locationId/autopay', lazy: app('autopaySetup') },
          { path: 'vendors/:vendorId/locations/:locationId/autopay/:requestId', lazy: app('autopaySetup') },
          { path: 'vendors/:vendorId/locations/:locationId/autopayconfirmation', lazy: app('autopayConfirmation') },
          { path: 'vendors/:vendorId/locations/:locationId/autopaymanage', lazy: app('autopayManage') },
          { path: 'vendors/:vendorId/locations/:locationId/autopaymanage/confirmation', lazy: app('autopayConfirmation') },
          { path: 'vendors/:vendorId/locations/:locationId/autopaydelete/confirmation', lazy: app('autopayDeleted') },
          { path: 'vendors/:vendorId/locations/:locationId/plans', lazy: app('plans') },
          { path: 'vendors/:vendorId/locations/:locationId/plans/:planId', lazy: app('planDetail') },
          { path: 'vendors/:vendorId/locations/:locationId/plans/:planId/update', lazy: app('planUpdate') },
          { path: 'vendors/:vendorId/locations/:locationId/plans/:planId/update/confirmation', lazy: app('planUpdated') },
          { path: 'vendors/:vendorId/locations/:locationId/planrequests/:requestId', lazy: app('planRequest') },
          { path: 'vendors/:vendorId/locations/:locationId/planrequests/:requestId/confirmation', lazy: app('planRequestConfirmation') },
          // ── remit + replay ──
          { path: 'vendors/:vendorId/locations/:locationId/remit', lazy: app('remit') },
        ],
      },
      // ── workflow atlas ── (/atlas and /atlas/<machineId>: a splat, machine ids are not UUIDs)
      { path: '/atlas/*', lazy: app('atlas') },
      { path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
