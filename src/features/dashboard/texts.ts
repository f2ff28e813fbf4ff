/** Dashboard texts (spec §2 Dashboard; tile labels verbatim). */
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
  changeLocation: 'Change Location',
  locationFailed: 'We were unable to load this location. Please refresh your browser window to try again.',
} as const;
