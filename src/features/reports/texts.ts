/** Invoice Report, Payment Report and Payment Detail texts (spec §2, §8, §9; recurring §2.10; verbatim where quoted). */
import { paymentGroupTexts, reportTexts } from '../../ui/texts';

/** The shared parts' texts, which these pages show too. */
export { paymentGroupTexts, reportTexts };

export const invoiceReportTexts = {
  title: 'Invoice Report for',
  /** §9 print / export title. */
  exportTitle: 'Invoice Report',
  tableLabel: 'Invoices',
  loading: 'Loading the invoice report',
  empty: 'There are no invoices to display.',
  columns: { invoice: 'Invoice', invoiceDate: 'Invoice Date', dueDate: 'Due Date', amount: 'Amount', status: 'Status' },
} as const;

export const paymentReportTexts = {
  title: 'Payment Report for',
  exportTitle: 'Payment Report',
  loading: 'Loading the payment report',
  empty: 'There are no payments to display.',
  groupLabel: (group: string) => `${group} payments`,
  columns: { group: 'Status', confirmation: 'Confirmation', paid: 'Paid', amount: 'Amount', source: 'Source' },
} as const;

export const paymentDetailTexts = {
  ...paymentGroupTexts,
  title: 'Payment Detail for',
  exportTitle: 'Payment Detail',
  loading: 'Loading the payment',
  back: 'Back to Payment Report',
  /** §8 payment detail load failure (verbatim); shown with reportTexts.contact. */
  loadFailed: 'We were unable to load the data for this payment detail. Please refresh your browser window to try again.',
} as const;
