/**
 * The invoice file import of a vendor without an integration (`npm run vendor -- import invoices <file>`): the file
 * (server/domain/invoice-file.ts) is checked whole — its rows against the contract, then against the vendor's rows
 * (unknown locations, a scheduled invoice moved to another location) — and every problem is answered with its line.
 * Only a file without any is written, through the API's own invoice batch (`upsertInvoicesIn`, so the same rules and
 * the same idempotency), in ONE transaction however many rows it has: all of it or nothing. A dry run does every write
 * and rolls the transaction back, so its counts are the real ones.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../config.js';
import type { Db } from '../db/connect.js';
import {
  fileSegments,
  invoiceInputValidator,
  readInvoiceSegment,
  type FileProblem,
  type FileRow,
  type InvoiceFileFormat,
  type InvoiceInputValidator,
} from '../domain/invoice-file.js';
import { scheduledInvoicesByExternalId } from '../repos/vendor-records.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { Refused } from './outcome.js';
import { INVOICE_CHUNK, upsertInvoicesIn, vendorLocationIds, type InvoiceInput } from './vendor-batches.js';

export type { FileProblem, InvoiceFileFormat } from '../domain/invoice-file.js';

export interface ImportSummary {
  invoices: number;
  created: number;
  updated: number;
  unchanged: number;
  /** confirmation numbers of the scheduled payments that closing or voiding an invoice canceled */
  canceledPayments: string[];
  /** true: nothing was written, the counts are what the import would do */
  dryRun: boolean;
}

export type ImportOutcome = { ok: true; value: ImportSummary } | { ok: false; problems: FileProblem[]; problemCount: number };

let contractValidator: InvoiceInputValidator | undefined;

/** The contract's `InvoiceInput`, compiled once per process. */
function validator(): InvoiceInputValidator {
  contractValidator ??= invoiceInputValidator(parse(readFileSync(path.resolve(projectRoot, 'openapi/vendor.yaml'), 'utf8')) as object);
  return contractValidator;
}

/** Thrown inside the transaction to roll it back (a dry run, or problems found) with the answer it carries. */
class RolledBack extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('rolled back');
  }
}

const byLine = (a: FileProblem, b: FileProblem) => (a.line ?? 0) - (b.line ?? 0);

/** Problems listed at most (all are counted): a file of 100,000 bad rows answers the first 1,000 and the count. */
export const IMPORT_PROBLEM_LIMIT = 1_000;

/** Invoices per segment read, checked and written at a time (the file is never held whole). */
export const IMPORT_SEGMENT_RECORDS = 5_000;

export async function importInvoiceFile(
  db: Db,
  vendorId: string,
  file: { format: InvoiceFileFormat; text: string },
  options: { dryRun?: boolean; now?: Date } = {},
): Promise<ImportOutcome> {
  return importInvoices(db, vendorId, { format: file.format, pieces: () => oneBuffer(file.text) }, options);
}

async function* oneBuffer(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, 'utf8');
}

/**
 * The import of a file arriving in pieces (an upload kept in chunks, a file on disk): `pieces` is called once per
 * pass. Pass 1 reads the file a segment at a time (`fileSegments`) and checks each against the contract and the
 * vendor's rows; any problem → nothing is written and the problems are answered (the first IMPORT_PROBLEM_LIMIT, and
 * how many in all). Pass 2 writes every segment through the API's batch in ONE transaction: all or nothing, however
 * many rows; a dry run rolls it back, so its counts are the real ones. Memory holds one segment, never the file.
 */
export async function importInvoices(
  db: Db,
  vendorId: string,
  // called once per pass with the connection to read through (the write pass's transaction: on the embedded database a
  // read beside it would wait for it)
  file: { format: InvoiceFileFormat; pieces: (reader: Db) => AsyncIterable<Uint8Array> },
  {
    dryRun = false,
    now = new Date(),
    problemLimit = IMPORT_PROBLEM_LIMIT,
    onProgress,
  }: { dryRun?: boolean; now?: Date; problemLimit?: number; onProgress?: (progress: { phase: 'checking' | 'writing'; rowsChecked: number }) => Promise<void> } = {},
): Promise<ImportOutcome> {
  if (!(await vendorSettings(db, vendorId))) return { ok: false, problems: [{ message: `No vendor ${vendorId}.` }], problemCount: 1 };
  const validate = validator();
  // pass 1: every problem, the file read once
  const problems: FileProblem[] = [];
  let problemCount = 0;
  let rowsChecked = 0;
  const seen = new Map<string, number>();
  for await (const segment of fileSegments(file.format, file.pieces(db), IMPORT_SEGMENT_RECORDS)) {
    const parsed = readInvoiceSegment(file.format, segment, validate, seen);
    const found = [...parsed.problems, ...(await storedRowProblems(db, vendorId, parsed))].sort(byLine);
    problemCount += found.length;
    for (const problem of found) if (problems.length < problemLimit) problems.push(problem);
    // the records read: each line a row or a problem starts on (the CSV header is no record)
    const lines = new Set([...parsed.rows.map((r) => r.line), ...parsed.problems.map((p) => p.line)]);
    lines.delete(undefined);
    if (file.format === 'csv') lines.delete(1);
    rowsChecked += lines.size;
    await onProgress?.({ phase: 'checking', rowsChecked });
  }
  // the file's ids are the one thing pass 1 held for the whole file (each once per file): let them go
  seen.clear();
  if (problemCount > 0) return { ok: false, problems, problemCount };
  // pass 2: the writes, one transaction (told before it opens: on the embedded database a write beside it would wait)
  await onProgress?.({ phase: 'writing', rowsChecked });
  let rows: FileRow[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const summary: ImportSummary = { invoices: 0, created: 0, updated: 0, unchanged: 0, canceledPayments: [], dryRun };
      for await (const segment of fileSegments(file.format, file.pieces(trx), IMPORT_SEGMENT_RECORDS)) {
        // pass 1 found every id once in the file: a segment's own ids are all this pass keeps
        const parsed = readInvoiceSegment(file.format, segment, validate, new Map());
        rows = parsed.rows;
        // the file changed between the passes (it cannot: its pieces are kept) — refuse rather than write half
        if (parsed.problems.length > 0) throw new RolledBack({ ok: false, problems: parsed.problems.slice(0, problemLimit), problemCount: parsed.problems.length });
        const results = await upsertInvoicesIn(trx, vendorId, parsed.rows.map((r) => r.item as InvoiceInput), now);
        summary.invoices += results.length;
        for (const r of results) {
          if (r.outcome === 'created') summary.created++;
          else if (r.outcome === 'updated') summary.updated++;
          else if (r.outcome === 'unchanged') summary.unchanged++;
          summary.canceledPayments.push(...(r.canceledPayments ?? []));
        }
      }
      if (dryRun) throw new RolledBack({ ok: true, value: summary });
      return { ok: true as const, value: summary };
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    // what the checks above could not see yet: a row another process changed meanwhile (the batch locks and re-checks)
    if (error instanceof Refused) return { ok: false, problems: [problemOfRefusal(error.refusal, rows)], problemCount: 1 };
    throw error;
  }
}

/**
 * What the vendor's rows say against the file's: a location externalId the vendor does not have, and an invoice with
 * a scheduled payment sent for another location (its payment belongs to the one it was scheduled at). Every row is
 * looked at, so all of them are reported at once; a field that is already wrong in the file is not looked up.
 */
async function storedRowProblems(trx: Db, vendorId: string, file: { rows: FileRow[]; problems: FileProblem[] }): Promise<FileProblem[]> {
  const wrong = new Set(file.problems.map((p) => `${p.line}/${p.field}`));
  const usable = (row: FileRow, field: 'externalId' | 'locationExternalId') => {
    const value = row.item[field] as unknown;
    return typeof value === 'string' && value !== '' && !wrong.has(`${row.line}/${field}`);
  };
  const problems: FileProblem[] = [];
  const withLocation = file.rows.filter((row) => usable(row, 'locationExternalId'));
  const locations = await vendorLocationIds(trx, vendorId, withLocation.map((row) => row.item.locationExternalId));
  for (const row of withLocation) {
    if (!locations.has(row.item.locationExternalId)) {
      problems.push({ line: row.line, field: 'locationExternalId', message: `the vendor has no location ${JSON.stringify(row.item.locationExternalId)}; send it in a location batch first` });
    }
  }
  const moving = withLocation.filter((row) => locations.has(row.item.locationExternalId) && usable(row, 'externalId'));
  for (let start = 0; start < moving.length; start += INVOICE_CHUNK) {
    const chunk = moving.slice(start, start + INVOICE_CHUNK);
    const scheduled = await scheduledInvoicesByExternalId(trx, vendorId, chunk.map((row) => row.item.externalId));
    for (const row of chunk) {
      const stored = scheduled.get(row.item.externalId);
      if (stored && stored.locationId !== locations.get(row.item.locationExternalId)) {
        problems.push({ line: row.line, field: 'locationExternalId', message: `invoice ${stored.displayInvNum} has a scheduled payment and cannot move to another location` });
      }
    }
  }
  return problems;
}

/** `invoices[12].locationExternalId: …` of the batch → the line of its 13th row and the field. */
function problemOfRefusal(refusal: { message: string; field?: string }, rows: FileRow[]): FileProblem {
  const match = /^invoices\[(\d+)\]\.(.+)$/.exec(refusal.field ?? '');
  if (!match) return { message: refusal.message };
  const prefix = `${refusal.field}: `;
  return { line: rows[Number(match[1])]?.line, field: match[2], message: refusal.message.startsWith(prefix) ? refusal.message.slice(prefix.length) : refusal.message };
}
