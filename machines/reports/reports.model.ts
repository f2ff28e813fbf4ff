/** Model events and sample data of the report machines (registry walks and the view walks). */
import type { AnyEventObject } from 'xstate';
import { modelIds, modelInvoice, modelPaymentGroupDetail } from '../click2pay/click2pay.model';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import { loadModelEvents } from '../load/load.model';
import type { Invoice, PaymentGroup, PaymentGroupDetail } from './reports.actors';

export { modelLocationId, modelVendorId };
export const modelReportInput = { vendorId: modelVendorId, locationId: modelLocationId };
export const modelDetailInput = { ...modelReportInput, paymentGroupId: modelIds.group };

/** Three invoices: open, scheduled (not payable) without a due date, closed. */
export const modelReportInvoices: Invoice[] = [
  modelInvoice(modelIds.invoiceA, 'INV-1001', 100.5, '2026-12-05'),
  modelInvoice(modelIds.invoiceB, 'INV-1002', 200, null, { payable: false }),
  modelInvoice(modelIds.credit, 'INV-0999', 75.25, '2026-11-10', { deletedAt: '2026-11-20T10:00:00Z', payable: false }),
];

const baseGroup = modelPaymentGroupDetail.paymentGroup;
export function modelGroup(id: string, confirmationNumber: string, status: PaymentGroup['status'], paymentDate: string, paymentTotal: number, sourceType: PaymentGroup['sourceType']): PaymentGroup {
  return { ...baseGroup, id, confirmationNumber, status, paymentDate, paymentTotal, sourceType };
}

export const modelPaymentGroups: PaymentGroup[] = [
  modelGroup(modelIds.group, 'PP-1042', 'scheduled', '2026-11-24', 283.04, 'click2pay'),
  modelGroup('66666666-6666-4666-8666-666666666666', 'PP-1050', 'scheduled', '2026-12-01', 50, 'autopay'),
  // charged on its date, the processor's answer awaited; and one the processor declined
  modelGroup('99999999-9999-4999-8999-999999999991', 'PP-1001', 'processing', '2026-11-20', 75, 'portal'),
  modelGroup('99999999-9999-4999-8999-999999999992', 'PP-0950', 'failed', '2026-11-02', 42.5, 'click2pay'),
  // a bank debit the customer's bank returned days after it completed (ACH return R01)
  { ...modelGroup('99999999-9999-4999-8999-999999999993', 'PP-0930', 'returned', '2026-10-20', 64.1, 'portal'), returnCode: 'R01', returnReason: 'insufficient funds (R01)' },
  modelGroup('77777777-7777-4777-8777-777777777777', 'PP-0900', 'complete', '2026-10-02', 120, 'portal'),
  modelGroup('88888888-8888-4888-8888-888888888888', 'PP-0800', 'canceled', '2026-09-15', 10, 'paymentplan'),
];

/** Loads settle with rows, with none, or fail; sortable reports take a sort by every column. */
export function reportModelEvents<T>(sample: T[], columns: readonly string[] = []) {
  return (snapshot: { value: unknown }): AnyEventObject[] => {
    if (snapshot.value === 'loading') {
      return [
        { type: 'xstate.done.actor.load', output: sample },
        { type: 'xstate.done.actor.load', output: [] },
        { type: 'xstate.error.actor.load', error: new Error('failed calling api') },
      ];
    }
    if (snapshot.value === 'loaded') return columns.map((column) => ({ type: 'report.sort', column }));
    return [];
  };
}

export const INVOICE_REPORT_MODEL_COLUMNS = ['dueDate', 'invoice'] as const;
export const invoiceReportModelEvents = reportModelEvents(modelReportInvoices, INVOICE_REPORT_MODEL_COLUMNS);
export const paymentReportModelEvents = reportModelEvents(modelPaymentGroups);

/** The payment detail's load settles with the group or fails; its failure text asks for a browser refresh, no event. */
export function paymentDetailModelEvents(sample: PaymentGroupDetail = modelPaymentGroupDetail) {
  return loadModelEvents(sample, { refresh: false });
}
