/** Click-to-pay, dispute, partial-payment, confirmation and disputed texts (spec §2, §5, §8; verbatim where quoted). */
import { termsTexts } from '../../ui/terms-checkbox';
import { calendarTexts } from '../../ui/texts';
export const click2payTexts = {
  title: 'Make a Payment for',
  paymentMethod: 'Payment Method',
  date: 'Date',
  amount: 'Amount',
  loading: 'Loading your invoices',
  loadFailed: 'We were unable to load your invoices. Please refresh your browser window to try again.',
  retry: 'Try again',
  empty: 'You do not have any open invoices to pay.',
  viewMore: 'View More Invoices',
  selectAll: 'Select all invoices',
  selectInvoice: (num: string) => `Select invoice ${num}`,
  columns: { invoice: 'Invoice', dueDate: 'Due Date', amount: 'Amount', poRef: 'PO/Ref', invoiceDate: 'Invoice Date', shipTo: 'Ship To', edit: 'Edit' },
  edit: (num: string) => `Change payment amount of invoice ${num}`,
  undo: (num: string) => `Undo change of invoice ${num}`,
  disputed: 'Disputed',
  partial: (amount: string) => `Paying ${amount}`,
  subtotal: 'Subtotal',
  fee: 'Service Fee',
  total: 'Total',
  terms: termsTexts.label,
  termsLink: termsTexts.link,
  confirm: 'Confirm and Pay',
  cancel: 'Cancel',
  calendarPrev: calendarTexts.calendarPrev,
  calendarNext: calendarTexts.calendarNext,
  noDate: calendarTexts.noDate,
  changeModal: { title: 'Change payment amount?', dispute: 'Dispute Invoice', partial: 'Partial Payment', close: 'Close' },
  undoPartial: { title: 'Undo partial payment?', keep: 'Keep', undo: 'Undo' },
  undoDispute: { title: 'Undo dispute?', keep: 'Keep', undo: 'Undo' },
  chooser: { title: (num: string) => `Invoice ${num}`, copy: 'View Invoice Copy', history: 'Invoice History', close: 'Close' },
  failure: {
    title: 'Could not process payment',
    body: 'We were unable to process your payment. You can refresh this page and try again, or try a different payment method.',
    contact: (vendor: string) => `If you keep seeing this message, contact your ${vendor} representative.`,
    retry: 'Try Again',
    close: 'Close',
  },
} as const;

export const adjustmentTexts = {
  disputeTitle: 'Dispute an Invoice for',
  partialTitle: 'Partial Payment for',
  back: 'Back to Make a Payment',
  invoice: 'Invoice',
  reason: 'Reason',
  reasonRequired: 'Reason*',
  chooseReason: 'Choose a reason',
  notes: 'Notes',
  newAmount: 'New Payment Amount*',
  original: 'Original Amount',
  newPayment: 'New Payment',
  remaining: 'Remaining Open',
  required: '*Required',
  apply: 'Apply',
  cancel: 'Cancel',
  warning: 'A dispute will result in no payment being made on this invoice.',
  loading: 'Loading the invoice',
  loadFailed: 'We were unable to load this invoice. Please refresh your browser window to try again.',
  /** Decision (the spec gives no wording): a credit or an invoice no longer payable opened by URL. */
  notAdjustable: (kind: 'dispute' | 'partial', reason: 'credit' | 'notPayable', invoiceNumber: string) => {
    const what = kind === 'dispute' ? 'disputed' : 'part-paid';
    return reason === 'credit'
      ? `Invoice ${invoiceNumber} is a credit and cannot be ${what}.`
      : `Invoice ${invoiceNumber} is no longer open for payment and cannot be ${what}.`;
  },
} as const;

export const confirmationTexts = {
  title: 'Payment Scheduled for',
  /** §9 / recurring §9 print and export title. */
  exportTitle: 'Payment Confirmation',
  loading: 'Loading your payment',
  back: 'Back to Dashboard',
  /** recurring §2.2: the dispute thank-you screen is headed "Payment Scheduled for" (its location). */
  disputedTitle: 'Payment Scheduled for',
  disputedBody: (vendor: string) => `Your dispute will be sent to your ${vendor} representative, who will contact you to resolve it.`,
  disputedPartial: 'Any partial payments you made are scheduled on the date you chose.',
} as const;
