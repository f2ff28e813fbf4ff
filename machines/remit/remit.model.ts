/** Model events of the remit machines (walks, the registry, the view walk). */
import type { AnyEventObject as EventObject } from 'xstate';
import type { RemitInvoice, RemitRow } from '../../core/rules/remit';

import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';

/** The dashboard model's vendor and location (the view walks' fixtures serve them). */
export const modelRemitInput = { vendorId: modelVendorId, locationId: modelLocationId };

export const modelRemitInvoices: RemitInvoice[] = [
  { id: 'a1b2c3d4-0000-4000-8000-000000000001', displayInvNum: 'INV-1001', invoiceDate: '2026-10-01', dueDate: '2026-11-01', openAmountCents: 12500 },
  { id: 'a1b2c3d4-0000-4000-8000-000000000002', displayInvNum: 'INV-1002', invoiceDate: '2026-10-05', dueDate: '2026-11-15', openAmountCents: 4000 },
  { id: 'a1b2c3d4-0000-4000-8000-000000000003', displayInvNum: 'CM-1003', invoiceDate: '2026-10-07', dueDate: null, openAmountCents: -1500 },
];

const [first, second] = modelRemitInvoices;

/**
 * Remit form: loads (with invoices, with none, failing), row toggles, select-all, focus, amounts and comments. The
 * events depend on the snapshot so the model stays a small graph (every transition, not every combination of rows).
 */
export function remitFormModelEvents(snapshot?: { value: unknown; context: { rows: RemitRow[]; comments: string } }): EventObject[] {
  const loads: EventObject[] = [
    { type: 'xstate.done.actor.loadRemitInvoices', output: modelRemitInvoices },
    { type: 'xstate.done.actor.loadRemitInvoices', output: [] },
    { type: 'xstate.error.actor.loadRemitInvoices', error: new Error('failed calling api') },
    { type: 'remit.retry' },
  ];
  if (!snapshot || snapshot.value !== 'loaded') return loads;
  const rows = snapshot.context.rows;
  const row = (id: string) => rows.find((r) => r.rowId === id);
  const a = row(first.id);
  const blank = row('blank-1');
  const selectedCount = rows.filter((r) => r.selected).length;
  const events: EventObject[] = [];
  if (blank) {
    if (!blank.paymentAmount) events.push({ type: 'remit.amount', rowId: 'blank-1', text: '4a0' });
    else if (!blank.description) events.push({ type: 'remit.description', rowId: 'blank-1', text: 'Deposit' });
    return events;
  }
  if (selectedCount === 0) {
    events.push({ type: 'remit.toggle', rowId: first.id }, { type: 'remit.toggleAll' }, { type: 'remit.focusAmount', rowId: second.id });
    if (!snapshot.context.comments) events.push({ type: 'remit.comments', text: 'Check 1001\nenclosed' });
  } else if (selectedCount === rows.length) {
    events.push({ type: 'remit.toggleAll' });
  } else if (a?.selected) {
    if (a.paymentAmount === '125.00') events.push({ type: 'remit.toggle', rowId: first.id }, { type: 'remit.amount', rowId: first.id, text: '$100.00' });
    else if (!a.comment) events.push({ type: 'remit.comment', rowId: first.id, text: 'Short two cases' });
    else events.push({ type: 'remit.amount', rowId: first.id, text: '125' });
  }
  return events;
}

export const modelRemitPdf = { blob: new Blob(['%PDF-1.3'], { type: 'application/pdf' }), fileName: 'remit-form-2026-11-23.pdf' };
const pdfBody = { invoices: [{ invoiceId: first.id, amount: 125, comment: '' }], lines: [], comments: '' };

/**
 * Remit print: print with and without selection, the journey's outcome, the PDF download and its failure. Offered per
 * state so the model stays a small graph: a fresh `idle` offers the three starts, a used one nothing.
 */
export function remitPrintModelEvents(snapshot?: { value: unknown; context: { invoiceIds: string[]; pdfBody: unknown } }): EventObject[] {
  const state = snapshot?.value;
  const fresh = !snapshot || (snapshot.context.invoiceIds.length === 0 && snapshot.context.pdfBody === null);
  switch (state) {
    case 'printing':
      return [{ type: 'xstate.done.actor.printPage' }, { type: 'xstate.error.actor.printPage', error: new Error('print blocked') }];
    case 'recording':
      return [{ type: 'xstate.done.actor.recordRemitPrinted' }, { type: 'xstate.error.actor.recordRemitPrinted', error: new Error('failed calling api') }];
    case 'downloading':
      return [{ type: 'xstate.done.actor.fetchRemitPdf', output: modelRemitPdf }, { type: 'xstate.error.actor.fetchRemitPdf', error: new Error('failed calling api') }];
    case 'downloadFailed':
      return [{ type: 'remit.dismiss' }, { type: 'remit.downloadPdf', body: pdfBody }, { type: 'remit.print', invoiceIds: [first.id] }];
    default:
      return fresh ? [{ type: 'remit.print', invoiceIds: [first.id] }, { type: 'remit.print', invoiceIds: [] }, { type: 'remit.downloadPdf', body: pdfBody }] : [];
  }
}
