/** Message texts (portal-recurring.md §2.8, §2.9, §8, §9; verbatim where the spec quotes them). */
import { reportTexts } from '../../ui/texts';

export const messagesTexts = {
  title: 'Messages for',
  tableLabel: 'Messages',
  loading: 'Loading your messages',
  /** §2.8 */
  empty: 'There are no messages to display.',
  /** §8 "Messages load fails": "We were unable to load the data for this report…" (rest not shown) — completed as the reports'. */
  loadFailed: reportTexts.loadFailed,
  resolutionCenter: 'Resolution Center',
  unread: 'Unread',
  from: (name: string) => `From ${name}`,
  regarding: (invoice: string, category: string) => `Invoice ${invoice} · ${category}`,
  columns: { date: 'Date', subject: 'Subject', about: 'About', message: 'Message' },
  vendorMessage: 'Message from your vendor',
} as const;

export const templateMessageTexts = {
  loading: 'Loading the message',
  loadFailed: 'We were unable to load this message. Please refresh your browser window to try again.',
  retry: 'Try again',
  from: 'From',
  to: 'To',
  sent: 'Sent',
  /** §8 */
  richContentError: 'Error deserializing rich content',
  invoicesLabel: 'Invoices in this message',
  columns: { invoice: 'Invoice', invoiceDate: 'Invoice Date', due: 'Due', shipTo: 'Ship-To', poRef: 'PO/REF Number', open: 'Open' },
  total: 'Total',
  pastDue: 'past due',
  pay: 'Pay',
  nothingToPay: 'None of these invoices is open for payment.',
  back: 'Back to Messages',
} as const;

export const resolutionCenterTexts = {
  /** §2.9 */
  title: 'Resolution Center for',
  /** §9 CSV and print title */
  exportTitle: 'Resolution Center',
  loading: 'Loading the resolution center',
  empty: 'There are no messages to display.',
  groupLabel: (category: string) => `${category} invoices`,
  columns: { category: 'Category', invoice: 'Invoice', date: 'Date', subject: 'Subject', message: 'Message' },
  back: 'Back to Messages',
} as const;
