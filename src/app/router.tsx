import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../ui/spinner';
import { lazyPage } from './lazy';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** The session machinery (token guard, session actors) loads with the first /token/ page, not on the landing page. */
const tokenGuard = lazyPage(() => import('./token-guard'));
const landing = lazyPage(() => import('../features/access/landing-page'));
const performanceFood = lazyPage(() => import('../features/access/performance-food-page'));
const tokenEntry = lazyPage(() => import('../features/access/token-entry-page'));
const errorPage = lazyPage(() => import('../features/access/error-page'));
const notFound = lazyPage(() => import('../features/access/not-found-page'));
const vendorChooser = lazyPage(() => import('../features/locations/vendor-chooser-page'));
const locationChooser = lazyPage(() => import('../features/locations/location-chooser-page'));
const dashboard = lazyPage(() => import('../features/dashboard/dashboard-page'));
const profile = lazyPage(() => import('../features/shell/profile-page'));
const talkToUs = lazyPage(() => import('../features/shell/talk-to-us-page'));
const newPaymentMethod = lazyPage(() => import('../features/payment-methods/new-payment-method-page'));
const click2pay = lazyPage(() => import('../features/click2pay/click2pay-page'));
const paymentConfirmation = lazyPage(() => import('../features/click2pay/confirmation-page'));
const disputed = lazyPage(() => import('../features/click2pay/disputed-page'));
const dispute = lazyPage(() => import('../features/click2pay/dispute-page'));
const partialPayment = lazyPage(() => import('../features/click2pay/partial-page'));
// ── reports (issue 7, reports A) ──
const invoiceReport = lazyPage(() => import('../features/reports/invoice-report-page'));
const paymentReport = lazyPage(() => import('../features/reports/payment-report-page'));
const paymentDetail = lazyPage(() => import('../features/reports/payment-detail-page'));
// Invoice journey + PDF loader (issue 7)
const invoiceJourney = lazyPage(() => import('../features/journey/invoice-journey-page'));
const pdfLoader = lazyPage(() => import('../features/journey/pdf-loader-page'));
// ── issue 10: messages ──
const messages = lazyPage(() => import('../features/messages/messages-page'));
const templateMessage = lazyPage(() => import('../features/messages/template-message-page'));
const resolutionCenter = lazyPage(() => import('../features/messages/resolution-center-page'));
// ── issue 9: statements and reminders (screens) ──
const statement = lazyPage(() => import('../features/statement/statement-page'));
const statementPdf = lazyPage(() => import('../features/statement/statement-pdf-page'));
const reminders = lazyPage(() => import('../features/reminders/reminders-page'));
// ── issue 11: workflow atlas ──
const atlas = lazyPage(() => import('../features/atlas/atlas-page'));
// ── issue 8: AutoPay and payment plans (screens) ──
const autopaySetup = lazyPage(() => import('../features/autopay/autopay-setup-page'));
const autopayManage = lazyPage(() => import('../features/autopay/autopay-manage-page'));
const autopayConfirmation = lazyPage(() => import('../features/autopay/autopay-confirmation-page'));
const autopayDeleted = lazyPage(() => import('../features/autopay/autopay-deleted-page'));
const plans = lazyPage(() => import('../features/payment-plans/plans-page'));
const planDetail = lazyPage(() => import('../features/payment-plans/plan-detail-page'));
const planUpdate = lazyPage(() => import('../features/payment-plans/plan-update-page'));
const planUpdated = lazyPage(() => import('../features/payment-plans/plan-updated-page'));
const planRequest = lazyPage(() => import('../features/payment-plans/plan-request-page'));
const planRequestConfirmation = lazyPage(() => import('../features/payment-plans/plan-request-confirmation-page'));
// ── issue 10: remit + replay ──
const remit = lazyPage(() => import('../features/remit/remit-page'));

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
        lazy: tokenGuard,
        children: [
          { index: true, lazy: tokenEntry },
          { path: 'c2p', lazy: tokenEntry },
          { path: 'ap', lazy: tokenEntry },
          { path: 'pp', lazy: tokenEntry },
          { path: 'error/:error?', lazy: errorPage },
          { path: 'vendors', lazy: vendorChooser },
          { path: 'vendors/:vendorId/locations', lazy: locationChooser },
          { path: 'vendors/:vendorId/locations/:locationId', lazy: dashboard },
          { path: 'vendors/:vendorId/locations/:locationId/profile', lazy: profile },
          { path: 'vendors/:vendorId/locations/:locationId/talktous', lazy: talkToUs },
          { path: 'vendors/:vendorId/locations/:locationId/paymentmethods/new', lazy: newPaymentMethod },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay', lazy: click2pay },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/disputed', lazy: disputed },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/:paymentGroupId/confirmation', lazy: paymentConfirmation },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/:invoiceId/dispute', lazy: dispute },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay/:invoiceId/partial', lazy: partialPayment },
          // ── reports (issue 7, reports A) ──
          { path: 'vendors/:vendorId/locations/:locationId/invoices', lazy: invoiceReport },
          { path: 'vendors/:vendorId/locations/:locationId/payments', lazy: paymentReport },
          { path: 'vendors/:vendorId/locations/:locationId/payments/:paymentGroupId', lazy: paymentDetail },
          // Invoice journey + PDF loader (issue 7)
          { path: 'vendors/:vendorId/locations/:locationId/invoices/:invoiceId', lazy: invoiceJourney },
          { path: 'vendors/:vendorId/locations/:locationId/invoices/:invoiceId/pdfloader', lazy: pdfLoader },
          // ── issue 10: messages ──
          { path: 'vendors/:vendorId/locations/:locationId/messages', lazy: messages },
          { path: 'vendors/:vendorId/locations/:locationId/templatemessages/:templateMessageId', lazy: templateMessage },
          { path: 'vendors/:vendorId/locations/:locationId/resolutioncenter', lazy: resolutionCenter },
          // ── issue 9: statements and reminders (screens) ──
          { path: 'vendors/:vendorId/locations/:locationId/statement', lazy: statement },
          { path: 'vendors/:vendorId/locations/:locationId/statement/pdfloader', lazy: statementPdf },
          { path: 'vendors/:vendorId/locations/:locationId/reminders', lazy: reminders },
          // ── issue 8: AutoPay and payment plans (screens) ──
          { path: 'vendors/:vendorId/locations/:locationId/autopay', lazy: autopaySetup },
          { path: 'vendors/:vendorId/locations/:locationId/autopay/:requestId', lazy: autopaySetup },
          { path: 'vendors/:vendorId/locations/:locationId/autopayconfirmation', lazy: autopayConfirmation },
          { path: 'vendors/:vendorId/locations/:locationId/autopaymanage', lazy: autopayManage },
          { path: 'vendors/:vendorId/locations/:locationId/autopaymanage/confirmation', lazy: autopayConfirmation },
          { path: 'vendors/:vendorId/locations/:locationId/autopaydelete/confirmation', lazy: autopayDeleted },
          { path: 'vendors/:vendorId/locations/:locationId/plans', lazy: plans },
          { path: 'vendors/:vendorId/locations/:locationId/plans/:planId', lazy: planDetail },
          { path: 'vendors/:vendorId/locations/:locationId/plans/:planId/update', lazy: planUpdate },
          { path: 'vendors/:vendorId/locations/:locationId/plans/:planId/update/confirmation', lazy: planUpdated },
          { path: 'vendors/:vendorId/locations/:locationId/planrequests/:requestId', lazy: planRequest },
          { path: 'vendors/:vendorId/locations/:locationId/planrequests/:requestId/confirmation', lazy: planRequestConfirmation },
          // ── issue 10: remit + replay ──
          { path: 'vendors/:vendorId/locations/:locationId/remit', lazy: remit },
        ],
      },
      // ── issue 11: workflow atlas ── (/atlas and /atlas/<machineId>: a splat, machine ids are not UUIDs)
      { path: '/atlas/*', lazy: atlas },
      { path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
