import { defineMachine } from '../registry-entry';
import { consoleWebhooksMachine } from './console-webhooks.machine';
import { consoleWebhooksModelEvents } from './console-webhooks.model';

export const consoleWebhooksEntry = defineMachine({
  machine: consoleWebhooksMachine,
  events: consoleWebhooksModelEvents,
  purpose: 'Console webhook endpoints (admins): their state; add one (its signing secret shown once); open one’s delivery attempts, send it a signed test event and read the answer, disable or enable it',
  feature: 'Vendor console',
});
