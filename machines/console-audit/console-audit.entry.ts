import { defineMachine } from '../registry-entry';
import { consoleAuditMachine } from './console-audit.machine';
import { consoleAuditModelEvents } from './console-audit.model';

export const consoleAuditEntry = defineMachine({
  machine: consoleAuditMachine,
  events: consoleAuditModelEvents,
  purpose: 'Console Audit log page: every change by a key or a person, newest first, by kind of change, a page at a time, exported as CSV',
  feature: 'Vendor console',
});
