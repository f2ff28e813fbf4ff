import { defineMachine } from '../registry-entry';
import { invoiceReportMachine } from './invoice-report.machine';
import { paymentDetailMachine } from './payment-detail.machine';
import { paymentReportMachine } from './payment-report.machine';
import { invoiceReportModelEvents, modelDetailInput, modelReportInput, paymentDetailModelEvents, paymentReportModelEvents } from './reports.model';

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
  events: paymentDetailModelEvents(),
  purpose: 'Load lifecycle of a payment detail (a failure shows the §8 payment-detail text on the page)',
  feature: 'Reports',
});
