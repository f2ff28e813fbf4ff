import type { AnyEventObject as EventObject } from 'xstate';
import type { Invoice } from '../click2pay/click2pay.actors';
import { modelLocationId } from '../dashboard/dashboard.model';

export const modelAdjustInvoice: Invoice = {
  id: '22222222-2222-4222-8222-222222222222', externalId: 'EXT-2', displayInvNum: 'INV-20418', openAmount: 125, dueDate: '2026-12-10',
  externalInvoiceDate: '2026-11-10', invoiceDate: '2026-11-10', poRefId: 'PO-7', shipTo: '12 - Main Kitchen', filterName: 'Main Kitchen',
  payable: true, deletedAt: null, createdAt: '2026-11-10T10:00:00Z', updatedAt: '2026-11-10T10:00:00Z', locationId: modelLocationId,
  createType: 'manual', externalUrl: null, status: 'open',
};

/** Model events of the adjustment forms: valid and invalid reasons and amounts so the guard passes and fails. */
export function invoiceAdjustmentModelEvents(snapshot: { matches: (v: string) => boolean; context: { reason: string; amountText: string } }): EventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadInvoice', output: modelAdjustInvoice },
      { type: 'xstate.done.actor.loadInvoice', output: { ...modelAdjustInvoice, openAmount: -25 } },
      { type: 'xstate.done.actor.loadInvoice', output: { ...modelAdjustInvoice, payable: false, status: 'scheduled' } },
      { type: 'xstate.error.actor.loadInvoice', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/invoices') },
    ];
  }
  const events: EventObject[] = [{ type: 'adjustment.apply' }];
  if (!snapshot.context.reason) events.push({ type: 'adjustment.reason', reason: 'Refused' });
  if (!snapshot.context.amountText) events.push({ type: 'adjustment.amount', text: '50.00' });
  events.push({ type: 'adjustment.notes', notes: 'Box arrived crushed' });
  return events;
}
