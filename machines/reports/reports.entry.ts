import { defineMachine } from '../registry-entry';
import { modelPaymentGroupDetail } from '../click2pay/click2pay.model';
import { loadModelEvents } from '../load/load.model';
import { invoiceReportMachine } from './invoice-report.machine';
import { paymentDetailMachine } from './payment-detail.machine';
import { paymentReportMachine } from './payment-report.machine';
import { invoiceReportModelEvents, modelDetailInput, modelReportInput, paymentReportModelEvents } from './reports.model';

export const invoiceReportEntry = defineMachine({
  machine: invoiceReportMachine,
  input: modelReportInput,
  events: invoiceReportModelEvents,
  purpose: 'Invoice Report: load (loaded | empty | failed) and column sort',
  feature: 'Reports',
});

export const paymentReportEntry = defineMachine({
  machine: paymentReportMachine,
  input: modelReportInput,
  events: paymentReportModelEvents,
  purpose: 'Payment Report: load of the location’s payment groups (loaded | empty | failed)',
  feature: 'Reports',
});

export const paymentDetailEntry = defineMachine({
  machine: paymentDetailMachine,
  input: modelDetailInput,
  events: loadModelEvents(modelPaymentGroupDetail),
  purpose: 'Load lifecycle of a payment detail (failure redirects to the location base)',
  feature: 'Reports',
});
