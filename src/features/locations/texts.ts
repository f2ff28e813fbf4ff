export const chooserTexts = {
  vendorTitle: 'Choose a Vendor',
  locationTitle: 'Choose a Location',
  loading: 'Loading',
  vendorsFailed: 'We were unable to load your vendors. Please try again.',
  locationsFailed: 'We were unable to load the locations. Please try again.',
  retry: 'Try again',
  changeVendor: 'Change Vendor',
} as const;
