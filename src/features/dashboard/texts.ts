/** Dashboard texts (spec §2 Dashboard; tile labels verbatim). */
import { shellTexts } from '../../app/texts';

export const dashboardTexts = {
  title: 'Dashboard for',
  tools: 'TOOLS',
  reports: 'REPORTS',
  pay: 'PAY',
  autopay: 'AUTOPAY',
  autopayOn: 'AUTOPAY ON',
  messages: 'MESSAGES',
  remitForm: 'REMIT FORM',
  reminders: 'REMINDERS',
  statements: 'STATEMENTS',
  invoices: 'INVOICES',
  payments: 'PAYMENTS',
  paymentPlans: 'PAYMENT PLANS',
  loading: 'Loading your dashboard',
  changeLocation: shellTexts.changeLocation,
  locationFailed: shellTexts.locationFailed,
} as const;

export const unreadTexts = {
  count: (n: number) => `${n} unread`,
  new: 'New',
  newLabel: 'unread messages',
} as const;
