import { defineMachine } from '../registry-entry';
import { consoleEventsMachine } from './console-events.machine';
import { consoleEventsModelEvents } from './console-events.model';

export const consoleEventsEntry = defineMachine({
  machine: consoleEventsMachine,
  events: consoleEventsModelEvents,
  purpose: 'Console events log (admins): the vendor’s events newest first, of one type or all, 50 at a time; an event’s data; an event sent again to every endpoint it went to or to one, after a confirmation',
  feature: 'Vendor console',
});
