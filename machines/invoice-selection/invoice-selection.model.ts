import type { AnyEventObject as EventObject } from 'xstate';
import type { InvoiceAdjustment } from './invoice-selection.machine';

export const modelInvoiceIds = {
  requested: '11111111-1111-4111-8111-111111111111',
  other: '22222222-2222-4222-8222-222222222222',
  credit: '33333333-3333-4333-8333-333333333333',
};

/** A template message whose Pay selects invoices. */
export const modelMessageId = '44444444-4444-4444-8444-444444444444';

export const modelDispute: InvoiceAdjustment = { invoiceId: modelInvoiceIds.other, amountCents: 12500, newAmountCents: 0, reason: 'Refused', notes: '' };

/** Model events of the invoice selection (a few payloads per event, enough to walk every transition). */
export function invoiceSelectionModelEvents(snapshot: { matches: (v: string) => boolean; context: { selected: ReadonlySet<string>; adjustments: unknown[]; showAll: boolean } }): EventObject[] {
  const { requested, other, credit } = modelInvoiceIds;
  const loaded: EventObject = { type: 'selection.loaded', payableIds: [requested, other, credit], requestInvoiceIds: [requested] };
  if (snapshot.matches('idle')) return [loaded];
  const { adjustments, showAll } = snapshot.context;
  const count = snapshot.context.selected.size;
  // Each event offered in one situation only, so the walk stays small but takes every transition. The user's events
  // (toggle, select all, undo) wait for "show all" so the rows they act on are on the page.
  const events: EventObject[] = [];
  if (count === 1 && adjustments.length === 0) events.push(loaded, { type: 'selection.adjust', adjustment: modelDispute });
  if (showAll && count === 1 && adjustments.length === 0) events.push({ type: 'selection.toggle', invoiceId: other });
  if (showAll && count === 2 && adjustments.length === 0) events.push({ type: 'selection.toggleAll', invoiceIds: [requested, other, credit] });
  if (showAll && adjustments.length > 0) events.push({ type: 'selection.undo', invoiceId: other });
  if (count === 3) events.push({ type: 'selection.clear' }, { type: 'selection.message', messageId: modelMessageId, invoiceIds: [other] });
  if (!showAll) events.push({ type: 'selection.showAll' });
  return events;
}
