/**
 * The page loaders of every route but the landing pages and the token entry (see `app` in router.tsx): a chunk of
 * their own, so adding a page adds nothing to the landing page's JavaScript.
 */
import { lazyPage } from './lazy';

export const pages = {
  tokenGuard: lazyPage(() => import('./token-guard')),
  vendorChooser: lazyPage(() => import('../features/locations/vendor-chooser-page')),
  locationChooser: lazyPage(() => import('../features/locations/location-chooser-page')),
  dashboard: lazyPage(() => import('../features/dashboard/dashboard-page')),
  profile: lazyPage(() => import('../features/shell/profile-page')),
  talkToUs: lazyPage(() => import('../features/shell/talk-to-us-page')),
  newPaymentMethod: lazyPage(() => import('../features/payment-methods/new-payment-method-page')),
  click2pay: lazyPage(() => import('../features/click2pay/click2pay-page')),
  paymentConfirmation: lazyPage(() => import('../features/click2pay/confirmation-page')),
  disputed: lazyPage(() => import('../features/click2pay/disputed-page')),
  dispute: lazyPage(() => import('../features/click2pay/dispute-page')),
  partialPayment: lazyPage(() => import('../features/click2pay/partial-page')),
  invoiceReport: lazyPage(() => import('../features/reports/invoice-report-page')),
  paymentReport: lazyPage(() => import('../features/reports/payment-report-page')),
  paymentDetail: lazyPage(() => import('../features/reports/payment-detail-page')),
  invoiceJourney: lazyPage(() => import('../features/journey/invoice-journey-page')),
  pdfLoader: lazyPage(() => import('../features/journey/pdf-loader-page')),
  messages: lazyPage(() => import('../features/messages/messages-page')),
  templateMessage: lazyPage(() => import('../features/messages/template-message-page')),
  resolutionCenter: lazyPage(() => import('../features/messages/resolution-center-page')),
  statement: lazyPage(() => import('../features/statement/statement-page')),
  statementPdf: lazyPage(() => import('../features/statement/statement-pdf-page')),
  reminders: lazyPage(() => import('../features/reminders/reminders-page')),
  atlas: lazyPage(() => import('../features/atlas/atlas-page')),
  autopaySetup: lazyPage(() => import('../features/autopay/autopay-setup-page')),
  autopayManage: lazyPage(() => import('../features/autopay/autopay-manage-page')),
  autopayConfirmation: lazyPage(() => import('../features/autopay/autopay-confirmation-page')),
  autopayDeleted: lazyPage(() => import('../features/autopay/autopay-deleted-page')),
  plans: lazyPage(() => import('../features/payment-plans/plans-page')),
  planDetail: lazyPage(() => import('../features/payment-plans/plan-detail-page')),
  planUpdate: lazyPage(() => import('../features/payment-plans/plan-update-page')),
  planUpdated: lazyPage(() => import('../features/payment-plans/plan-updated-page')),
  planRequest: lazyPage(() => import('../features/payment-plans/plan-request-page')),
  planRequestConfirmation: lazyPage(() => import('../features/payment-plans/plan-request-confirmation-page')),
  remit: lazyPage(() => import('../features/remit/remit-page')),
};
