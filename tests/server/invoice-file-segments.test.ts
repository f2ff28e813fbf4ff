// @vitest-environment node
/**
 * A file read in segments (server/domain/invoice-file.ts `fileSegments` + `readInvoiceSegment`, what the HTTP import
 * and the CLI use) says exactly what the file read whole says — the same rows at the same lines, the same problems at
 * the same lines, every externalId once per file — however the file arrives in pieces (cut at every byte, through
 * multi-byte characters, inside quoted cells holding line breaks, with a byte-order mark and CRLF endings) and however
 * few records a segment holds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.js';
import { fileSegments, invoiceInputValidator, readInvoiceFile, readInvoiceSegment, type InvoiceFileFormat } from '../../server/domain/invoice-file.js';

const validate = invoiceInputValidator(parse(readFileSync(path.resolve(projectRoot, 'openapi/vendor.yaml'), 'utf8')) as object);

async function* piecesOf(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readInSegments(format: InvoiceFileFormat, text: string, pieceSize: number, records: number) {
  const seen = new Map<string, number>();
  const rows = [];
  const problems = [];
  for await (const segment of fileSegments(format, piecesOf(Buffer.from(text, 'utf8'), pieceSize), records)) {
    const read = readInvoiceSegment(format, segment, validate, seen);
    rows.push(...read.rows);
    problems.push(...read.problems);
  }
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { rows, problems };
}

const CSV = [
  '\uFEFFexternalId,locationExternalId,displayInvNum,originalAmount,openAmount,dueDate,status',
  'E-1,L-1,"INV 1, part ""one""",10.5,10.5,2026-12-01,open',
  '',
  'E-2,L-1,"a number',
  'on two lines",20,20,,open',
  'E-3,L-1,Café №3 — ünïcödé,30,30,2026-13-01,open',
  'E-1,L-1,again,1,1,,open',
  'E-4,L-1,four,1.005,1,,open',
  'E-5,L-2,five,5,5,,closed',
  '',
].join('\r\n');

const NDJSON = [
  '{"externalId":"N-1","locationExternalId":"L-1","displayInvNum":"Ünï 1","originalAmount":1,"openAmount":1,"status":"open"}',
  '',
  'not json',
  '{"externalId":"N-2","locationExternalId":"L-1","displayInvNum":"two","originalAmount":2,"openAmount":2,"status":"maybe"}',
  '{"externalId":"N-1","locationExternalId":"L-1","displayInvNum":"again","originalAmount":1,"openAmount":1,"status":"open"}',
  '{"externalId":"N-3","locationExternalId":"L-1","displayInvNum":"three","originalAmount":3,"openAmount":3,"status":"open"}',
].join('\n');

describe('a file read in segments says what the file read whole says', () => {
  for (const [format, text] of [['csv', CSV], ['ndjson', NDJSON]] as const) {
    it(`${format}: every piece size from 1 byte, segments of 1, 2 and 5,000 records`, async () => {
      const whole = readInvoiceFile(format, text, validate);
      expect(whole.rows.length).toBeGreaterThan(3);
      expect(whole.problems.length).toBeGreaterThan(2);
      for (const records of [1, 2, 5_000]) {
        for (const pieceSize of [1, 2, 3, 7, 64, 100_000]) {
          const segmented = await readInSegments(format, text, pieceSize, records);
          expect(segmented.rows, `${records} records, pieces of ${pieceSize}`).toEqual(whole.rows);
          expect(segmented.problems, `${records} records, pieces of ${pieceSize}`).toEqual(whole.problems);
        }
      }
    });
  }

  it('an empty file, a header alone, a broken header: the same words as read whole', async () => {
    for (const [format, text] of [['csv', ''], ['ndjson', ''], ['csv', 'externalId,status\n'], ['csv', 'bogus,columns\nE-1,x\nE-2,y\n']] as const) {
      const whole = readInvoiceFile(format, text, validate);
      expect((await readInSegments(format, text, 3, 1)).problems, JSON.stringify(text)).toEqual(whole.problems);
    }
  });

  it('holds one segment, not the file: 20,000 rows in 1 KiB pieces come in segments of at most 5,000', async () => {
    const lines = ['externalId,locationExternalId,displayInvNum,originalAmount,openAmount,status'];
    for (let i = 0; i < 20_000; i++) lines.push(`E-${i},L-1,INV-${i},1,1,open`);
    const text = lines.join('\n');
    const sizes: number[] = [];
    let longest = 0;
    for await (const segment of fileSegments('csv', piecesOf(Buffer.from(text), 1024), 5_000)) {
      sizes.push(segment.text.split('\n').filter((l) => l !== '').length - 1); // less the header
      longest = Math.max(longest, segment.text.length);
    }
    expect(sizes).toEqual([5_000, 5_000, 5_000, 5_000]);
    expect(longest).toBeLessThan(text.length / 3);
  });
});
