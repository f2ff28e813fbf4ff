import { defineMachine } from '../registry-entry';
import { consoleSignInMachine } from './console-sign-in.machine';
import { consoleSignInModelEvents } from './console-sign-in.model';

export const consoleSignInEntry = defineMachine({
  machine: consoleSignInMachine,
  events: consoleSignInModelEvents,
  purpose: 'Console sign-in: ask for a link by e-mail, or trade the link’s token for a session',
  feature: 'Vendor console',
});

