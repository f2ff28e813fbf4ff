/** Invoice Report, Payment Report and Payment Detail texts (spec §2, §8, §9; recurring §2.10; verbatim where quoted). */
export const reportTexts = {
  loadFailed: 'We were unable to load the data for this report. Please refresh your browser window to try again.',
  contact: (vendor: string) => `If you continue to have difficulties viewing this page, please contact ${vendor}.`,
} as const;

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

/** The parts of a payment group shared by the Payment Confirmation and the Payment Detail (recurring §2.10). */
export const paymentGroupTexts = {
  tableLabel: 'Invoices paid',
  confirmationNumber: 'Confirmation Number',
  paymentDate: 'Payment Date',
  paymentMethod: 'Payment Method',
  source: 'Source',
  total: 'Total',
  /** Decision: the spec names the input "check number" without a label text. */
  checkNumber: 'Check Number',
  columns: { invoice: 'Invoice', dueDate: 'Due Date', amountPaid: 'Amount Paid' },
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
