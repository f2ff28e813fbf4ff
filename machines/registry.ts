/**
 * Every machine of the app, for the registry coverage test and (later) the workflow atlas.
 * Each entry gives the machine, the input it starts with in a walk, and its model events
 * (user events plus the `xstate.done.actor.<id>` / `xstate.error.actor.<id>` / `xstate.after.*`
 * events its actors and timers produce), filtered to what the snapshot accepts.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { announcementsMachine } from './announcements/announcements.machine';
import { announcementsModelEvents } from './announcements/announcements.model';
import { contactFormMachine } from './contact-form/contact-form.machine';
import { contactFormModelEvents } from './contact-form/contact-form.model';
import { dashboardMachine } from './dashboard/dashboard.machine';
import { dashboardModelEvents, modelLocationId, modelVendorId } from './dashboard/dashboard.model';
import { locationsLoadMachine, vendorsLoadMachine, configLoadMachine } from './load/loaders';
import { loadModelEvents } from './load/load.model';
import { navigationMachine } from './navigation/navigation.machine';
import { navigationModelEvents } from './navigation/navigation.model';
import { persistedMachine } from './persisted/persisted.machine';
import { persistedModelEvents } from './persisted/persisted.model';
import { chooserMachine } from './selection/chooser.machine';
import { chooserModelEvents } from './selection/chooser.model';
import { selectionMachine } from './selection/selection.machine';
import { selectionModelEvents } from './selection/selection.model';
import { tokenResolutionMachine } from './token-resolution/token-resolution.machine';
import { tokenResolutionModelEvents } from './token-resolution/token-resolution.model';
import { unauthorizedMachine } from './unauthorized/unauthorized.machine';
import { unauthorizedModelEvents } from './unauthorized/unauthorized.model';
import { click2payMachine } from './click2pay/click2pay.machine';
import { click2payModelEvents, modelClick2payInput, modelIds as click2payIds, modelPaymentGroupDetail } from './click2pay/click2pay.model';
import { paymentConfirmationMachine } from './click2pay/confirmation.machine';
import { invoiceSelectionMachine } from './invoice-selection/invoice-selection.machine';
import { invoiceSelectionModelEvents } from './invoice-selection/invoice-selection.model';
import { invoiceAdjustmentMachine } from './invoice-adjustment/invoice-adjustment.machine';
import { invoiceAdjustmentModelEvents, modelAdjustInvoice } from './invoice-adjustment/invoice-adjustment.model';
import { paymentSubmitMachine } from './payment-submit/payment-submit.machine';
import { paymentSubmitModelEvents } from './payment-submit/payment-submit.model';
import { paymentMethodsMachine } from './payment-methods/payment-methods.machine';
import { paymentMethodDeleteMachine } from './payment-methods/payment-method-delete.machine';
import { modelDeleteInput, paymentMethodDeleteModelEvents, paymentMethodsModelEvents, modelLocationId as pmLocationId, modelVendorId as pmVendorId } from './payment-methods/payment-methods.model';
import { paymentMethodCreateMachine } from './payment-method-create/payment-method-create.machine';
import { modelCreateInput, paymentMethodCreateModelEvents } from './payment-method-create/payment-method-create.model';
import { paymentMethodVerifyMachine } from './payment-method-verify/payment-method-verify.machine';
import { modelVerifyInput, paymentMethodVerifyModelEvents } from './payment-method-verify/payment-method-verify.model';
// ── reports (issue 7) ──
import { invoiceReportMachine } from './reports/invoice-report.machine';
import { paymentReportMachine } from './reports/payment-report.machine';
import { paymentDetailMachine } from './reports/payment-detail.machine';
import { invoiceReportModelEvents, modelDetailInput, modelReportInput, paymentReportModelEvents } from './reports/reports.model';
// Invoice journey + PDF loader (issue 7)
import { invoiceJourneyMachine } from './invoice-journey/invoice-journey.machine';
import { invoiceJourneyModelEvents, modelJourneyInput } from './invoice-journey/invoice-journey.model';
import { pdfLoaderMachine } from './pdf-loader/pdf-loader.machine';
import { modelPdfInput, pdfLoaderModelEvents } from './pdf-loader/pdf-loader.model';
// ── issue 10: remit + replay ──
import { remitFormMachine } from './remit/remit-form.machine';
import { remitPrintMachine } from './remit/remit-print.machine';
import { modelRemitInput, remitFormModelEvents, remitPrintModelEvents } from './remit/remit.model';
import { replayMachine } from './replay/replay.machine';
import { replayModelEvents } from './replay/replay.model';

export interface RegisteredMachine {
  /** Stable id (the machine's id). */
  id: string;
  machine: AnyStateMachine;
  /** Input the walk starts the machine with (machines that take input). */
  input?: unknown;
  /** Model events accepted by the snapshot. */
  events: (snapshot: any) => EventObject[];
  /** What the machine is for, one line (for the atlas). */
  description: string;
}

const sampleVendor = {
  id: modelVendorId, uuid: modelVendorId, name: 'Acme Foodservice', displayName: 'Acme Foodservice',
  address: { addressLine1: '100 Market St', addressLine2: '', city: 'Memphis', state: 'TN', postalCode: '38103' },
  createType: 'manual', paymentConfigs: [], paymentMethodConfig: { options: [] },
  config: { appName: 'PerformancePay', logoUrl: null, c2pPaymentDays: null, autoPayStartDateTimeFrame: null, achProcessor: 'direct-ach' as const },
  eodCutoff: { hour: 17, timezone: 'America/Chicago' }, invoiceFilterColumns: [], featureFlags: {},
};

/** Keeps only the events the snapshot accepts (guards included). */
function accepted(events: (snapshot: any) => EventObject[]) {
  return (snapshot: any) => events(snapshot).filter((e) => snapshot.can(e));
}

export const machineRegistry: RegisteredMachine[] = [
  { id: 'contactForm', machine: contactFormMachine, events: accepted(contactFormModelEvents), description: 'Landing page link request form' },
  { id: 'tokenResolution', machine: tokenResolutionMachine, input: { token: 'model-token' }, events: accepted(tokenResolutionModelEvents), description: 'Token entry: token info → redirect or error page' },
  { id: 'vendorsLoad', machine: vendorsLoadMachine, events: accepted(loadModelEvents([sampleVendor])), description: 'Load lifecycle of the vendors slice' },
  { id: 'locationsLoad', machine: locationsLoadMachine, input: { vendorId: modelVendorId }, events: accepted(loadModelEvents({})), description: 'Load lifecycle of a vendor’s locations' },
  { id: 'configLoad', machine: configLoadMachine, input: { key: 'configuration' }, events: accepted(loadModelEvents({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 30 } } })), description: 'Load lifecycle of a configuration key' },
  { id: 'unauthorized', machine: unauthorizedMachine, events: accepted(unauthorizedModelEvents), description: '401/403 → clear session, debounced redirect to the error page' },
  { id: 'announcements', machine: announcementsMachine, input: { source: { authenticated: true, vendorId: modelVendorId }, dismissed: [] }, events: accepted(announcementsModelEvents), description: 'Announcement banners and their dismissal' },
  { id: 'chooser', machine: chooserMachine, events: accepted(chooserModelEvents), description: 'Vendor / location chooser with auto-forward' },
  { id: 'selection', machine: selectionMachine, events: accepted(selectionModelEvents), description: 'Selected vendor and location follow the path' },
  { id: 'dashboard', machine: dashboardMachine, input: { vendorId: modelVendorId, locationId: modelLocationId }, events: accepted(dashboardModelEvents), description: 'Dashboard: visit, AutoPay and plans' },
  { id: 'navigation', machine: navigationMachine, events: accepted(navigationModelEvents), description: 'Session navigation history' },
  { id: 'persisted', machine: persistedMachine, events: accepted(persistedModelEvents), description: 'Persisted store (local storage, version 1)' },
  { id: 'click2pay', machine: click2payMachine, input: modelClick2payInput, events: accepted(click2payModelEvents), description: 'Click-to-pay page: invoices, methods, calendar loads and the payment form' },
  { id: 'invoiceSelection', machine: invoiceSelectionMachine, events: accepted(invoiceSelectionModelEvents), description: 'Invoices chosen for payment with their disputes and partial payments' },
  { id: 'paymentSubmit', machine: paymentSubmitMachine, input: { vendorId: modelVendorId, locationId: modelLocationId, createKey: () => 'model-idempotency-key' }, events: accepted(paymentSubmitModelEvents), description: 'Payment submit with one Idempotency-Key per attempt' },
  { id: 'invoiceAdjustment', machine: invoiceAdjustmentMachine, input: { vendorId: modelVendorId, locationId: modelLocationId, invoiceId: modelAdjustInvoice.id, kind: 'partial' }, events: accepted(invoiceAdjustmentModelEvents), description: 'Dispute / partial payment form of one invoice' },
  { id: 'paymentConfirmationLoad', machine: paymentConfirmationMachine, input: { vendorId: modelVendorId, locationId: modelLocationId, paymentGroupId: click2payIds.group }, events: accepted(loadModelEvents(modelPaymentGroupDetail)), description: 'Load lifecycle of a payment confirmation' },
  { id: 'paymentMethods', machine: paymentMethodsMachine, input: { vendorId: pmVendorId, locationId: pmLocationId }, events: accepted(paymentMethodsModelEvents), description: 'Saved payment methods of a location (session-level) and the selected one' },
  { id: 'paymentMethodDelete', machine: paymentMethodDeleteMachine, input: modelDeleteInput, events: accepted(paymentMethodDeleteModelEvents), description: 'Delete a payment method: usage check, confirmation, refusal when in use' },
  { id: 'paymentMethodCreate', machine: paymentMethodCreateMachine, input: modelCreateInput, events: accepted(paymentMethodCreateModelEvents), description: 'Add a card or bank account: fee confirmation, tokenize, attach' },
  { id: 'paymentMethodVerify', machine: paymentMethodVerifyMachine, input: modelVerifyInput, events: accepted(paymentMethodVerifyModelEvents), description: 'Micro-deposit verification of a bank account' },
  // ── reports (issue 7) ──
  { id: 'invoiceReport', machine: invoiceReportMachine, input: modelReportInput, events: accepted(invoiceReportModelEvents), description: 'Invoice Report: load (loaded | empty | failed) and column sort' },
  { id: 'paymentReport', machine: paymentReportMachine, input: modelReportInput, events: accepted(paymentReportModelEvents), description: 'Payment Report: load of the location’s payment groups (loaded | empty | failed)' },
  { id: 'paymentDetailLoad', machine: paymentDetailMachine, input: modelDetailInput, events: accepted(loadModelEvents(modelPaymentGroupDetail)), description: 'Load lifecycle of a payment detail (failure redirects to the location base)' },
  // Invoice journey + PDF loader (issue 7)
  { id: 'invoiceJourney', machine: invoiceJourneyMachine, input: modelJourneyInput, events: accepted(invoiceJourneyModelEvents), description: 'Invoice journey: history load, mark messages read, the add-comment modal' },
  { id: 'pdfLoader', machine: pdfLoaderMachine, input: modelPdfInput, events: accepted(pdfLoaderModelEvents), description: 'Invoice copy: fetch the PDF (QBO or not), redirect only to http/https/ftp/blob' },
  // ── issue 10: remit + replay ──
  { id: 'remitForm', machine: remitFormMachine, input: modelRemitInput, events: accepted(remitFormModelEvents), description: 'Remit form: open invoices → rows (or 5 blank rows), row selection, tri-state select-all, amounts and comments' },
  { id: 'remitPrint', machine: remitPrintMachine, input: modelRemitInput, events: accepted(remitPrintModelEvents), description: 'Remit form print (then the "Remit form printed" journey, errors ignored) and the server PDF download' },
  { id: 'replay', machine: replayMachine, events: accepted(replayModelEvents), description: 'Saved actions per token, vendor and location, replayed once the selected location has loaded' },
];
