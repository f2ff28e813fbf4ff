/** Payment Report (spec §2): the location's payment groups; fixed order (groups by status, each by date descending). */
import { createReportMachine } from './report.machine';
import { fetchReportPaymentGroups, type LocationInput, type PaymentGroup } from './reports.actors';

export const paymentReportMachine = createReportMachine<PaymentGroup, LocationInput>('paymentReport', fetchReportPaymentGroups, null);
