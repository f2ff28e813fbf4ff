import { and, assign, not, setup, stateIn } from 'xstate';
import { formatOf, IMPORT_MAX_BYTES, sendImport, watchImport, type ChosenFile, type Import, type WatchEvent } from './console-import.actors';

export type ImportNotice = 'wrong_kind' | 'too_large' | null;

export interface ConsoleImportContext {
  chosen: ChosenFile | null;
  /** the file picked but refused before sending (not CSV or NDJSON, over the limit) */
  notice: ImportNotice;
  /** the dry run: its counts, or every problem by line and field */
  check: Import | null;
  /** the import that writes */
  write: Import | null;
  /** the server's refusal of an upload, in its words */
  problem: string | null;
  /** the Idempotency-Key of the next upload is `<keyBase>-<done>`: a new one per file and per step, the same for a retry */
  keyBase: string;
  done: number;
}

export type ConsoleImportEvent =
  | { type: 'file.choose'; file: Blob; name: string }
  | { type: 'import.confirm' }
  | { type: 'watch.retry' }
  | { type: 'upload.retry' }
  | WatchEvent;

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/** Whether a finished import went through (counted or written), or found problems. */
export const succeeded = (i: Import | null) => i?.status === 'succeeded';

/**
 * The console's invoice upload: a CSV or NDJSON file is checked first (a dry run: its counts, or every bad row by line
 * and field, nothing written), then, when it has no problem, written on confirmation — all of it or nothing. A large
 * file shows how far the check has read. Choosing another file (the one fixed) starts again.
 *
 * idle ──file.choose [csv|ndjson, ≤ 64 MiB]──▶ checking.sending ──▶ checking.watching ──finished──▶ checked
 *   (another kind or too large: notice, stays)        └─refused──▶ refused (upload.retry)   └─lost──▶ checking.lost (watch.retry)
 * checked ──import.confirm [no problem]──▶ writing.sending ──▶ writing.watching ──finished──▶ written
 * file.choose (except while it writes) starts again with that file.
 */
export const consoleImportMachine = setup({
  types: {} as { context: ConsoleImportContext; events: ConsoleImportEvent },
  actors: { sendImport, watchImport },
  guards: {
    acceptable: ({ event }) => event.type === 'file.choose' && formatOf(event.name) !== null && event.file.size <= IMPORT_MAX_BYTES,
    checkPassed: ({ context }) => succeeded(context.check),
  },
  actions: {
    choose: assign(({ context, event }) => {
      const e = event as Extract<ConsoleImportEvent, { type: 'file.choose' }>;
      // a new file is a new key: its uploads never replay another file's
      return { chosen: { file: e.file, name: e.name, size: e.file.size, format: formatOf(e.name)! }, notice: null, check: null, write: null, problem: null, done: context.done + 1 };
    }),
    refuseFile: assign(({ event }) => {
      const e = event as Extract<ConsoleImportEvent, { type: 'file.choose' }>;
      return { notice: (formatOf(e.name) === null ? 'wrong_kind' : 'too_large') as ImportNotice };
    }),
  },
}).createMachine({
  id: 'consoleImport',
  // a function: each page's actor gets its own key base (a plain object is made once, at load, and every later visit
  // would send the first visit's keys again: replayed or refused by the server)
  context: () => ({ chosen: null, notice: null, check: null, write: null, problem: null, keyBase: newKey(), done: 0 }),
  initial: 'idle',
  // Another file (or the same one fixed) starts again from its check; a file of another kind or too large is named.
  // Not while it writes: the write goes on at the server whatever this page does.
  on: {
    'file.choose': [
      { guard: and(['acceptable', not(stateIn('#consoleImport.writing'))]), target: '.checking', actions: 'choose' },
      { guard: not(stateIn('#consoleImport.writing')), actions: 'refuseFile' },
    ],
  },
  states: {
    idle: {},
    checking: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'sendCheck',
            src: 'sendImport',
            input: ({ context }) => ({ chosen: context.chosen!, dryRun: true, idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: { target: 'watching', actions: assign({ check: ({ event }) => event.output, done: ({ context }) => context.done + 1 }) },
            onError: { target: '#consoleImport.refused', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
        watching: {
          invoke: { id: 'watchCheck', src: 'watchImport', input: ({ context }) => ({ importId: context.check!.id }) },
          on: {
            'import.progress': { actions: assign({ check: ({ event }) => event.import }) },
            'import.finished': { target: '#consoleImport.checked', actions: assign({ check: ({ event }) => event.import }) },
            'import.lost': { target: 'lost' },
          },
        },
        lost: { on: { 'watch.retry': { target: 'watching' } } },
      },
    },
    checked: {
      on: { 'import.confirm': { guard: 'checkPassed', target: 'writing' } },
    },
    writing: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'sendWrite',
            src: 'sendImport',
            input: ({ context }) => ({ chosen: context.chosen!, dryRun: false, idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: { target: 'watching', actions: assign({ write: ({ event }) => event.output, done: ({ context }) => context.done + 1 }) },
            onError: { target: '#consoleImport.refused', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
        watching: {
          invoke: { id: 'watchWrite', src: 'watchImport', input: ({ context }) => ({ importId: context.write!.id }) },
          on: {
            'import.progress': { actions: assign({ write: ({ event }) => event.import }) },
            'import.finished': { target: '#consoleImport.written', actions: assign({ write: ({ event }) => event.import }) },
            'import.lost': { target: 'lost' },
          },
        },
        lost: { on: { 'watch.retry': { target: 'watching' } } },
      },
    },
    written: {},
    /** the upload itself was refused (offline, over the limit, a key reused): the same step can be sent again */
    refused: {
      on: {
        'upload.retry': [{ guard: ({ context }) => !succeeded(context.check), target: 'checking' }, { target: 'writing' }],
      },
    },
  },
});
