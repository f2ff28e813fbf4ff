import { defineMachine } from '../registry-entry';
import { consoleSentMessagesMachine } from './console-sent-messages.machine';
import { consoleSentMessagesModelEvents, sentMessagesModelInput } from './console-sent-messages.model';

export const consoleSentMessagesEntry = defineMachine({
  machine: consoleSentMessagesMachine,
  events: consoleSentMessagesModelEvents,
  input: sentMessagesModelInput,
  purpose: 'Console Content — sent template messages: the messages written to customers, newest first with their invoices, more on request; withdraw one after a confirmation (it leaves the contact’s message center)',
  feature: 'Vendor console',
});
