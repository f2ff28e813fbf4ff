/** `vendor_imports` and `vendor_import_chunks`: file imports over the vendor API and their uploads, kept in chunks. */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface ImportRow {
  id: string;
  vendorId: string;
  kind: 'invoices';
  format: 'csv' | 'ndjson';
  dryRun: boolean;
  status: 'receiving' | 'queued' | 'running' | 'succeeded' | 'failed';
  bytes: number;
  summary: Record<string, unknown> | null;
  problems: Array<{ line?: number; field?: string; message: string }>;
  problemCount: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  phase: 'checking' | 'writing' | null;
  rowsChecked: number;
}

const columns = ['id', 'vendorId', 'kind', 'format', 'dryRun', 'status', 'bytes', 'summary', 'problems', 'problemCount', 'createdAt', 'startedAt', 'finishedAt', 'phase', 'rowsChecked'] as const;
const normal = (row: Record<string, unknown>): ImportRow => ({ ...(row as unknown as ImportRow), bytes: Number(row.bytes) });

export async function insertImport(db: Db, values: { vendorId: string; kind: 'invoices'; format: 'csv' | 'ndjson'; dryRun: boolean; createdAt: Date }): Promise<ImportRow> {
  return normal(await db.insertInto('vendorImports').values(values).returning(columns).executeTakeFirstOrThrow());
}

export async function insertImportChunk(db: Db, importId: string, seq: number, data: Uint8Array): Promise<void> {
  await db.insertInto('vendorImportChunks').values({ importId, seq, data }).execute();
}

/** The upload is whole: the import waits for the job. */
export async function markImportQueued(db: Db, importId: string, bytes: number): Promise<ImportRow> {
  return normal(await db.updateTable('vendorImports').set({ status: 'queued', bytes }).where('id', '=', importId).returning(columns).executeTakeFirstOrThrow());
}

/** How far a running import is (written outside the import's own transaction, so a reader sees it at once). */
export async function markImportProgress(db: Db, importId: string, progress: { phase: 'checking' | 'writing'; rowsChecked: number }): Promise<void> {
  await db.updateTable('vendorImports').set(progress).where('id', '=', importId).where('status', '=', 'running').execute();
}

/** An upload that did not arrive whole (refused, cut off): gone, with its chunks. */
export async function deleteImport(db: Db, importId: string): Promise<void> {
  await db.deleteFrom('vendorImports').where('id', '=', importId).execute();
}

export async function importOfVendor(db: Db, vendorId: string, importId: string): Promise<ImportRow | undefined> {
  const row = await db.selectFrom('vendorImports').select(columns).where('vendorId', '=', vendorId).where('id', '=', importId).executeTakeFirst();
  return row && normal(row);
}

/**
 * Claims the oldest waiting import for `leaseMs`: a queued one, or a running one whose lease ran out (its process
 * died). `for update skip locked`: two processes never take the same one at once.
 */
export async function claimImport(db: Db, now: Date, leaseMs: number): Promise<ImportRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`
    update vendor_imports i set status = 'running', lease_until = ${new Date(now.getTime() + leaseMs)}, started_at = coalesce(i.started_at, ${now}),
           phase = 'checking', rows_checked = 0
     where i.id = (select id from vendor_imports
                    where status = 'queued' or (status = 'running' and lease_until < ${now})
                    order by created_at, id limit 1 for update skip locked)
    returning i.id, i.vendor_id as "vendorId", i.kind, i.format, i.dry_run as "dryRun", i.status, i.bytes, i.summary, i.problems,
              i.problem_count as "problemCount", i.created_at as "createdAt", i.started_at as "startedAt", i.finished_at as "finishedAt",
              i.phase, i.rows_checked as "rowsChecked"`.execute(db);
  return rows[0] && normal(rows[0]);
}

/** The upload's chunks in order, a few at a time (never the whole upload at once). */
export async function* importChunks(db: Db, importId: string): AsyncGenerator<Uint8Array> {
  let after = -1;
  for (;;) {
    const rows = await db.selectFrom('vendorImportChunks').select(['seq', 'data']).where('importId', '=', importId).where('seq', '>', after).orderBy('seq').limit(4).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      after = row.seq;
      yield row.data;
    }
  }
}

/**
 * Records the outcome once — only while this claim still holds the import (`running`, the lease it took) — and lets
 * the upload's chunks go. Answers the import, or undefined when another run recorded it meanwhile.
 */
export async function finishImport(
  db: Db,
  importId: string,
  outcome: { status: 'succeeded' | 'failed'; summary: Record<string, unknown> | null; problems: ImportRow['problems']; problemCount: number },
  now: Date,
): Promise<ImportRow | undefined> {
  const row = await db
    .updateTable('vendorImports')
    .set({ status: outcome.status, summary: outcome.summary === null ? null : JSON.stringify(outcome.summary), problems: JSON.stringify(outcome.problems), problemCount: outcome.problemCount, finishedAt: now, leaseUntil: null, phase: null })
    .where('id', '=', importId)
    .where('status', '=', 'running')
    .returning(columns)
    .executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('vendorImportChunks').where('importId', '=', importId).execute();
  return normal(row);
}

/** Uploads cut off before they were whole (left `receiving`) and finished imports' rows older than `before`. */
export async function purgeImports(db: Db, receivingBefore: Date, finishedBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('vendorImports')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'receiving'), eb('createdAt', '<', receivingBefore)]), eb.and([eb('status', 'in', ['succeeded', 'failed']), eb('finishedAt', '<', finishedBefore)])]))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
