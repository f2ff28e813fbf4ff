/**
 * Every machine of the app, for the registry coverage test, the workflow atlas (/atlas, `npm run atlas`) and the
 * QA path printer (`npm run paths`). Each machine folder declares its entries beside its model in
 * `<flow>.entry.ts` (`defineMachine`: machine, walk input, model events — user events plus the
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` / `xstate.after.*` events its actors and timers produce,
 * filtered to what the snapshot accepts —, purpose and feature); this file is one plain list of them.
 * tests/machines/registry-coverage.test.ts fails when a `*.machine.ts` defines a machine missing here.
 */
import { announcementsEntry } from './announcements/announcements.entry';
import { click2payEntry, paymentConfirmationEntry } from './click2pay/click2pay.entry';
import { contactFormEntry } from './contact-form/contact-form.entry';
import { dashboardEntry } from './dashboard/dashboard.entry';
import { invoiceAdjustmentEntry } from './invoice-adjustment/invoice-adjustment.entry';
import { invoiceJourneyEntry } from './invoice-journey/invoice-journey.entry';
import { invoiceSelectionEntry } from './invoice-selection/invoice-selection.entry';
import { configLoadEntry, locationsLoadEntry, vendorsLoadEntry } from './load/load.entry';
import { navigationEntry } from './navigation/navigation.entry';
import { paymentMethodCreateEntry } from './payment-method-create/payment-method-create.entry';
import { paymentMethodVerifyEntry } from './payment-method-verify/payment-method-verify.entry';
import { paymentMethodDeleteEntry, paymentMethodsEntry } from './payment-methods/payment-methods.entry';
import { paymentGroupEntry } from './payment-group/payment-group.entry';
import { refundEntry } from './refund/refund.entry';
import { paymentSubmitEntry } from './payment-submit/payment-submit.entry';
import { pdfLoaderEntry } from './pdf-loader/pdf-loader.entry';
import { persistedEntry } from './persisted/persisted.entry';
import type { RegisteredMachine } from './registry-entry';
import { invoiceReportEntry, paymentDetailEntry, paymentReportEntry } from './reports/reports.entry';
import { chooserEntry, selectionEntry } from './selection/selection.entry';
import { tokenResolutionEntry } from './token-resolution/token-resolution.entry';
import { unauthorizedEntry } from './unauthorized/unauthorized.entry';
import { messageListEntry, resolutionCenterEntry, templateMessageEntry, unreadMessagesEntry } from './messages/messages.entry';
import { adBannerEntry, statementDeliveryEntry, statementEntry } from './statement/statement.entry';
import { remindersEntry } from './reminders/reminders.entry';
import { autopayDeleteEntry, autopayPageEntry, autopaySubmitEntry, autopayUpdateEntry } from './autopay/autopay.entry';
import { remitFormEntry, remitPrintEntry } from './remit/remit.entry';
import { receiptDownloadEntry } from './receipt/receipt.entry';
import { replayEntry } from './replay/replay.entry';
import { planListEntry, planSetupEntry, planUpdateEntry } from './payment-plans/payment-plans.entry';
import { consoleSignInEntry } from './console-sign-in/console-sign-in.entry';
import { consoleSessionEntry } from './console-session/console-session.entry';
import { consoleTeamEntry } from './console-team/console-team.entry';
import { consoleAuditEntry } from './console-audit/console-audit.entry';
import { consolePaymentsEntry } from './console-payments/console-payments.entry';
import { consolePaymentEntry } from './console-payment/console-payment.entry';
import { consoleInvoicesEntry } from './console-invoices/console-invoices.entry';
import { consoleInvoiceEntry } from './console-invoice/console-invoice.entry';
import { consoleImportEntry } from './console-import/console-import.entry';
import { consoleHomeEntry } from './console-home/console-home.entry';
import { consoleKeysEntry } from './console-keys/console-keys.entry';
import { consoleWebhooksEntry } from './console-webhooks/console-webhooks.entry';
import { consoleDisputesEntry } from './console-disputes/console-disputes.entry';
import { consoleDisputeEntry } from './console-dispute/console-dispute.entry';
import { consoleCustomersEntry } from './console-customers/console-customers.entry';
import { consoleCustomerEntry } from './console-customer/console-customer.entry';
import { consoleSettingsEntry } from './console-settings/console-settings.entry';
import { consoleEventsEntry } from './console-events/console-events.entry';
import { consoleAnnouncementsEntry } from './console-announcements/console-announcements.entry';
import { consoleAdsEntry } from './console-ads/console-ads.entry';
import { consoleAccountEntry } from './console-account/console-account.entry';
import { consolePasskeysEntry } from './console-passkeys/console-passkeys.entry';
import { consoleSentMessagesEntry } from './console-sent-messages/console-sent-messages.entry';
import { consoleMessageEntry } from './console-message/console-message.entry';

export type { MachineEntry, RegisteredMachine } from './registry-entry';
export { accepted, defineMachine, featureOf, purposeOf } from './registry-entry';

export const machineRegistry: RegisteredMachine[] = [
  contactFormEntry,
  tokenResolutionEntry,
  vendorsLoadEntry,
  locationsLoadEntry,
  configLoadEntry,
  unauthorizedEntry,
  announcementsEntry,
  chooserEntry,
  selectionEntry,
  dashboardEntry,
  navigationEntry,
  persistedEntry,
  click2payEntry,
  invoiceSelectionEntry,
  paymentSubmitEntry,
  invoiceAdjustmentEntry,
  paymentConfirmationEntry,
  paymentMethodsEntry,
  paymentMethodDeleteEntry,
  paymentMethodCreateEntry,
  paymentMethodVerifyEntry,
  invoiceReportEntry,
  paymentReportEntry,
  paymentDetailEntry,
  // the server's payment group lifecycle, which the report and detail show
  paymentGroupEntry,
  // the server's refund lifecycle (the vendor API's refunds)
  refundEntry,
  invoiceJourneyEntry,
  pdfLoaderEntry,
  // AutoPay and payment plans
  autopayPageEntry,
  autopaySubmitEntry,
  autopayUpdateEntry,
  autopayDeleteEntry,
  planListEntry,
  planUpdateEntry,
  planSetupEntry,
  // statements and reminders
  statementEntry,
  adBannerEntry,
  statementDeliveryEntry,
  remindersEntry,
  // messages
  messageListEntry,
  templateMessageEntry,
  resolutionCenterEntry,
  unreadMessagesEntry,
  // remit form and replay of saved actions
  remitFormEntry,
  remitPrintEntry,
  replayEntry,
  receiptDownloadEntry,
  consoleSignInEntry,
  consoleSessionEntry,
  consoleTeamEntry,
  consoleAuditEntry,
  consolePaymentsEntry,
  consolePaymentEntry,
  consoleInvoicesEntry,
  consoleInvoiceEntry,
  consoleImportEntry,
  consoleHomeEntry,
  consoleKeysEntry,
  consoleWebhooksEntry,
  consoleDisputesEntry,
  consoleDisputeEntry,
  consoleCustomersEntry,
  consoleCustomerEntry,
  consoleSettingsEntry,
  consoleEventsEntry,
  consoleAnnouncementsEntry,
  consoleAdsEntry,
  consoleAccountEntry,
  consolePasskeysEntry,
  consoleMessageEntry,
  consoleSentMessagesEntry,
];
