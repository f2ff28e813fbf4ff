import { describe, expect, it } from 'vitest';
import { groupPayments, invoiceReportCompare, nextSort, reportInvoiceStatus, sortRows } from '../../core/rules/reports';
import { modelPaymentGroups, modelReportInvoices } from '../../machines/reports/reports.model';

describe('report rules', () => {
  it('status: Closed when deleted, Open when payable, else Scheduled', () => {
    expect(modelReportInvoices.map(reportInvoiceStatus)).toEqual(['Open', 'Scheduled', 'Closed']);
  });
  it('due date ascending puts a missing due date last, descending first', () => {
    const nums = (sort: Parameters<typeof sortRows>[1]) => sortRows(modelReportInvoices, sort as never, invoiceReportCompare).map((i) => i.displayInvNum);
    expect(nums({ column: 'dueDate', direction: 'ascending' })).toEqual(['INV-0999', 'INV-1001', 'INV-1002']);
    expect(nums({ column: 'dueDate', direction: 'descending' })).toEqual(['INV-1002', 'INV-1001', 'INV-0999']);
    expect(nums({ column: 'amount', direction: 'descending' })).toEqual(['INV-1002', 'INV-1001', 'INV-0999']);
    expect(nums({ column: 'invoice', direction: 'ascending' })).toEqual(['INV-0999', 'INV-1001', 'INV-1002']);
  });
  it('next sort flips the same column and starts another ascending', () => {
    expect(nextSort({ column: 'a', direction: 'ascending' }, 'a')).toEqual({ column: 'a', direction: 'descending' });
    expect(nextSort({ column: 'a', direction: 'descending' }, 'b')).toEqual({ column: 'b', direction: 'ascending' });
  });
  it('payments group Scheduled, Processing, Failed, Returned, Completed, Canceled, each newest first', () => {
    const groups = groupPayments(modelPaymentGroups);
    expect(groups.map((g) => g.title)).toEqual(['Scheduled', 'Processing', 'Failed', 'Returned', 'Completed', 'Canceled']);
    expect(groups.find((g) => g.status === 'failed')!.rows.map((r) => r.confirmationNumber)).toEqual(['PP-0950']);
    expect(groups.find((g) => g.status === 'returned')!.rows.map((r) => r.confirmationNumber)).toEqual(['PP-0930']);
    expect(groups[0].rows.map((r) => r.confirmationNumber)).toEqual(['PP-1050', 'PP-1042']);
    expect(groupPayments(modelPaymentGroups.filter((g) => g.status === 'canceled')).map((g) => g.title)).toEqual(['Canceled']);
  });
});
