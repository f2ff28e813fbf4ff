import { defineMachine } from '../registry-entry';
import { consoleImportMachine } from './console-import.machine';
import { consoleImportModelEvents } from './console-import.model';

export const consoleImportEntry = defineMachine({
  machine: consoleImportMachine,
  events: consoleImportModelEvents,
  purpose: 'Console invoice upload: a CSV or NDJSON file checked first (a dry run: counts, or every bad row by line and field, with how far a large file has been read), then written on confirmation, all or nothing; the fixed file starts again',
  feature: 'Vendor console',
});
