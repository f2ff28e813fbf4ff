/** Actors of the console's invoice upload: the file sent as an import (a dry run first), and the import watched. */
import { fromCallback, fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Import = components['schemas']['Import'];
export type ImportProblem = components['schemas']['ImportProblem'];

/** The largest file the vendor API takes (openapi/vendor.yaml `createImport`: 64 MiB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** How often a running import is read again. */
export const IMPORT_POLL_MS = 1000;

export interface ChosenFile {
  /** the file itself (a browser File: its bytes are read by the upload, never held here) */
  file: Blob;
  name: string;
  size: number;
  format: 'csv' | 'ndjson';
}

/** The file's format by its name, or null when it is neither CSV nor NDJSON. */
export function formatOf(name: string): 'csv' | 'ndjson' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  return null;
}

const TYPES = { csv: 'text/csv', ndjson: 'application/x-ndjson' } as const;

/** Sends the file as an import (streamed by the browser from disk), checked only (`dryRun`) or written. */
export const sendImport = fromPromise<Import, { chosen: ChosenFile; dryRun: boolean; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/imports', {
        params: { query: { dryRun: input.dryRun } },
        headers: { 'Content-Type': TYPES[input.chosen.format], 'Idempotency-Key': input.idempotencyKey },
        body: input.chosen.file as unknown as string,
        bodySerializer: (body: unknown) => body as BodyInit,
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

export type WatchEvent = { type: 'import.progress'; import: Import } | { type: 'import.finished'; import: Import } | { type: 'import.lost' };

const finished = (i: Import) => i.status === 'succeeded' || i.status === 'failed';

/**
 * Reads the import every IMPORT_POLL_MS until it has finished: each reading sent back (`import.progress`), then
 * `import.finished`; `import.lost` when it could not be read (offline). Stopped with its state.
 */
export const watchImport = fromCallback<WatchEvent, { importId: string }>(({ input, sendBack }) => {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = async () => {
    try {
      const current = unwrapConsole(await vendorApi.GET('/imports/{importId}', { params: { path: { importId: input.importId } } }));
      if (stopped) return;
      if (finished(current)) return sendBack({ type: 'import.finished', import: current });
      sendBack({ type: 'import.progress', import: current });
      timer = setTimeout(read, IMPORT_POLL_MS);
    } catch {
      if (!stopped) sendBack({ type: 'import.lost' });
    }
  };
  void read();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
});
