// @vitest-environment node
/**
 * The invoice file import (`npm run vendor -- import invoices <file> --vendor <id> [--dry-run]`) as a vendor without
 * an integration meets it: real CSV and NDJSON files in a temp folder, imported through the CLI's `run`. A good file is
 * written as the API would have written it (read back through the API), the same file again changes nothing, a file
 * with bad rows names every one of them by line and writes nothing, a dry run writes nothing but counts for real, and
 * a file of more than 1,000 rows (the API's batch limit) is one import.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../../server/cli/common.js';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let s: TestServer;
let key: string;
let dir: string;

const HEADER = 'externalId,locationExternalId,displayInvNum,originalAmount,openAmount,dueDate,invoiceDate,externalInvoiceDate,poRefId,shipToId,shipToName,status';

function file(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** Runs the import; answers what it printed, or the error it failed with (a CliError: stderr and exit code 1). */
async function importFile(name: string, ...flags: string[]): Promise<{ out: string; error?: string }> {
  const lines: string[] = [];
  try {
    await vendorCli(s.db, ['import', 'invoices', path.join(dir, name), '--vendor', s.demo.vendors.pfg, ...flags], (line) => lines.push(line));
    return { out: lines.join('\n') };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { out: lines.join('\n'), error: error.message };
  }
}

async function api(operationId: string, url: string, payload?: unknown) {
  const res = await s.app.inject({ method: payload === undefined ? 'GET' : 'POST', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  expectMatchesVendorContract(operationId, res.statusCode, res.json());
  return res.json();
}

async function invoiceCount(): Promise<number> {
  const row = await s.db.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const byExternalId = (externalIds: string[]) =>
  s.db.selectFrom('invoices').select(['externalId', 'openAmountCents', 'updatedAt', 'status']).where('vendorId', '=', s.demo.vendors.pfg).where('externalId', 'in', externalIds).orderBy('externalId').execute();

beforeAll(async () => {
  s = await startTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'pp-vendor-import-'));
  const lines: string[] = [];
  await vendorCli(s.db, ['keys', 'create', '--vendor', s.demo.vendors.pfg, '--name', 'import test', '--json'], (line) => lines.push(line));
  key = JSON.parse(lines[0]!).secret;
  const location = (externalId: string) => ({ externalId, displayName: `Store ${externalId}`, paymentConfigs: [{ provider: 'priority-ach', type: 'ACH', serviceFee: null }] });
  await api('upsertLocations', '/locations/batch', { locations: [location('L-100'), location('L-200')] });
});
afterAll(async () => {
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a CSV file', () => {
  const good = [
    HEADER,
    'csv-1,L-100,INV-1001,120.50,120.50,2026-12-20,,2026-11-20,PO-77,7,Back dock,open',
    // a quoted cell may hold the delimiter; a credit is a negative amount; empty cells are absent fields
    'csv-2,L-100,"INV-1002, part 2",80,40.25,,,,,,,open',
    'csv-3,L-200,CR-9,-15.25,-15.25,,2026-11-01,,,,,closed',
  ].join('\n');

  it('is written as the API writes it, and the import says how many were created', async () => {
    file('good.csv', good);
    const before = await invoiceCount();
    const { out, error } = await importFile('good.csv');
    expect(error).toBeUndefined();
    expect(out).toContain('3 created, 0 updated, 0 unchanged');
    expect(await invoiceCount()).toBe(before + 3);

    const page = await api('listInvoices', '/invoices?limit=1000');
    const got = Object.fromEntries(page.invoices.filter((i: { externalId: string }) => i.externalId.startsWith('csv-')).map((i: { externalId: string }) => [i.externalId, i]));
    expect(got['csv-1']).toMatchObject({
      locationExternalId: 'L-100', displayInvNum: 'INV-1001', originalAmount: 120.5, openAmount: 120.5, dueDate: '2026-12-20',
      externalInvoiceDate: '2026-11-20', poRefId: 'PO-77', shipTo: { id: '7', name: 'Back dock' }, status: 'open', portalStatus: 'open',
    });
    expect(got['csv-2']).toMatchObject({ displayInvNum: 'INV-1002, part 2', originalAmount: 80, openAmount: 40.25, dueDate: null, poRefId: null, shipTo: null });
    expect(got['csv-3']).toMatchObject({ locationExternalId: 'L-200', originalAmount: -15.25, invoiceDate: '2026-11-01', status: 'closed', portalStatus: 'closed' });
  });

  it('the same file again changes nothing: all unchanged, no row touched', async () => {
    const before = await byExternalId(['csv-1', 'csv-2', 'csv-3']);
    const { out, error } = await importFile('good.csv');
    expect(error).toBeUndefined();
    expect(out).toContain('0 created, 0 updated, 3 unchanged');
    expect(await byExternalId(['csv-1', 'csv-2', 'csv-3'])).toEqual(before);
  });

  it('one changed cell is one update', async () => {
    file('changed.csv', good.replace('40.25', '10.00'));
    const { out } = await importFile('changed.csv');
    expect(out).toContain('0 created, 1 updated, 2 unchanged');
    expect((await byExternalId(['csv-2']))[0]!.openAmountCents).toBe(1000);
  });

  it('with bad rows in the middle: every bad line is named with what is wrong, and nothing is written — not even the good rows', async () => {
    const rows = [
      HEADER, //                                                                                 line 1
      'bad-1,L-100,B-1,10,10,,,,,,,open', //                                                       2 good
      'bad-2,L-100,B-2,"1,234.50",10,,,,,,,open', //                                               3 not an amount
      'bad-3,L-100,B-3,10,10.005,,,,,,,open', //                                                   4 three decimals
      'bad-4,L-100,B-4,1000000000,10,,,,,,,open', //                                               5 beyond the bound
      'bad-5,L-100,B-5,10,10,2026-02-30,,,,,,open', //                                             6 no such date
      'bad-6,L-100,B-6,10,10,,,,,,,paid', //                                                       7 unknown status
      'bad-1,L-100,B-7,10,10,,,,,,,open', //                                                       8 externalId again
      'bad-8,NO-SUCH-LOCATION,B-8,10,10,,,,,,,open', //                                            9 unknown location
      `bad-9,L-100,${'N'.repeat(51)},10,10,,,,,,,open`, //                                          10 number too long
      'bad-10,L-100,B-10,10,10,,,,,,,', //                                                         11 status missing
      'bad-11,L-100,B-11,10,10,,,,,7,,open', //                                                    12 ship-to id without name
      'bad-12,L-100,B-12,10,10,open', //                                                           13 too few cells
      `${'x'.repeat(101)},L-100,B-13,10,10,,,,,,,open`, //                                          14 externalId too long
      'bad-14,L-200,B-14,20,20,,,,,,,void', //                                                     15 good
    ];
    file('bad.csv', rows.join('\n') + '\n');
    const before = await invoiceCount();
    const { out, error } = await importFile('bad.csv');
    expect(out).toBe('');
    expect(error).toBeDefined();
    const reported = error!.split('\n');
    const expected: Array<[number, string, RegExp]> = [
      [3, 'originalAmount', /is not an amount.*"1,234.50"/],
      [4, 'openAmount', /at most two decimals.*10\.005/],
      [5, 'originalAmount', /between -999999999\.99 and 999999999\.99/],
      [6, 'dueDate', /must be a date.*2026-02-30/],
      [7, 'status', /must be one of open, closed, void.*"paid"/],
      [8, 'externalId', /"bad-1" is also on line 2/],
      [9, 'locationExternalId', /no location "NO-SUCH-LOCATION"/],
      [10, 'displayInvNum', /longer than 50 characters/],
      [11, 'status', /is required/],
      [12, 'shipToName', /shipToId and shipToName go together/],
      [13, '', /has 6 cells, the header has 12 columns/],
      [14, 'externalId', /longer than 100 characters/],
    ];
    for (const [line, field, reason] of expected) {
      const entry = reported.find((l) => l.startsWith(`line ${line}: ${field}`));
      expect(entry, `line ${line} reported`).toBeDefined();
      expect(entry).toMatch(reason);
    }
    // the good rows are not reported, the bad ones once each, in the order of the file
    expect(reported.filter((l) => l.startsWith('line ')).map((l) => Number(/^line (\d+)/.exec(l)![1]))).toEqual(expected.map(([line]) => line));
    expect(reported.at(-1)).toMatch(/12 problems in 12 lines; nothing was written\.$/);
    expect(await invoiceCount()).toBe(before);
  });

  it('a header with an unknown or a missing column is refused on its line, before any row', async () => {
    file('header.csv', ['externalId,locationExternalId,displayInvNum,amount,openAmount,status', 'h-1,L-100,H-1,10,10,open'].join('\n'));
    const { error } = await importFile('header.csv');
    expect(error).toMatch(/^line 1: amount: unknown column/m);
    expect(error).toMatch(/^line 1: originalAmount: required column is missing/m);
    expect(error).not.toMatch(/^line 2/m);
    expect(error).toMatch(/nothing was written/);
  });

  it('a spreadsheet export (byte-order mark, CRLF line ends, a blank line) reads as well', async () => {
    file('excel.csv', `\uFEFF${HEADER}\r\nxl-1,L-100,XL-1,5,5,,,,,,,open\r\n\r\nxl-2,L-100,XL-2,6,6,,,,,,,open\r\n`);
    const { out, error } = await importFile('excel.csv');
    expect(error).toBeUndefined();
    expect(out).toContain('2 created');
  });

  it('a quoted cell over two lines: the rows after it keep their line numbers', async () => {
    file('multiline.csv', [HEADER, 'ml-1,L-100,"ML-1",5,5,,,,"PO\nsecond line",,,open', 'ml-2,L-100,ML-2,5,5,,,,,,,unknown'].join('\n'));
    expect((await importFile('multiline.csv')).error).toMatch(/^line 4: status: must be one of/m);
  });
});

describe('an NDJSON file', () => {
  const line = (externalId: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ externalId, locationExternalId: 'L-200', displayInvNum: externalId.toUpperCase(), originalAmount: 50, openAmount: 50, dueDate: '2026-12-01', shipTo: { id: '3', name: 'Front door' }, status: 'open', ...extra });

  it('one invoice per line, exactly as the API takes it', async () => {
    file('good.ndjson', [line('nd-1'), line('nd-2', { shipTo: null, poRefId: 'PO-1' }), ''].join('\n'));
    const { out, error } = await importFile('good.ndjson');
    expect(error).toBeUndefined();
    expect(out).toContain('2 created, 0 updated, 0 unchanged');
    const page = await api('listInvoices', '/invoices?limit=1000');
    expect(page.invoices.find((i: { externalId: string }) => i.externalId === 'nd-1')).toMatchObject({ locationExternalId: 'L-200', shipTo: { id: '3', name: 'Front door' }, dueDate: '2026-12-01' });
    expect(page.invoices.find((i: { externalId: string }) => i.externalId === 'nd-2')).toMatchObject({ shipTo: null, poRefId: 'PO-1' });
    expect((await importFile('good.ndjson')).out).toContain('0 created, 0 updated, 2 unchanged');
  });

  it('every bad line is named: not JSON, an unknown field, a string amount, a ship-to without its name', async () => {
    file('bad.ndjson', [line('ndb-1'), '{"externalId": "ndb-2",', line('ndb-3', { colour: 'red' }), line('ndb-4', { openAmount: '50' }), line('ndb-5', { shipTo: { id: '3' } }), '[1, 2]'].join('\n'));
    const before = await invoiceCount();
    const { error } = await importFile('bad.ndjson');
    expect(error).toMatch(/^line 2: is not JSON/m);
    expect(error).toMatch(/^line 3: colour: is not a field of an invoice/m);
    expect(error).toMatch(/^line 4: openAmount: must be a number \(got "50"\)/m);
    expect(error).toMatch(/^line 5: shipTo\.name: is required/m);
    expect(error).toMatch(/^line 6: must be one JSON object/m);
    expect(error).not.toMatch(/^line 1:/m);
    expect(await invoiceCount()).toBe(before);
  });
});

describe('a dry run', () => {
  it('writes nothing, yet counts what the import would do against what is stored', async () => {
    // csv-1 stays, csv-2 changes, dry-1 is new
    file('dry.csv', [HEADER, 'csv-1,L-100,INV-1001,120.50,120.50,2026-12-20,,2026-11-20,PO-77,7,Back dock,open', 'csv-2,L-100,"INV-1002, part 2",80,1.00,,,,,,,open', 'dry-1,L-100,D-1,9,9,,,,,,,open'].join('\n'));
    const before = await byExternalId(['csv-1', 'csv-2', 'dry-1']);
    const count = await invoiceCount();
    const { out, error } = await importFile('dry.csv', '--dry-run');
    expect(error).toBeUndefined();
    expect(out).toContain('would be 1 created, 1 updated, 1 unchanged');
    expect(out).toContain('Nothing was written');
    expect(await byExternalId(['csv-1', 'csv-2', 'dry-1'])).toEqual(before);
    expect(await invoiceCount()).toBe(count);
  });

  it('closing an invoice a customer scheduled: the dry run names the payment it would cancel and cancels nothing; the import cancels it', async () => {
    const group = await s.db
      .selectFrom('paymentGroups as g')
      .innerJoin('payments as p', 'p.paymentGroupId', 'g.id')
      .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
      .select(['g.id', 'g.confirmationNumber', 'g.locationId', 'i.externalId', 'i.displayInvNum', 'i.originalAmountCents'])
      .where('g.vendorId', '=', s.demo.vendors.pfg)
      .where('g.status', '=', 'scheduled')
      .where('i.status', '=', 'scheduled')
      .where('p.paidAmountCents', '!=', 0)
      .executeTakeFirstOrThrow();
    await s.db.updateTable('locations').set({ externalId: 'DEMO-LOC' }).where('id', '=', group.locationId).execute();
    const amount = (group.originalAmountCents / 100).toFixed(2);

    // moving it to another location is refused, by line, before anything is written
    file('move.csv', [HEADER, `${group.externalId},L-100,${group.displayInvNum},${amount},${amount},,,,,,,open`].join('\n'));
    expect((await importFile('move.csv')).error).toMatch(/^line 2: locationExternalId: invoice .* has a scheduled payment and cannot move to another location/m);

    file('close.csv', [HEADER, `${group.externalId},DEMO-LOC,${group.displayInvNum},${amount},0,,,,,,,closed`].join('\n'));
    const dry = await importFile('close.csv', '--dry-run');
    expect(dry.out).toContain('would be 0 created, 1 updated, 0 unchanged');
    expect(dry.out).toContain(`would cancel the scheduled payments ${group.confirmationNumber}`);
    expect((await s.db.selectFrom('paymentGroups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow()).status).toBe('scheduled');

    const real = await importFile('close.csv');
    expect(real.out).toContain(`canceled the scheduled payments ${group.confirmationNumber}`);
    expect((await s.db.selectFrom('paymentGroups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow()).status).toBe('canceled');
  });
});

describe('beyond the API’s 1,000 per batch', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `big-${i},L-${i % 2 ? 100 : 200},BIG-${i},${(i % 500) + 0.5},${(i % 500) + 0.5},2026-12-${String((i % 28) + 1).padStart(2, '0')},,,,,,open`);

  // 4,000 rows of 17 values are more than the 65,535 bind parameters one statement may have: written in chunks
  it('4,000 rows are one import; again, all unchanged', async () => {
    file('big.csv', [HEADER, ...rows(4000)].join('\n'));
    const before = await invoiceCount();
    const first = await importFile('big.csv');
    expect(first.error).toBeUndefined();
    expect(first.out).toContain('4000 created, 0 updated, 0 unchanged');
    expect(await invoiceCount()).toBe(before + 4000);
    expect((await importFile('big.csv')).out).toContain('0 created, 0 updated, 4000 unchanged');
  });

  it('one bad row after the first 2,000 writes none of them', async () => {
    const lines = rows(2400).map((l) => l.replace('big-', 'big2-'));
    lines[2300] = lines[2300]!.replace(/,open$/, ',opened');
    file('big-bad.csv', [HEADER, ...lines].join('\n'));
    const before = await invoiceCount();
    const { error } = await importFile('big-bad.csv');
    expect(error).toMatch(/^line 2302: status: must be one of open, closed, void/m);
    expect(error).toMatch(/1 problem in 1 line; nothing was written/);
    expect(await invoiceCount()).toBe(before);
  });
});

describe('the command', () => {
  it('refuses a file of another kind, a missing file and an unknown vendor', async () => {
    file('invoices.xlsx', 'PK');
    expect((await importFile('invoices.xlsx')).error).toMatch(/must be a \.csv .* or \.ndjson/);
    expect((await importFile('nope.csv')).error).toMatch(/cannot read .*nope\.csv \(ENOENT\)/);
    file('one.csv', [HEADER, 'one-1,L-100,O-1,1,1,,,,,,,open'].join('\n'));
    await expect(vendorCli(s.db, ['import', 'invoices', path.join(dir, 'one.csv'), '--vendor', '00000000-0000-4000-8000-000000000000'], () => {})).rejects.toThrow(/No vendor/);
  });

  it('exits with code 1 and the problems on stderr when run as a process', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-vendor-import-cli-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/vendor.ts', 'import', 'invoices', path.join(dir, 'one.csv'), '--vendor', '00000000-0000-4000-8000-000000000000'], { cwd: root, env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('No vendor 00000000-0000-4000-8000-000000000000');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
