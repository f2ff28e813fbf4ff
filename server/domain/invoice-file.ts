/**
 * An invoice file a vendor without an integration sends (`npm run vendor -- import invoices <file>`), read into the
 * API's `InvoiceInput` items (openapi/vendor.yaml) with the line each starts on, and everything wrong with it:
 *
 * - CSV: a header row naming the columns (`INVOICE_COLUMNS`: the `InvoiceInput` fields, `shipTo` as `shipToId` and
 *   `shipToName`); an empty cell is an absent field. Amounts are plain decimal numbers (`1234.5`, `-15.25`).
 * - NDJSON: one `InvoiceInput` JSON object per line, exactly as the API takes it.
 *
 * Each item is checked against the contract's `InvoiceInput` schema (so the same bounds as the API: lengths, the amount
 * range, dates, the status) plus what the schema cannot say (at most two decimals, no NUL character), and every
 * externalId once per file. All problems are collected, not only the first, so one round of fixes suffices. Pure: the
 * validator is compiled from the contract document given (`invoiceInputValidator`); the rows the database knows
 * (locations, scheduled invoices) are the use case's (server/use-cases/vendor-import.ts).
 */
import Papa from 'papaparse';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { components } from '../../core/api/vendor-schema.js';
import { centsOrProblem } from './amount-field.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop in some loaders.
const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ??
  addFormatsImport) as typeof addFormatsImport;

export type InvoiceInputItem = components['schemas']['InvoiceInput'];
export type InvoiceFileFormat = 'csv' | 'ndjson';

/** What is wrong, where: `line` is the file's line the row starts on (1 = the CSV header); `field` the column or key. */
export interface FileProblem {
  line?: number;
  field?: string;
  message: string;
}

export interface FileRow {
  line: number;
  item: InvoiceInputItem;
  /** false when the row has a problem: `item` is then what could be read of it, not a valid `InvoiceInput` */
  valid: boolean;
}

export interface InvoiceFile {
  rows: FileRow[];
  problems: FileProblem[];
}

/** The CSV columns, in the order docs/vendor-integration.md ("File import") and a template list them. */
export const INVOICE_COLUMNS = [
  'externalId', 'locationExternalId', 'displayInvNum', 'originalAmount', 'openAmount', 'dueDate', 'invoiceDate',
  'externalInvoiceDate', 'poRefId', 'shipToId', 'shipToName', 'status',
] as const;
type Column = (typeof INVOICE_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly Column[] = ['externalId', 'locationExternalId', 'displayInvNum', 'originalAmount', 'openAmount', 'status'];
const AMOUNT_FIELDS = ['originalAmount', 'openAmount'] as const;

export type InvoiceInputValidator = ValidateFunction;

/** The contract's `InvoiceInput` as a validator collecting every error (`document`: the parsed openapi/vendor.yaml). */
export function invoiceInputValidator(document: object): InvoiceInputValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'vendor');
  return ajv.compile({ $ref: 'vendor#/components/schemas/InvoiceInput' });
}

export function readInvoiceFile(format: InvoiceFileFormat, text: string, validate: InvoiceInputValidator): InvoiceFile {
  // a spreadsheet's UTF-8 export starts with a byte-order mark, which would otherwise be part of the first column's name
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const file = format === 'csv' ? readCsv(body, validate) : readNdjson(body, validate);
  refuseDuplicateIds(file, new Map());
  file.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return file;
}

/**
 * A part of a file of whole records (`fileSegments`): its text — for a CSV, the header line and then the records — and
 * the file's line its first record starts on.
 */
export interface FileSegment {
  text: string;
  firstLine: number;
  /** the first segment of the file (it alone reports the CSV header's problems) */
  first: boolean;
}

/**
 * A file arriving in pieces (an upload's chunks, however they are cut), as segments of at most `records` whole
 * records each: UTF-8 decoded across the pieces' edges, a CSV record never cut inside a quoted cell (which may hold
 * line breaks), blank lines not counted. Only one segment's text is held at a time: a file of any size is read in
 * flat memory. A file with no record yields one segment without records (read, it says what is wrong).
 */
export async function* fileSegments(format: InvoiceFileFormat, pieces: AsyncIterable<Uint8Array>, records = 5_000): AsyncGenerator<FileSegment> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let scan = 0; // where scanning goes on in `buffer`
  let recordStart = 0; // where the current record starts in `buffer`
  let segmentStart = 0; // where the current segment's first record starts in `buffer`
  let inQuotes = false;
  let line = 1; // the file's line at `scan`
  let recordLine = 1; // the line the current record starts on
  let segmentLine = 1;
  let count = 0; // non-blank records in the current segment
  let header: string | undefined;
  let first = true;
  let started = false;
  // the last segment of a file without any record is still read (it says the file is empty, or what is wrong with
  // its header)
  const flush = (end: number, final = false): FileSegment | undefined => {
    const body = count > 0 ? buffer.slice(segmentStart, end) : '';
    const text = format === 'csv' ? (header === undefined ? '' : `${header}\n${body}`) : body;
    const segment = count > 0 || (final && first) ? { text, firstLine: segmentLine, first } : undefined;
    if (segment) first = false;
    count = 0;
    return segment;
  };
  const consume = function* (final: boolean): Generator<FileSegment> {
    for (; scan < buffer.length; scan++) {
      const code = buffer.charCodeAt(scan);
      if (format === 'csv' && code === 34 /* " */) inQuotes = !inQuotes;
      if (code !== 10 /* \n */ || inQuotes) continue;
      // a record ends at this line break
      const record = buffer.slice(recordStart, scan);
      line += countLineBreaks(record) + 1;
      if (format === 'csv' && header === undefined) {
        if (record.trim() !== '') {
          // kept with its own line ending (a `\r` before the break), so the segment's lines all end alike
          header = record;
          segmentStart = scan + 1;
          segmentLine = line;
        }
      } else if (record.trim() !== '') {
        if (count === 0) {
          segmentStart = recordStart;
          segmentLine = recordLine;
        }
        count++;
      }
      recordStart = scan + 1;
      recordLine = line;
      if (count >= records) {
        // the record's own line break goes with it (a CRLF file's segment then ends in `\r\n` as its lines do)
        const segment = flush(scan + 1);
        if (segment) yield segment;
        buffer = buffer.slice(scan + 1);
        scan = -1;
        recordStart = 0;
        segmentStart = 0;
      }
    }
    if (final) {
      const rest = buffer.slice(recordStart);
      if (rest.trim() !== '') {
        if (format === 'csv' && header === undefined) header = rest;
        else {
          if (count === 0) {
            segmentStart = recordStart;
            segmentLine = recordLine;
          }
          count++;
        }
      }
      const segment = flush(buffer.length, true);
      if (segment) yield segment;
    }
  };
  for await (const piece of pieces) {
    let text = decoder.decode(piece, { stream: true });
    if (!started && text.length > 0) {
      started = true;
      // a spreadsheet's UTF-8 export starts with a byte-order mark
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    buffer += text;
    yield* consume(false);
    // what scanning passed and no record still needs is let go
    const keep = Math.min(recordStart, count > 0 ? segmentStart : recordStart);
    if (keep > 0) {
      buffer = buffer.slice(keep);
      scan -= keep;
      recordStart -= keep;
      segmentStart -= keep;
    }
  }
  buffer += decoder.decode();
  yield* consume(true);
}

function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * One segment read as `readInvoiceFile` reads a file, its problems and rows at the file's own lines, and every
 * externalId checked once per FILE against `seen` (the ids of the segments before, with their lines).
 */
export function readInvoiceSegment(format: InvoiceFileFormat, segment: FileSegment, validate: InvoiceInputValidator, seen: Map<string, number>): InvoiceFile {
  const file = format === 'csv' ? readCsv(segment.text, validate) : readNdjson(segment.text, validate);
  // CSV: the segment's line 1 is the header (the file's own header line), its line 2 the segment's first record
  const shift = (line: number) => (format === 'csv' ? (line === 1 ? line : line - 2 + segment.firstLine) : line - 1 + segment.firstLine);
  for (const row of file.rows) row.line = shift(row.line);
  file.problems = file.problems
    .filter((p) => segment.first || !(format === 'csv' && (p.line === 1 || p.line === undefined)))
    .map((p) => (p.line === undefined ? p : { ...p, line: shift(p.line) }));
  refuseDuplicateIds(file, seen);
  file.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return file;
}

// ───────────────────────────── CSV ─────────────────────────────

function readCsv(text: string, validate: InvoiceInputValidator): InvoiceFile {
  const rows: FileRow[] = [];
  const problems: FileProblem[] = [];
  let header: string[] | undefined;
  let headerBroken = false;
  // papaparse names rows, not lines (a quoted cell may hold line breaks): count the lines up to where each row starts
  let rowStart = 0;
  let scanned = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    skipEmptyLines: false,
    step: (result) => {
      const cursor = result.meta.cursor;
      for (let i = scanned; i < rowStart; i++) if (text.charCodeAt(i) === 10) line++;
      scanned = rowStart;
      const rowLine = line;
      rowStart = cursor;
      const cells = result.data;
      if (cells.every((cell) => cell.trim() === '')) return; // a blank line
      if (!header) {
        header = cells.map((cell) => cell.trim());
        const wrong = headerProblems(header, rowLine);
        problems.push(...wrong);
        headerBroken = wrong.length > 0;
        return;
      }
      if (headerBroken) return;
      for (const error of result.errors) problems.push({ line: rowLine, message: `${error.message.replace(/\.$/, '')} (CSV quoting)` });
      if (result.errors.length > 0) return;
      if (cells.length !== header.length) {
        problems.push({ line: rowLine, message: `has ${cells.length} cells, the header has ${header.length} columns` });
        return;
      }
      rows.push(checkRow(rowLine, csvItem(header, cells), 'csv', validate, problems));
    },
  });
  if (!header) return { rows, problems: [{ message: 'The file is empty: a header row naming the columns is expected.' }] };
  // a broken header makes every row wrong the same way: it is said once, not once per row
  if (!headerBroken && rows.length === 0 && problems.length === 0) problems.push({ message: 'The file has a header but no invoices.' });
  return { rows, problems };
}

function headerProblems(header: string[], line: number): FileProblem[] {
  const problems: FileProblem[] = [];
  const known = new Set<string>(INVOICE_COLUMNS);
  const seen = new Set<string>();
  for (const [index, name] of header.entries()) {
    if (name === '') problems.push({ line, message: `column ${index + 1} has no name (the columns are ${INVOICE_COLUMNS.join(', ')})` });
    else if (!known.has(name)) problems.push({ line, field: name, message: `unknown column (the columns are ${INVOICE_COLUMNS.join(', ')})` });
    else if (seen.has(name)) problems.push({ line, field: name, message: 'column appears twice' });
    seen.add(name);
  }
  for (const name of REQUIRED_COLUMNS) if (!seen.has(name)) problems.push({ line, field: name, message: 'required column is missing' });
  return problems;
}

/** A CSV amount as the number it writes, or the text when it is none (the check then names it). */
function csvAmount(cell: string): number | string {
  const text = cell.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : cell;
}

/** The row as the API's item: an empty cell is an absent field; `shipToId` + `shipToName` are `shipTo`. */
function csvItem(header: string[], cells: string[]): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  const cellOf: Partial<Record<string, string>> = {};
  for (const [index, name] of header.entries()) cellOf[name] = cells[index];
  for (const name of INVOICE_COLUMNS) {
    const cell = cellOf[name];
    if (cell === undefined || cell === '' || name === 'shipToId' || name === 'shipToName') continue;
    item[name] = name === 'originalAmount' || name === 'openAmount' ? csvAmount(cell) : cell;
  }
  const { shipToId = '', shipToName = '' } = cellOf;
  if (shipToId !== '' || shipToName !== '') item.shipTo = { id: shipToId, name: shipToName };
  return item;
}

// ───────────────────────────── NDJSON ─────────────────────────────

function readNdjson(text: string, validate: InvoiceInputValidator): InvoiceFile {
  const rows: FileRow[] = [];
  const problems: FileProblem[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      problems.push({ line, message: `is not JSON (${(error as Error).message})` });
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ line, message: 'must be one JSON object (an invoice) per line' });
      continue;
    }
    rows.push(checkRow(line, value as Record<string, unknown>, 'ndjson', validate, problems));
  }
  if (rows.length === 0 && problems.length === 0) problems.push({ message: 'The file is empty: one invoice (a JSON object) per line is expected.' });
  return { rows, problems };
}

// ───────────────────────────── checks ─────────────────────────────

/** `/shipTo/id` → `shipToId` in a CSV (its column), `shipTo.id` in NDJSON (its key). */
function fieldName(path: string, format: InvoiceFileFormat): string {
  const segments = path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (format === 'csv' && segments[0] === 'shipTo' && segments.length === 2) return `shipTo${segments[1]![0]!.toUpperCase()}${segments[1]!.slice(1)}`;
  return segments.join('.');
}

function got(value: unknown): string {
  if (typeof value === 'number') return ` (got ${value})`;
  if (typeof value === 'string' && value.length <= 40) return ` (got ${JSON.stringify(value)})`;
  return '';
}

function describe(error: ErrorObject, value: unknown): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `is not a field of an invoice (the fields are ${INVOICE_COLUMNS.filter((c) => !c.startsWith('shipTo')).join(', ')}, shipTo)`;
    case 'type': {
      const types = ([] as unknown[]).concat(p.type).map(String);
      return `must be ${types.map((t) => (t === 'null' ? 'null' : t === 'number' ? 'a number' : t === 'object' ? 'an object' : `a ${t}`)).join(' or ')}${got(value)}`;
    }
    case 'minLength':
      return 'must not be empty';
    case 'maxLength':
      return `is longer than ${p.limit} characters`;
    case 'minimum':
    case 'maximum':
      return `must be between -999999999.99 and 999999999.99${got(value)}`;
    case 'format':
      return p.format === 'date' ? `must be a date, yyyy-MM-dd${got(value)}` : `must be a ${p.format}${got(value)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).join(', ')}${got(value)}`;
    case 'pattern':
      return 'must not contain control characters';
    default:
      return `${error.message ?? 'is invalid'}${got(value)}`;
  }
}

function valueAt(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const segment of path.split('/').slice(1)) value = (value as Record<string, unknown> | undefined)?.[segment];
  return value;
}

/** A string (or key) holding a NUL character, which PostgreSQL text cannot store and JSON Schema cannot forbid. */
function nulField(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return name;
    const found = nulField(child, name);
    if (found) return found;
  }
  return undefined;
}

function checkRow(line: number, item: Record<string, unknown>, format: InvoiceFileFormat, validate: InvoiceInputValidator, problems: FileProblem[]): FileRow {
  const found = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!found.has(field)) found.set(field, message); // one problem per field: the first says what to fix
  };
  const nul = nulField(item, '');
  if (nul !== undefined) add(nul, 'must not contain a NUL character');
  if (format === 'csv') {
    for (const name of AMOUNT_FIELDS) {
      if (typeof item[name] === 'string') add(name, `is not an amount: digits with an optional decimal point, no thousands separators or currency sign${got(item[name])}`);
    }
    const shipTo = item.shipTo as { id: string; name: string } | undefined;
    if (shipTo && (shipTo.id === '') !== (shipTo.name === '')) add(shipTo.id === '' ? 'shipToId' : 'shipToName', 'shipToId and shipToName go together: give both or neither');
  }
  if (!validate(item)) {
    for (const error of validate.errors ?? []) {
      // the oneOf of `shipTo` (an object or null) adds a "must be null" and a "must match one" beside the real error
      if (error.keyword === 'oneOf' || (error.keyword === 'type' && error.params.type === 'null')) continue;
      const p = error.params as Record<string, unknown>;
      const extra = (p.missingProperty ?? p.additionalProperty ?? p.unevaluatedProperty) as string | undefined;
      const path = extra === undefined ? error.instancePath : `${error.instancePath}/${extra}`;
      add(fieldName(path, format) || 'row', describe(error, valueAt(item, path)));
    }
  }
  for (const name of AMOUNT_FIELDS) {
    const amount = item[name];
    if (typeof amount === 'number' && !found.has(name)) {
      const cents = centsOrProblem(amount, name);
      if ('problem' in cents) add(name, `${cents.problem.slice(name.length + 2)}${got(amount)}`);
    }
  }
  for (const [field, message] of found) problems.push({ line, field, message });
  return { line, item: item as unknown as InvoiceInputItem, valid: found.size === 0 };
}

/** Every externalId once per file (which of two rows would win?): each repeat is a problem naming the first line. */
function refuseDuplicateIds(file: InvoiceFile, first: Map<string, number>) {
  for (const row of file.rows) {
    const id = row.item.externalId as unknown;
    if (typeof id !== 'string' || id === '') continue;
    const earlier = first.get(id);
    if (earlier === undefined) {
      first.set(id, row.line);
      continue;
    }
    file.problems.push({ line: row.line, field: 'externalId', message: `${JSON.stringify(id)} is also on line ${earlier}: each invoice once per file` });
    row.valid = false;
  }
}
