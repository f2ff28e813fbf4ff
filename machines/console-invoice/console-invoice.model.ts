import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { invoiceSample } from '../console-invoices/console-invoices.model';
import type { Contact, JourneyEntry } from './console-invoice.actors';
import type { consoleInvoiceMachine } from './console-invoice.machine';

export const openInvoice = invoiceSample(1);
export const closedInvoice = invoiceSample(2, { status: 'closed', portalStatus: 'closed', openAmount: 0 });
export const invoiceModelInput = { invoiceId: openInvoice.id };

export const contactSample = (n: number, email: string | null, mobile: string | null): Contact => ({
  id: `999328c${n}-a4e2-4663-9842-75c064f1fb21`,
  externalId: null,
  firstName: ['Dana', 'Luis'][n] ?? 'Sam',
  lastName: 'Whitfield',
  email,
  mobile,
  locationIds: [openInvoice.locationId],
  createdAt: '2026-11-01T10:00:00.000Z',
});
/** Dana by e-mail only; Luis by text only */
export const contactsSample = [contactSample(0, 'dana@blueheron.example', null), contactSample(1, null, '9195550134')];

export const journeySample: JourneyEntry[] = [
  { id: '7c1f2a9e-0d4b-4a57-9d8e-3b1e5f6a7c80', at: '2026-11-27T15:02:11.000Z', action: 'Disputed', detail: 'Damaged goods: two cases arrived crushed.', contact: { id: contactsSample[0]!.id, name: 'Dana Whitfield' } },
  { id: '1e0b7d3c-5f4a-4c2b-8a9d-6e7f8a9b0c1d', at: '2026-11-10T11:30:00.000Z', action: 'Invoice Created', detail: '', contact: null },
];

/**
 * Model events: the page's loads (an open invoice with two contacts and a journey, a closed one; not found; offline),
 * the request form (the other contact, text instead of e-mail — Dana has no mobile), sending it, and each answer.
 */
export function consoleInvoiceModelEvents(snapshot: SnapshotFrom<typeof consoleInvoiceMachine>): EventObject[] {
  const { request, done } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'invoice.retry' },
    { type: 'xstate.done.actor.loadInvoice', output: { invoice: openInvoice, journey: journeySample, truncated: false, contacts: contactsSample } },
    { type: 'xstate.done.actor.loadInvoice', output: { invoice: closedInvoice, journey: [], truncated: false, contacts: contactsSample } },
    { type: 'xstate.error.actor.loadInvoice', error: new ConsoleApiError(404, 'not_found') },
    { type: 'xstate.error.actor.loadInvoice', error: new ConsoleApiError(0) },
    ...(done === 0 ? [{ type: 'request.open' }] : []),
    ...(request.deliver === 'email' ? [{ type: 'request.change', field: 'deliver', value: 'sms' }] : []),
    ...(request.contactId === contactsSample[0]!.id ? [{ type: 'request.change', field: 'contactId', value: contactsSample[1]!.id }] : []),
    { type: 'request.submit' },
    { type: 'xstate.done.actor.sendPayRequest', output: { requestId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', type: 'click2pay', url: 'https://pay.example/token/x', expiresAt: '2026-12-13T00:00:00.000Z', sentTo: { channel: request.deliver, recipient: request.deliver === 'email' ? 'dana@blueheron.example' : '9195550134' } } },
    { type: 'xstate.error.actor.sendPayRequest', error: new ConsoleApiError(422, 'not_payable', 'invoiceExternalIds[0]: invoice PFG-INV4409810 is closed or already scheduled') },
    { type: 'dialog.close' },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
