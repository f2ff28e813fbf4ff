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
  invoiceInputValidator,
  readInvoiceFile,
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

export type ImportOutcome = { ok: true; value: ImportSummary } | { ok: false; problems: FileProblem[] };

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

export async function importInvoiceFile(
  db: Db,
  vendorId: string,
  file: { format: InvoiceFileFormat; text: string },
  { dryRun = false, now = new Date() }: { dryRun?: boolean; now?: Date } = {},
): Promise<ImportOutcome> {
  if (!(await vendorSettings(db, vendorId))) return { ok: false, problems: [{ message: `No vendor ${vendorId}.` }] };
  const parsed = readInvoiceFile(file.format, file.text, validator());
  try {
    return await db.transaction().execute(async (trx) => {
      const problems = [...parsed.problems, ...(await storedRowProblems(trx, vendorId, parsed))].sort(byLine);
      if (problems.length > 0) throw new RolledBack({ ok: false, problems });
      const results = await upsertInvoicesIn(trx, vendorId, parsed.rows.map((r) => r.item as InvoiceInput), now);
      const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
      const summary: ImportSummary = {
        invoices: results.length,
        created: count('created'),
        updated: count('updated'),
        unchanged: count('unchanged'),
        canceledPayments: results.flatMap((r) => r.canceledPayments ?? []),
        dryRun,
      };
      if (dryRun) throw new RolledBack({ ok: true, value: summary });
      return { ok: true as const, value: summary };
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    // what the checks above could not see yet: a row another process changed meanwhile (the batch locks and re-checks)
    if (error instanceof Refused) return { ok: false, problems: [problemOfRefusal(error.refusal, parsed.rows)] };
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
