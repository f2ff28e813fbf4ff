import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { locationSample } from '../console-customers/console-customers.model';
import { contactsSample } from '../console-invoice/console-invoice.model';
import type { consoleCustomerMachine } from './console-customer.machine';

export const customerSample = locationSample(1, 'Blue Heron Grill');
export const customerModelInput = { locationId: customerSample.id };

/**
 * Model events: the customer's answer (Dana by e-mail only, Luis by text only), not found, offline, retry; a login link
 * to Dana (by text: she has no mobile — refused on the page; back to e-mail), the statement to Luis; each answered or
 * refused; closing.
 */
export function consoleCustomerModelEvents(snapshot: SnapshotFrom<typeof consoleCustomerMachine>): EventObject[] {
  const { send, done } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'customer.retry' },
    { type: 'xstate.done.actor.loadCustomer', output: { location: customerSample, contacts: contactsSample } },
    { type: 'xstate.error.actor.loadCustomer', error: new ConsoleApiError(404, 'not_found') },
    { type: 'xstate.error.actor.loadCustomer', error: new ConsoleApiError(0) },
    ...(done === 0 ? [{ type: 'send.open', contactId: contactsSample[0]!.id, kind: 'login' }, { type: 'send.open', contactId: contactsSample[1]!.id, kind: 'login' }] : []),
    ...(send?.kind === 'login' && send.contactId === contactsSample[0]!.id ? [{ type: 'send.change', field: 'deliver', value: send.deliver === 'email' ? 'sms' : 'email' }] : []),
    ...(send?.kind === 'login' && send.contactId === contactsSample[1]!.id ? [{ type: 'send.change', field: 'kind', value: 'statement' }] : []),
    { type: 'send.confirm' },
    ...(send
      ? [{
          type: 'xstate.done.actor.sendToContact',
          output: { requestId: null, type: send.kind === 'login' ? 'login' : send.kind, url: 'https://pay.example/token/x', expiresAt: '2026-12-06T00:00:00.000Z', sentTo: { channel: send.deliver, recipient: send.deliver === 'email' ? 'dana@blueheron.example' : '9195550134' } },
        }]
      : []),
    { type: 'xstate.error.actor.sendToContact', error: new ConsoleApiError(429, 'rate_limited', 'Too many links for this contact: try again later.') },
    { type: 'dialog.close' },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
