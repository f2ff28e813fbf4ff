/** Statement page and delivery texts (recurring §2.4, §2.5, §8, §9; verbatim where the spec quotes them). */
export const statementTexts = {
  title: 'Account Statement',
  asOf: (date: string) => `as of ${date}`,
  /** §9 print / CSV title. */
  exportTitle: 'Statement',
  tableLabel: 'Open invoices and credits',
  loading: 'Loading the statement',
  empty: 'There are no open credits or invoices at this time.',
  loadFailed: (vendor: string) =>
    `We were unable to load the data for this statement. Please refresh your browser window to try again. If you continue to have difficulties viewing your statement, please contact ${vendor}.`,
  makePayment: 'Make a Payment',
  statementPdf: 'Statement PDF',
  invoicePdf: (number: string) => `PDF of ${number}`,
  columns: { invoice: 'Invoice', invoiceDate: 'Invoice Date', dueDate: 'Due Date', status: 'Status', daysPastDue: 'Days Past Due', amount: 'Amount', pdf: 'PDF' },
  classification: { credit: 'Credit', pastDue: 'Past Due', current: 'Current' },
  totals: { title: 'Totals', invoices: 'Open invoices', credits: 'Credits', pastDue: 'Past due', balance: 'Balance' },
  aging: { title: 'Aging summary', current: 'Current', days1to30: '1–30 days past due', days31to60: '31–60 days past due', days61to90: '61–90 days past due', over90: 'Over 90 days past due' },
  referTitle: 'Refer Us',
  referText: 'Know another business that would like to pay its invoices online? Refer them to PerformancePay.',
  referLink: 'Refer a business',
  /** Decision: the spec names an external referrals page without its address. */
  referUrl: 'https://www.performancepay.com/referrals',
  /** §2.4 disclaimer (the spec gives its content, not its words). */
  disclaimer: (when: string) =>
    `This statement was generated on ${when}. Payments in transit may not be shown. If you have already paid any of these obligations, please disregard them.`,
  adsLabel: 'Offers from your vendor',
  adLink: (n: number, total: number) => `Offer ${n} of ${total} (opens in a new tab)`,
  ad: (n: number, total: number) => `Offer ${n} of ${total}`,
} as const;

export const deliveryTexts = {
  title: 'Delivery Preferences',
  loading: 'Loading the delivery preferences',
  frequencyLabel: 'Frequency',
  tabs: { weekly: 'Weekly', biweekly: 'Biweekly', monthly: 'Monthly' },
  dayOfWeekLabel: 'Day of the week',
  dayOfMonthLabel: 'Day of the month',
  lastDay: 'Last day of month',
  sendEmpty: 'Send statements when there are no open invoices',
  turnOn: 'Turn On',
  update: 'Update',
  turnOff: 'Turn Off Statements',
  current: (schedule: string) => `You are currently receiving ${schedule}.`,
  updated: (schedule: string) => `Your statement delivery has been updated to ${schedule}.`,
  notSetUp: 'You’re not yet set up for automated statement delivery',
  failed: 'Sorry, something went wrong. Please refresh the page and try again.',
  confirmTitle: 'Turn Off Statements?',
  confirmText: 'You will no longer receive account statements. You can turn them on again at any time.',
  confirmOff: 'Turn Off',
  keep: 'Keep',
  sentTo: (to: string) => `Statements are sent to ${to}.`,
} as const;

export const statementPdfTexts = {
  loading: 'Loading the statement PDF',
  failed: 'We were unable to retrieve your statement. Please refresh the page.',
} as const;
