// @vitest-environment node
/**
 * Importing invoices over HTTP (`POST /vendor-api/imports`, `GET /vendor-api/imports/{id}`): a CSV body, an NDJSON
 * part of a multipart body; queued, then run by the imports job; the counts, or every bad row by line and field with
 * nothing written; a dry run; the upload kept in chunks and let go after; over the size limit 413 with nothing kept;
 * an Idempotency-Key replays the same file and refuses another; `import.completed`; wrong media types refused.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { claimImport, importChunks } from '../../server/repos/vendor-imports.js';
import { importInvoices } from '../../server/use-cases/vendor-import.js';
import { IMPORT_LEASE_MS, receiveImport, runImports } from '../../server/use-cases/vendor-http-import.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

let t: TestDb;
let app: FastifyInstance;
let key: string;

const HEADER = 'externalId,locationExternalId,displayInvNum,originalAmount,openAmount,dueDate,status';
const csv = (rows: string[]) => [HEADER, ...rows].join('\n');

async function upload(body: string | Buffer, contentType: string, query = '', idempotencyKey?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/vendor-api/imports${query}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
  const json = res.body ? res.json() : undefined;
  expectMatchesVendorContract('createImport', res.statusCode, json);
  return { status: res.statusCode, body: json, headers: res.headers };
}

async function get(path: string, operationId: string) {
  const res = await app.inject({ url: `/vendor-api${path}`, headers: { authorization: `Bearer ${key}` } });
  const json = res.json();
  expectMatchesVendorContract(operationId, res.statusCode, json);
  return { status: res.statusCode, body: json };
}

/** Runs the imports job and answers the import once it is finished (the run after the upload's answer may have it). */
async function finished(id: string) {
  for (let round = 0; round < 200; round++) {
    await runImports(t.db);
    const { body } = await get(`/imports/${id}`, 'getImport');
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

const chunkCount = async (id: string) => (await t.db.selectFrom('vendorImportChunks').select('seq').where('importId', '=', id).execute()).length;

function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: string }>) {
  const boundary = `----pp${randomUUID()}`;
  const body = Buffer.concat([
    ...parts.map((p) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.data}\r\n`,
      ),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

beforeAll(async () => {
  t = await createTestDb({ seed: true });
  app = await buildApp({ db: t.db, config: testConfig({ vendorImportMaxBytes: 64 * 1024 }), logger: false });
  await app.ready();
  const created = await createApiKey(t.db, t.demo!.vendors.pfg, 'imports');
  if (!created.ok) throw new Error('no key');
  key = created.value.secret;
  const res = await app.inject({
    method: 'POST',
    url: '/vendor-api/locations/batch',
    headers: { authorization: `Bearer ${key}` },
    payload: { locations: [{ externalId: 'IMP-L', displayName: 'Import Street' }] },
  });
  expect(res.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('importing a file over HTTP', () => {
  it('a CSV body: 202 queued with its Location, then succeeded with its counts; the invoices are there; import.completed; the chunks let go', async () => {
    const sent = await upload(csv(['IMP-1,IMP-L,I-1,10,10,2027-01-15,open', 'IMP-2,IMP-L,"I-2, two",20.5,20.5,,open']), 'text/csv');
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ kind: 'invoices', format: 'csv', dryRun: false, problems: [], problemCount: 0 });
    expect(['queued', 'running', 'succeeded']).toContain(sent.body.status);
    expect(sent.headers.location).toBe(`/vendor-api/imports/${sent.body.id}`);
    const done = await finished(sent.body.id);
    expect(done).toMatchObject({ status: 'succeeded', summary: { invoices: 2, created: 2, updated: 0, unchanged: 0, dryRun: false } });
    expect(done.finishedAt).not.toBeNull();
    const invoices = await get('/invoices?externalId=IMP-1&externalId=IMP-2', 'listInvoices');
    expect(invoices.body.invoices.map((i: { displayInvNum: string }) => i.displayInvNum).sort()).toEqual(['I-1', 'I-2, two']);
    const events = await t.db.selectFrom('webhookEvents').select('data').where('type', '=', 'import.completed').execute();
    expect(events.map((e) => (e.data as { import: { id: string } }).import.id)).toContain(sent.body.id);
    expect(await chunkCount(sent.body.id)).toBe(0);
  });

  it('an NDJSON file as the multipart part "file" (its type from the filename)', async () => {
    const { body, contentType } = multipart([
      { name: 'note', data: 'ignored' },
      { name: 'file', filename: 'invoices.ndjson', type: 'application/octet-stream', data: '{"externalId":"IMP-3","locationExternalId":"IMP-L","displayInvNum":"I-3","originalAmount":3,"openAmount":3,"status":"open"}\n' },
    ]);
    const sent = await upload(body, contentType);
    expect(sent.status).toBe(202);
    expect(sent.body.format).toBe('ndjson');
    expect(await finished(sent.body.id)).toMatchObject({ status: 'succeeded', summary: { created: 1 } });
  });

  it('bad rows: failed with every problem by line and field, and nothing written — not even the good rows', async () => {
    const sent = await upload(csv(['IMP-4,IMP-L,I-4,4,4,,open', 'IMP-5,IMP-L,I-5,5.005,5,,open', 'IMP-6,NO-SUCH,I-6,6,6,,open', 'IMP-4,IMP-L,I-4b,4,4,,open']), 'text/csv');
    const done = await finished(sent.body.id);
    expect(done.status).toBe('failed');
    expect(done.summary).toBeNull();
    expect(done.problemCount).toBe(3);
    expect(done.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [3, 'originalAmount'],
      [4, 'locationExternalId'],
      [5, 'externalId'],
    ]);
    expect((await get('/invoices?externalId=IMP-4', 'listInvoices')).body.invoices).toEqual([]);
  });

  it('a dry run counts and writes nothing', async () => {
    const sent = await upload(csv(['IMP-7,IMP-L,I-7,7,7,,open', 'IMP-1,IMP-L,I-1,10,10,2027-01-15,open']), 'text/csv', '?dryRun=true');
    expect(sent.body.dryRun).toBe(true);
    expect(await finished(sent.body.id)).toMatchObject({ status: 'succeeded', summary: { invoices: 2, created: 1, unchanged: 1, dryRun: true } });
    expect((await get('/invoices?externalId=IMP-7', 'listInvoices')).body.invoices).toEqual([]);
  });

  it('progress while running: the records checked so far, a segment at a time, then writing; none once finished', async () => {
    // 12,001 records (three segments of at most 5,000), straight into storage: beyond this server's 64 KiB upload bound
    const rows = Array.from({ length: 12_001 }, (_, i) => `PRG-${i},IMP-L,P-${i},1,1,,open`);
    const pieces = async function* () { yield Buffer.from(csv(rows)); };
    const received = await receiveImport(t.db, t.demo!.vendors.pfg, { format: 'csv', dryRun: true, body: pieces() });
    if (!received.ok) throw new Error('not received');
    const claimed = await claimImport(t.db, new Date(), IMPORT_LEASE_MS);
    expect(claimed?.id).toBe(received.value.id);
    const seen: Array<{ phase: string; rowsChecked: number }> = [];
    const outcome = await importInvoices(t.db, claimed!.vendorId, { format: 'csv', pieces: (reader) => importChunks(reader, claimed!.id) }, {
      dryRun: true,
      onProgress: async (progress) => {
        seen.push(progress);
        // what the vendor reads at that moment
        if (seen.length === 1) {
          await t.db.updateTable('vendorImports').set(progress).where('id', '=', claimed!.id).execute();
          expect((await get(`/imports/${claimed!.id}`, 'getImport')).body).toMatchObject({ status: 'running', progress: { phase: 'checking', rowsChecked: 5_000 } });
        }
      },
    });
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual([
      { phase: 'checking', rowsChecked: 5_000 },
      { phase: 'checking', rowsChecked: 10_000 },
      { phase: 'checking', rowsChecked: 12_001 },
      { phase: 'writing', rowsChecked: 12_001 },
    ]);
    // the job runs it (the lease is let go first) and the finished import shows no progress
    await t.db.updateTable('vendorImports').set({ leaseUntil: new Date(0) }).where('id', '=', claimed!.id).execute();
    const done = await finished(claimed!.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: null, summary: { invoices: 12_001, created: 12_001, dryRun: true } });
  }, 60_000);

  it('over the size limit: 413 and nothing kept', async () => {
    const before = await t.db.selectFrom('vendorImports').select('id').execute();
    const rows = Array.from({ length: 4_000 }, (_, i) => `BIG-${i},IMP-L,B-${i},1,1,,open`); // about 100 KiB, over the 64 KiB set here
    const sent = await upload(csv(rows), 'text/csv');
    expect(sent.status).toBe(413);
    expect(sent.body).toMatchObject({ errorCode: 'payload_too_large' });
    expect(await t.db.selectFrom('vendorImports').select('id').execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom('vendorImportChunks').select('seq').execute()).toHaveLength(0);
  });

  it('an Idempotency-Key: the same file again answers the first import (one import); another file under the key is 409', async () => {
    const idempotencyKey = randomUUID();
    const file = csv(['IMP-8,IMP-L,I-8,8,8,,open']);
    const first = await upload(file, 'text/csv', '', idempotencyKey);
    const again = await upload(file, 'text/csv', '', idempotencyKey);
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await upload(csv(['IMP-9,IMP-L,I-9,9,9,,open']), 'text/csv', '', idempotencyKey);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ errorCode: 'idempotency_key_reused' });
    const imports = await t.db.selectFrom('vendorImports').select('id').where('id', '=', first.body.id).execute();
    expect(imports).toHaveLength(1);
    await finished(first.body.id);
  });

  it('refused: a JSON body (415), a multipart body without its file part, a file of another kind (400); another vendor’s import is 404', async () => {
    const json = await app.inject({ method: 'POST', url: '/vendor-api/imports', headers: { authorization: `Bearer ${key}` }, payload: { invoices: [] } });
    expect(json.statusCode).toBe(415);
    const noFile = multipart([{ name: 'note', data: 'x' }]);
    expect((await upload(noFile.body, noFile.contentType)).body).toMatchObject({ errorCode: 'validation_failed', field: 'file' });
    const pdf = multipart([{ name: 'file', filename: 'invoices.pdf', type: 'application/pdf', data: '%PDF' }]);
    expect((await upload(pdf.body, pdf.contentType)).status).toBe(400);
    const theirs = await t.db.insertInto('vendorImports').values({ vendorId: t.demo!.vendors.coastal, kind: 'invoices', format: 'csv', createdAt: new Date() }).returning('id').executeTakeFirstOrThrow();
    expect((await get(`/imports/${theirs.id}`, 'getImport')).status).toBe(404);
  });
});
