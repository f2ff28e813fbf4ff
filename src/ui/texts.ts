/** Texts of the shared parts (src/ui): the report parts, the payment group view, the payment calendar. */

/** The report pages' failure notice (spec §8; messages and plans reuse it). */
export const reportTexts = {
  loadFailed: 'We were unable to load the data for this report. Please refresh your browser window to try again.',
  contact: (vendor: string) => `If you continue to have difficulties viewing this page, please contact ${vendor}.`,
} as const;

/** The parts of a payment group shared by the Payment Confirmation and the Payment Detail (recurring §2.10). */
export const paymentGroupTexts = {
  tableLabel: 'Invoices paid',
  confirmationNumber: 'Confirmation Number',
  paymentDate: 'Payment Date',
  paymentMethod: 'Payment Method',
  source: 'Source',
  total: 'Total',
  /** Issue 20: the card service fee on its own line (shown only when the payment carried one). */
  serviceFee: 'Service Fee',
  /** Decision: the spec's detail shows no status; with charges that can fail the customer must see Processing/Failed. */
  status: 'Status',
  /** Decision: a Returned payment says why the bank returned it, e.g. "insufficient funds (R01)". */
  returnReason: 'Returned Because',
  /** Decision: the spec has no refunds; the vendor's refunds of the payment show below its facts (a refused one, which gave nothing back, does not). */
  refunds: 'Refunds',
  refundLine: (amount: string, refundedOn: string | null, reason: string) =>
    refundedOn ? `${amount} refunded on ${refundedOn}: ${reason}` : `${amount} refund pending: ${reason}`,
  /** Decision: the payment report's amount says what was given back, so a refunded payment is not read as paid in full. */
  refunded: (amount: string) => `Refunded ${amount}`,
  /** Decision: the spec names the input "check number" without a label text. */
  checkNumber: 'Check Number',
  columns: { invoice: 'Invoice', dueDate: 'Due Date', amountPaid: 'Amount Paid' },
  /** The receipt PDF of the payment. */
  downloadReceipt: 'Download Receipt',
  receiptFailed: 'The receipt could not be downloaded. Please try again.',
  dismiss: 'Dismiss',
} as const;

/** The payment-date calendar (click-to-pay, AutoPay, plans). */
export const calendarTexts = {
  date: 'Date',
  calendarPrev: 'Previous month',
  calendarNext: 'Next month',
  noDate: 'There is no payment date available.',
} as const;
