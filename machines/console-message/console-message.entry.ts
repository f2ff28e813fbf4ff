import { defineMachine } from '../registry-entry';
import { consoleMessageMachine } from './console-message.machine';
import { consoleMessageModelEvents, messageModelInput } from './console-message.model';

export const consoleMessageEntry = defineMachine({
  machine: consoleMessageMachine,
  events: consoleMessageModelEvents,
  input: messageModelInput,
  purpose: 'Console “Write to this customer”: a template message to one of the customer’s contacts — subject, text and the open invoices it is about — shown in their message center, where they can pay from it; sent once per press',
  feature: 'Vendor console',
});
