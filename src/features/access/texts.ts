/**
 * User-facing texts of the access screens (landing, vendor landing, token entry, error page,
 * not-found page). Texts quoted by the spec are verbatim; views and tests import them from here.
 */

export const PRODUCT_NAME = 'PerformancePay';

/** Document titles (React 19 hoists `<title>` into the head). */
export const pageTitles = {
  landing: `${PRODUCT_NAME}: Simplify Your Life`,
  performanceFood: `Performance Foodservice · ${PRODUCT_NAME}`,
  tokenEntry: `Opening your link… · ${PRODUCT_NAME}`,
  notFound: `Page not found · ${PRODUCT_NAME}`,
  error: (title: string) => `${title} · ${PRODUCT_NAME}`,
} as const;

export const landingTexts = {
  headline: 'Simplify Your Life',
  subheadline: `Save Time and Money with ${PRODUCT_NAME}`,
  copy: 'Pay your bills automatically from your checking or savings account, without changing your present bank.',
  formTitle: `Access ${PRODUCT_NAME}`,
  explanation:
    'Enter the email address or mobile phone number you use with your vendors. If it matches an account, you will receive an email or text message with a link to your account. Otherwise, please contact your vendor representative.',
  inputLabel: 'Email or phone number',
  inputPlaceholder: 'Enter Email or Phone Number',
  submit: 'Request Link',
  submitting: 'Sending request…',
  invalidContact: 'Invalid email address or phone number.',
  submitError: 'Unable to send request.',
  modalTitle: 'Access Requested',
  modalBody:
    'If an account matches the email address or phone number that you entered, you should receive a message with a login link soon.',
  modalClose: 'OK',
} as const;

/** The vendor-branded landing page at /performancefoodservice (decision: same form, vendor brand). */
export const performanceFoodTexts = {
  vendorName: 'Performance Foodservice',
  logoLabel: 'Performance Foodservice',
  intro: `Performance Foodservice customers: view and pay your invoices online with ${PRODUCT_NAME}.`,
} as const;

export const tokenEntryTexts = {
  resolving: 'Opening your link…',
} as const;

export interface ErrorPageContent {
  title: string;
  /** Absent for an invalid link: the spec shows no explanation. */
  explanation?: string;
  button: string;
}

/** Error catalogue (spec §8) for the error page; every code other than canceled/expired is "invalid". */
export const errorPageTexts = {
  canceled: {
    title: 'This request was canceled.',
    explanation:
      'If you would like a new request, please contact your representative, or click the button below to request a new link.',
    button: 'Request a login link',
  },
  expired: {
    title: 'This link expired.',
    explanation:
      'If you would like access to your account, please contact your representative, or click the button below to request a new link.',
    button: 'Request a login link',
  },
  invalid: {
    title: 'This link is invalid.',
    button: `Go to ${PRODUCT_NAME}`,
  },
} as const satisfies Record<string, ErrorPageContent>;

export function errorPageContent(code: string | undefined): ErrorPageContent {
  if (code === 'canceled') return errorPageTexts.canceled;
  if (code === 'expired') return errorPageTexts.expired;
  return errorPageTexts.invalid;
}

export const notFoundTexts = {
  title: 'We couldn’t find this page',
  button: 'Go Home',
} as const;
