import { defineMachine } from '../registry-entry';
import { consolePasskeysMachine } from './console-passkeys.machine';
import { consolePasskeysModelEvents } from './console-passkeys.model';

export const consolePasskeysEntry = defineMachine({
  machine: consolePasskeysMachine,
  events: consolePasskeysModelEvents,
  purpose: 'Console “Your passkeys” (Team page, every person): the person’s passkeys; add one (named; the browser’s prompt; the server verifies it) — every later sign-in by link then asks for a passkey; remove one after a confirmation',
  feature: 'Vendor console',
});
