/** The console's routes (under the basename /console): the sign-in page, and the pages of the signed-in frame. */
import { Navigate, type RouteObject } from 'react-router-dom';
import { ConsoleFrame } from './frame';
import { SignInPage } from './sign-in-page';
import { TeamPage } from './team-page';
import { AuditPage } from './audit-page';
import { PaymentsPage } from './payments-page';
import { PaymentPage } from './payment-page';
import { InvoicesPage } from './invoices-page';
import { InvoicePage } from './invoice-page';
import { UploadPage } from './upload-page';
import { HomePage } from './home-page';
import { DevelopersPage } from './developers-page';
import { DisputesPage } from './disputes-page';
import { DisputePage } from './dispute-page';
import { CustomersPage } from './customers-page';
import { CustomerPage } from './customer-page';
import { SettingsPage } from './settings-page';
import { ContentPage } from './content-page';

export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: <ConsoleFrame />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/team', element: <TeamPage /> },
      { path: '/developers', element: <DevelopersPage /> },
      { path: '/disputes', element: <DisputesPage /> },
      { path: '/customers', element: <CustomersPage /> },
      { path: '/customers/:locationId', element: <CustomerPage /> },
      { path: '/disputes/:disputeId', element: <DisputePage /> },
      { path: '/audit', element: <AuditPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/content', element: <ContentPage /> },
      { path: '/payments', element: <PaymentsPage /> },
      { path: '/payments/:paymentGroupId', element: <PaymentPage /> },
      { path: '/invoices', element: <InvoicesPage /> },
      { path: '/invoices/upload', element: <UploadPage /> },
      { path: '/invoices/:invoiceId', element: <InvoicePage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
