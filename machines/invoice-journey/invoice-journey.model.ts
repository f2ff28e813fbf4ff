import type { AnyEventObject as EventObject } from 'xstate';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import type { InvoiceJourney, JourneyEntry } from './invoice-journey.actors';

export const modelJourneyInvoiceId = '33333333-3333-4333-8333-333333333333';
export const modelJourneyInput = { vendorId: modelVendorId, locationId: modelLocationId, invoiceId: modelJourneyInvoiceId };

export const modelJourney: InvoiceJourney = {
  invoice: {
    id: modelJourneyInvoiceId, externalId: 'EXT-3', displayInvNum: 'INV-30555', openAmount: 84.5, dueDate: '2026-12-01',
    externalInvoiceDate: '2026-11-01', invoiceDate: '2026-11-01', poRefId: 'PO-9', shipTo: '7 - Patio', filterName: 'Patio',
    payable: true, deletedAt: null, createdAt: '2026-11-01T09:00:00Z', updatedAt: '2026-11-02T09:00:00Z', locationId: modelLocationId,
    createType: 'manual', externalUrl: null, status: 'open',
  },
  journeys: [
    { id: '44444444-4444-4444-8444-000000000001', updatedAt: '2026-11-01T09:00:00Z', action: 'Invoice created', detail: 'Invoice INV-30555 created' },
    { id: '44444444-4444-4444-8444-000000000002', updatedAt: '2026-11-03T15:30:00Z', action: 'Reminder sent', detail: 'Email reminder' },
  ],
};

export const modelCommentText = 'Driver left the case at the back door';
export const modelCommentEntry: JourneyEntry = { id: '44444444-4444-4444-8444-000000000003', updatedAt: '2026-11-20T12:00:00Z', action: 'Comment', detail: modelCommentText };

/** Model events of the journey: load outcomes, then the comment modal with an empty, a valid and a line-broken text. */
export function invoiceJourneyModelEvents(snapshot: { matches: (v: unknown) => boolean; context: { comment: string } }): EventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.error.actor.markRead', error: new Error('failed calling api on path /vendors/{vendorId}/messages') },
      { type: 'xstate.done.actor.loadJourney', output: modelJourney },
      { type: 'xstate.error.actor.loadJourney', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/invoices/{invoiceId}/journey') },
    ];
  }
  if (snapshot.matches({ loaded: 'submitting' })) {
    return [
      { type: 'xstate.done.actor.submitComment', output: modelCommentEntry },
      { type: 'xstate.error.actor.submitComment', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/messages') },
    ];
  }
  const events: EventObject[] = [{ type: 'comment.open' }, { type: 'comment.close' }, { type: 'comment.submit' }];
  if (snapshot.matches({ loaded: 'failed' })) events.push({ type: 'comment.change', text: `${modelCommentText} today` });
  else if (snapshot.context.comment !== modelCommentText) events.push({ type: 'comment.change', text: modelCommentText });
  return events;
}
