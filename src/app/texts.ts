/** Shell texts (header, bars, placeholders, chunk error). */
export const shellTexts = {
  productName: 'PerformancePay',
  skipToContent: 'Skip to main content',
  changeLocation: 'Change Location',
  changeVendor: 'Change Vendor',
  currentLocation: 'Current location',
  profileTitle: 'Profile',
  profileBody: 'Your contact profile will be shown here.',
  talkToUsTitle: 'Talk to Us',
  talkToUsBody: 'Questions about an invoice or a payment? Contact your vendor representative; they will be glad to help.',
  chunkErrorTitle: 'This page could not be loaded',
  chunkErrorBody: 'The page took too long to load. Check your connection and reload the page to try again.',
  reload: 'Reload page',
  genericErrorTitle: 'Something went wrong',
  genericErrorBody: 'An unexpected error stopped this page. Reload the page to try again.',
  goHome: 'Go Home',
  /** A location page whose vendor or location could not be loaded (the location frame). */
  locationFailed: 'We were unable to load this location. Please refresh your browser window to try again.',
  loadFailed: 'We were unable to load this page. Please refresh your browser window to try again.',
  retry: 'Try again',
} as const;
