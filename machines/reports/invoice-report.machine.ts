/** Invoice Report (spec §2): every invoice of the location, sortable, default due date ascending. */
import { INVOICE_REPORT_DEFAULT_SORT } from '../../core/rules/reports';
import { createReportMachine } from './report.machine';
import { fetchReportInvoices, type Invoice, type LocationInput } from './reports.actors';

export const invoiceReportMachine = createReportMachine<Invoice, LocationInput>('invoiceReport', fetchReportInvoices, INVOICE_REPORT_DEFAULT_SORT);
