/**
 * File imports over the vendor API (`POST /vendor-api/imports`, `GET /vendor-api/imports/{id}`):
 *
 *   receiving ──(upload whole)──▶ queued ──(the imports job claims it)──▶ running ──▶ succeeded | failed
 *
 * - The upload streams into `vendor_import_chunks` a chunk (IMPORT_CHUNK_BYTES) at a time as it arrives: no process
 *   holds the file. Over IMPORT_MAX_BYTES it is refused (413) and nothing is kept; an upload cut off midway is dropped.
 * - The `imports` job (every minute, and at once after the upload's answer) claims the oldest waiting import with a
 *   lease (`for update skip locked`: one process at a time; a process that dies lets the lease run out and another
 *   takes it) and runs the same import as the CLI (use-cases/vendor-import.ts): checked whole, segment by segment,
 *   then written in one transaction, or not at all; `dryRun` rolls it back with the real counts.
 * - The outcome — the counts, or every problem by line and field (the first 1,000, and how many) — is recorded once,
 *   with `import.completed` in the same transaction, and the chunks are let go.
 */
import type { Db } from '../db/connect.js';
import { toIsoString } from '../domain/dates.js';
import { claimImport, deleteImport, finishImport, importChunks, importOfVendor, insertImport, insertImportChunk, markImportProgress, markImportQueued, type ImportRow } from '../repos/vendor-imports.js';
import { importInvoices, type ImportSummary } from './vendor-import.js';
import { recordEvent } from './vendor-events.js';
import { notFoundRefusal, ok, refusal, type Outcome } from './outcome.js';

/** The largest file an import takes: 64 MiB (about 400,000 invoices of a usual CSV). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The upload is kept in chunks of this size. */
export const IMPORT_CHUNK_BYTES = 1024 * 1024;
/** How long a claimed import is its process's before another may take it. */
export const IMPORT_LEASE_MS = 15 * 60_000;

/** An import as the vendor API answers it (openapi/vendor.yaml `Import`). */
export function vendorImport(row: ImportRow) {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    dryRun: row.dryRun,
    status: row.status,
    bytes: row.bytes,
    summary: row.summary as ImportSummary | null,
    problems: row.problems,
    problemCount: row.problemCount,
    createdAt: toIsoString(row.createdAt),
    startedAt: row.startedAt ? toIsoString(row.startedAt) : null,
    finishedAt: row.finishedAt ? toIsoString(row.finishedAt) : null,
    progress: row.status === 'running' && row.phase ? { phase: row.phase, rowsChecked: row.rowsChecked } : null,
  };
}

/** Receives an upload into chunks; queued when whole. */
export async function receiveImport(
  db: Db,
  vendorId: string,
  input: { format: 'csv' | 'ndjson'; dryRun: boolean; body: AsyncIterable<Uint8Array> },
  { maxBytes = IMPORT_MAX_BYTES, chunkBytes = IMPORT_CHUNK_BYTES, now = new Date() }: { maxBytes?: number; chunkBytes?: number; now?: Date } = {},
): Promise<Outcome<ImportRow>> {
  const created = await insertImport(db, { vendorId, kind: 'invoices', format: input.format, dryRun: input.dryRun, createdAt: now });
  let bytes = 0;
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await insertImportChunk(db, created.id, seq++, Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const piece of input.body) {
      bytes += piece.length;
      if (bytes > maxBytes) {
        await deleteImport(db, created.id);
        return { ok: false, refusal: refusal('too_large', 'payload_too_large', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB: split it into several imports.`, 'file') };
      }
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= chunkBytes) await flush();
    }
    await flush();
  } catch (error) {
    // the upload was cut off: nothing of it is kept
    await deleteImport(db, created.id).catch(() => undefined);
    throw error;
  }
  return ok(await markImportQueued(db, created.id, bytes));
}

export async function importOf(db: Db, vendorId: string, importId: string): Promise<Outcome<ImportRow>> {
  const row = await importOfVendor(db, vendorId, importId);
  return row ? ok(row) : { ok: false, refusal: notFoundRefusal('import') };
}

/** Runs waiting imports one after the other until none is left (or `limit`); answers the ids finished. */
export async function runImports(db: Db, { now = () => new Date(), limit = 20 }: { now?: () => Date; limit?: number } = {}): Promise<string[]> {
  const done: string[] = [];
  for (let i = 0; i < limit; i++) {
    const claimed = await claimImport(db, now(), IMPORT_LEASE_MS);
    if (!claimed) break;
    const outcome = await importInvoices(db, claimed.vendorId, { format: claimed.format, pieces: (reader) => importChunks(reader, claimed.id) }, {
      dryRun: claimed.dryRun,
      now: now(),
      onProgress: (progress) => markImportProgress(db, claimed.id, progress),
    });
    const finished = await db.transaction().execute(async (trx) => {
      const row = await finishImport(
        trx,
        claimed.id,
        outcome.ok
          ? { status: 'succeeded', summary: { ...outcome.value }, problems: [], problemCount: 0 }
          : { status: 'failed', summary: null, problems: outcome.problems, problemCount: outcome.problemCount },
        now(),
      );
      if (row) await recordEvent(trx, row.vendorId, 'import.completed', { import: vendorImport(row) }, now());
      return row;
    });
    if (finished) done.push(finished.id);
  }
  return done;
}
