/**
 * Texts of the saved payment methods (spec §2 Add payment method, §8 error catalogue). Quoted by
 * the spec verbatim: the modal titles "Add Credit Card?", "Add Debit Card?", "Add Card?", the
 * button "Confirm", "Could not add card." and "Could not delete {card name} {last four}.". The rest
 * are decisions (the spec shows the states but not their words).
 */
export const paymentMethodTexts = {
  // Picker
  pickerLabel: 'Payment Method',
  loading: 'Loading your payment methods',
  loadFailed: 'We were unable to load your payment methods. Please refresh your browser window to try again.',
  retry: 'Try again',
  dismiss: 'Dismiss',
  empty: 'You do not have any saved payment methods yet.',
  addMethod: 'Add Payment Method',
  pending: 'Pending verification',
  pendingHint: 'This bank account can be used once its two small deposits are verified.',
  verify: 'Verify',
  delete: 'Delete',
  card: 'Card',
  bankAccount: 'Bank account',
  serviceFeeNote: (percent: string) => `A ${percent}% service fee is added to payments made with this card.`,

  // Delete (spec §2/§4/§8)
  deleteTitle: (label: string) => `Delete ${label}?`,
  deleteChecking: 'Checking where this payment method is used…',
  deleteQuestion: 'Do you want to delete this payment method?',
  /** Decision (openapi `deletePaymentMethod`): deleting the method cancels the scheduled payments listed here. */
  deleteScheduled: 'These scheduled payments use this payment method and will be canceled if you delete it:',
  deleteNoScheduled: 'No scheduled payments use this payment method.',
  deleteRefusedTitle: 'Payment method in use',
  /** Decision: the spec says "a contact-your-representative message"; the server's 409 says the same. */
  deleteRefused: (vendorName: string) =>
    `This payment method is used by AutoPay or a payment plan and cannot be deleted here. Please contact your ${vendorName} representative to change it.`,
  deleteFailed: (name: string, lastFour: string) => `Could not delete ${name} ${lastFour}.`,
  confirmDelete: 'Delete',
  deleting: 'Deleting',
  cancel: 'Cancel',
  close: 'Close',
  yourVendor: 'vendor',

  // New method page (spec §2 Add payment method)
  newTitle: 'Add a Payment Method for',
  tabsLabel: 'Kind of payment method',
  tabCard: 'Card',
  tabBank: 'Bank Account',
  noProviders: 'Your vendor does not accept new payment methods online. Please contact your representative.',
  noCardProvider: 'Your vendor does not accept cards online.',
  noBankProvider: 'Your vendor does not accept bank accounts online.',
  nameOnCard: 'Name on Card',
  ccNumber: 'Card Number',
  expDate: 'Expiration Date (MM/YY)',
  cvc: 'Security Code (CVC)',
  addressLine1: 'Billing Address',
  addressLine2: 'Address Line 2 (optional)',
  zipCode: 'ZIP Code',
  nickname: 'Nickname (optional)',
  tin: 'Business Tax ID (TIN, optional)',
  cardKind: 'Card type (optional)',
  cardKindCredit: 'Credit',
  cardKindDebit: 'Debit',
  cardKindUnknown: 'Not sure',
  bankName: 'Account Nickname',
  hostedCardTitle: 'Card details',
  hostedBankTitle: 'Bank account details',
  routingNumber: 'Routing Number',
  accountNumber: 'Checking Account Number',
  saveCard: 'Add Card',
  saveBank: 'Add Bank Account',
  saving: 'Saving',
  back: 'Cancel',
  bankVerifyNote: 'We will send two small deposits to this account. Once they arrive, verify their amounts to start using it.',

  // Field errors (decisions)
  required: 'This field is required.',
  errCardNumber: 'Enter a valid card number.',
  errExpFormat: 'Enter the expiration date as MM/YY.',
  errExpired: 'This card has expired.',
  errCvc: 'Enter the 3-digit security code (4 digits for American Express).',
  errZip: 'Enter a 5-digit ZIP code.',
  errTin: 'A TIN has 9 digits.',
  errRouting: 'Enter a valid 9-digit routing number.',
  errAccount: 'Enter an account number of 4 to 17 digits.',

  // Fee modal (spec §2: titles and Confirm verbatim)
  feeTitleCredit: 'Add Credit Card?',
  feeTitleDebit: 'Add Debit Card?',
  feeTitleCard: 'Add Card?',
  feeBody: (percent: string) => `A ${percent}% service fee will be added to all payments made with this card.`,
  // a debit or prepaid card (by its BIN) pays no fee; the modal says so before the card is added (decision)
  feeNoneBody: (funding: 'debit' | 'prepaid') => `This is a ${funding} card: no service fee will be charged on payments made with it.`,
  confirm: 'Confirm',

  // Creation failure (spec §8 "Could not add card."; the bank-account variant and the hints are decisions)
  addCardFailed: 'Could not add card.',
  addBankFailed: 'Could not add bank account.',
  codeHints: {
    card_declined: 'The card was declined. Please use a different card or contact your card issuer.',
    insufficient_funds: 'The card has insufficient funds. Please use a different card.',
    expired_card: 'The card has expired. Please check the expiration date or use a different card.',
    incorrect_cvc: 'The security code is incorrect. Please check it and try again.',
    processing_error: 'The card could not be processed right now. Please try again in a few minutes.',
    invalid_number: 'The card number is not valid. Please check it and try again.',
    invalid_expiry_date: 'The expiration date is not valid. Please check it and try again.',
    invalid_routing_number: 'The routing number is not valid. Please check it and try again.',
    invalid_account_number: 'The account number is not valid. Please check it and try again.',
    invalid_cvc: 'The security code does not fit this card. Please check it and try again.',
    validation_failed: 'Some of the details are not in the expected format. Please check them and try again.',
    provider_not_enabled: 'This kind of payment method cannot be added for this location right now. Please contact your representative.',
    rate_limited: 'Too many attempts to add a payment method. Please wait an hour and try again.',
    unavailable: 'The payment service is briefly unavailable. Please try again in a few minutes.',
    unknown: 'The payment processor refused the details. Please check them and try again.',
  } as Record<string, string>,
  genericHint: 'Please try again. If you keep seeing this message, contact your representative.',

  // Verify (decisions; the spec only shows the pending state)
  verifyTitle: (label: string) => `Verify ${label}`,
  verifyIntro: 'We sent two small deposits (less than $1.00 each) to this bank account. Enter their amounts in dollars, for example 0.32.',
  amount1: 'First deposit amount',
  amount2: 'Second deposit amount',
  errAmount: 'Enter an amount between 0.01 and 0.99.',
  verifySubmit: 'Verify',
  verifying: 'Verifying',
  verifyWrong: (left: number | null) =>
    left === null ? 'The amounts do not match the deposits.' : `The amounts do not match the deposits. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  verifyLocked: 'The amounts were entered wrong too many times. Please contact your representative, or delete this bank account and add it again.',
  verifyFailed: 'We could not verify this bank account right now. Please try again.',
  verified: 'Bank account verified. You can now pay with it.',
} as const;
