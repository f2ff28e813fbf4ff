import { defineMachine } from '../registry-entry';
import { consoleKeysMachine } from './console-keys.machine';
import { consoleKeysModelEvents, keysModelInput } from './console-keys.model';

export const consoleKeysEntry = defineMachine({
  machine: consoleKeysMachine,
  events: consoleKeysModelEvents,
  input: keysModelInput,
  purpose: 'Console API keys (admins): the vendor’s keys; create one (full or read-only, expiring on a day or never) whose secret is shown once; revoke one after a confirmation',
  feature: 'Vendor console',
});
