import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { Import } from './console-import.actors';
import type { consoleImportMachine } from './console-import.machine';

const HEADER = 'externalId,locationExternalId,displayInvNum,originalAmount,openAmount,dueDate,status';
/** the file with one bad row (line 3: an amount with three decimals), and the same file fixed */
export const badFileText = [HEADER, 'UP-1,LOC-BLUE-HERON,UP-1,10,10,2027-01-15,open', 'UP-2,LOC-BLUE-HERON,UP-2,5.005,5,2027-01-15,open'].join('\n');
export const fixedFileText = [HEADER, 'UP-1,LOC-BLUE-HERON,UP-1,10,10,2027-01-15,open', 'UP-2,LOC-BLUE-HERON,UP-2,5.05,5.05,2027-01-15,open'].join('\n');
export const BAD_FILE = 'invoices.csv';
export const FIXED_FILE = 'invoices-fixed.csv';
export const WRONG_FILE = 'invoices.xlsx';

export function importSample(n: number, overrides: Partial<Import> = {}): Import {
  return {
    id: `6c1f2e3d-4a5b-4c6d-8e7f-9a0b1c2d3e4${n}`,
    kind: 'invoices',
    format: 'csv',
    dryRun: true,
    status: 'queued',
    bytes: 180,
    summary: null,
    problems: [],
    problemCount: 0,
    createdAt: '2026-11-29T15:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    progress: null,
    ...overrides,
  };
}

const running = (i: Import): Import => ({ ...i, status: 'running', startedAt: '2026-11-29T15:00:01.000Z', progress: { phase: 'checking', rowsChecked: 2 } });
const failed = (i: Import): Import => ({
  ...i,
  status: 'failed',
  finishedAt: '2026-11-29T15:00:02.000Z',
  problems: [{ line: 3, field: 'originalAmount', message: 'must be an amount in dollars with at most 2 decimals' }],
  problemCount: 1,
});
const succeeded = (i: Import): Import => ({
  ...i,
  status: 'succeeded',
  finishedAt: '2026-11-29T15:00:02.000Z',
  summary: { invoices: 2, created: 2, updated: 0, unchanged: 0, canceledPayments: [], dryRun: i.dryRun },
});

/**
 * Model events: a file with one bad row, a file of another kind, the fixed file once the check found the problem; each
 * upload's answer (queued; offline), the watched import's readings (running once, then finished — the bad file fails
 * its check, the fixed one passes; lost), retries, and the confirmation that writes it.
 */
export function consoleImportModelEvents(snapshot: SnapshotFrom<typeof consoleImportMachine>): EventObject[] {
  const { chosen, notice, check, write } = snapshot.context;
  const watched = snapshot.matches('writing') ? write : check;
  const fixed = chosen?.name === FIXED_FILE;
  const candidates: AnyEventObject[] = [
    ...(chosen === null ? [{ type: 'file.choose', file: new Blob([badFileText]), name: BAD_FILE }] : []),
    ...(chosen === null && notice === null ? [{ type: 'file.choose', file: new Blob(['PK']), name: WRONG_FILE }] : []),
    ...(chosen?.name === BAD_FILE && check?.status === 'failed' ? [{ type: 'file.choose', file: new Blob([fixedFileText]), name: FIXED_FILE }] : []),
    { type: 'xstate.done.actor.sendCheck', output: importSample(fixed ? 2 : 1) },
    ...(chosen?.name === BAD_FILE ? [{ type: 'xstate.error.actor.sendCheck', error: new ConsoleApiError(0) }] : []),
    ...(watched?.status === 'queued' ? [{ type: 'import.progress', import: running(watched) }] : []),
    ...(watched ? [{ type: 'import.finished', import: watched.dryRun && !fixed ? failed(watched) : succeeded(watched) }] : []),
    ...(watched?.status === 'running' ? [{ type: 'import.lost' }] : []),
    { type: 'watch.retry' },
    { type: 'upload.retry' },
    { type: 'import.confirm' },
    { type: 'xstate.done.actor.sendWrite', output: importSample(3, { dryRun: false }) },
    { type: 'xstate.error.actor.sendWrite', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
