import { defineMachine } from '../registry-entry';
import { consoleSessionMachine } from './console-session.machine';
import { consoleSessionModelEvents } from './console-session.model';

export const consoleSessionEntry = defineMachine({
  machine: consoleSessionMachine,
  events: consoleSessionModelEvents,
  purpose: 'Console frame: who is signed in; sign out here or everywhere; a session that ended sends the person to sign in',
  feature: 'Vendor console',
});
