import { defineMachine } from '../registry-entry';
import { consoleHomeMachine } from './console-home.machine';
import { consoleHomeModelEvents } from './console-home.model';

export const consoleHomeEntry = defineMachine({
  machine: consoleHomeMachine,
  events: consoleHomeModelEvents,
  purpose: 'Console Home: today’s and this week’s collections, scheduled, processing, failed and returned payments, open disputes and short-pays, failing webhook endpoints — each a link to its list; read again on request',
  feature: 'Vendor console',
});
