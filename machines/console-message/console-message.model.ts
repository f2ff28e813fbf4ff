import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { customerSample } from '../console-customer/console-customer.model';
import { invoiceSample } from '../console-invoices/console-invoices.model';
import { contactsSample } from '../console-invoice/console-invoice.model';
import type { consoleMessageMachine } from './console-message.machine';

export const messageModelInput = { locationId: customerSample.id, contactId: contactsSample[0]!.id, from: { firstName: 'Dana', lastName: 'Whitfield' } };
export const messageInvoicesSample = [invoiceSample(1), invoiceSample(3)];

/**
 * Model events: the open invoices (or offline, retry); the other contact chosen, a subject and a two-paragraph text
 * typed, an invoice chosen (and another, and the first let go); sent — answered, or refused in the server's words.
 */
export function consoleMessageModelEvents(snapshot: SnapshotFrom<typeof consoleMessageMachine>): EventObject[] {
  const { draft, done, invoices } = snapshot.context;
  const fresh = done === 0;
  const [first, second] = invoices;
  const candidates: AnyEventObject[] = [
    { type: 'invoices.retry' },
    { type: 'xstate.done.actor.loadOpenInvoices', output: messageInvoicesSample },
    { type: 'xstate.error.actor.loadOpenInvoices', error: new ConsoleApiError(0) },
    ...(fresh && draft.subject === '' && draft.contactId === contactsSample[0]!.id ? [{ type: 'draft.change', field: 'contactId', value: contactsSample[1]!.id }] : []),
    ...(fresh && draft.subject === '' ? [{ type: 'draft.change', field: 'subject', value: 'Two invoices are due Friday' }] : []),
    ...(fresh && draft.subject !== '' && draft.text === '' ? [{ type: 'draft.change', field: 'text', value: 'Hello Luis,\nthe two invoices below are due Friday.\n\nYou can pay them from this message.' }] : []),
    ...(fresh && draft.text !== '' && first && draft.invoiceIds.length === 0 ? [{ type: 'invoice.toggle', invoiceId: first.id }] : []),
    ...(fresh && second && draft.invoiceIds.length === 1 && draft.invoiceIds[0] === first?.id ? [{ type: 'invoice.toggle', invoiceId: second.id }] : []),
    ...(fresh && first && draft.invoiceIds.length === 2 ? [{ type: 'invoice.toggle', invoiceId: first.id }] : []),
    ...(draft.text !== '' && (draft.invoiceIds.length === 0 || (draft.invoiceIds.length === 1 && draft.invoiceIds[0] === second?.id)) ? [{ type: 'message.send' }] : []),
    {
      type: 'xstate.done.actor.sendMessage',
      output: {
        id: '3de1b55a-43e1-40db-8cc5-baab12af4e8e', externalId: 'console-x-0', contactId: draft.contactId, locationId: customerSample.id, locationExternalId: customerSample.externalId,
        subject: draft.subject.trim(), from: { firstName: 'Dana', lastName: 'Whitfield' }, content: [{ type: 'paragraph', children: [{ text: 'x' }] }], invoiceExternalIds: [], createdAt: '2026-11-29T12:00:00.000Z',
      },
    },
    { type: 'xstate.error.actor.sendMessage', error: new ConsoleApiError(404, 'not_found', 'The contact at this location was not found.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
