/** Invoice journey, add-comment modal and PDF loader texts (spec core §2, §5, §8, §9; recurring §2.9; verbatim where quoted). */
export const journeyTexts = {
  title: 'Invoice Journey for',
  /** §9 print and export title. */
  printTitle: (invoiceNumber: string) => `Invoice Journey ${invoiceNumber}`,
  invoice: 'Invoice',
  dueDate: 'Due Date',
  openAmount: 'Open Amount',
  status: 'Status',
  addComment: 'Add Comment',
  history: 'Invoice history',
  dateTime: 'Date & Time',
  action: 'Action',
  details: 'Details',
  empty: 'There is no history for this invoice yet.',
  loading: 'Loading the invoice journey',
  loadFailed: 'We were unable to load the data for this invoice journey. Please refresh your browser window to try again.',
  contact: (vendorName: string) => `If you continue to have difficulties viewing this page, please contact ${vendorName}.`,
} as const;

export const commentTexts = {
  title: 'Add Comment',
  label: 'Please share details',
  submit: 'Submit',
  cancel: 'Cancel',
  close: 'Close',
  submitted: 'Comment submitted!',
  failed: 'Could not add comment.',
  counter: (n: number, max: number) => `${n}/${max} characters`,
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  lineBreak: 'Please write the comment on one line.',
} as const;

export const pdfTexts = {
  loading: 'Retrieving your invoice',
  failed: 'We were unable to retrieve your invoice. Please refresh the page.',
} as const;
