// @vitest-environment node
/**
 * Every error code the server's code can answer is listed by the contracts: the codes are collected from
 * the source — each `refuse(kind, 'code')`, `new ApiError(status, 'code')`, `errorCode: 'code'` and the status map of
 * the framework's refusals — and each must be named by one of the three contracts: in an `errorCode` enum (the vendor
 * API lists them per operation and status; the strict response check of the server tests holds every answer to it)
 * or, for the portal and the payments service, in the documentation of their errors. A new code the contracts do not
 * list fails here.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.d.ts') ? [file] : [];
  });
}

/** code → the files that can answer it */
function codesInServer(): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  const add = (code: string, file: string) => codes.set(code, [...(codes.get(code) ?? []), path.relative(root, file)]);
  for (const file of sourceFiles(path.join(root, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/refuse\(\s*'[a-z_]+',\s*'([a-z_]+)'/g)) add(m[1]!, file);
    for (const m of text.matchAll(/new ApiError\(\s*\d{3},\s*'([a-z_]+)'/g)) add(m[1]!, file);
    for (const m of text.matchAll(/errorCode: '([a-z_]+)'/g)) add(m[1]!, file);
    for (const m of text.matchAll(/\bcode: '([a-z_]+)'/g)) if (file.includes('payments-service')) add(m[1]!, file);
    // the framework's refusals by status (server/http/errors.ts)
    const map = /const statusCodes: Record<number, string> = \{([^}]+)\}/.exec(text);
    if (map) for (const m of map[1]!.matchAll(/\d{3}: '([a-z_]+)'/g)) add(m[1]!, file);
  }
  return codes;
}

function enumsOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => enumsOf(n, into));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, any>;
    if (record.errorCode?.enum) for (const code of record.errorCode.enum) into.add(code);
    Object.values(record).forEach((n) => enumsOf(n, into));
  }
  return into;
}

const contracts = ['portal.yaml', 'vendor.yaml', 'payments.yaml'].map((name) => readFileSync(path.join(root, 'openapi', name), 'utf8'));
const listed = new Set<string>();
for (const text of contracts) {
  enumsOf(parse(text), listed);
  // a code the contract documents in its text: `code`
  for (const m of text.matchAll(/`([a-z][a-z_]+)`/g)) listed.add(m[1]!);
}

describe('error codes', () => {
  it('finds the codes the server can answer (the scan works)', () => {
    const codes = codesInServer();
    for (const known of ['validation_failed', 'not_found', 'no_address', 'not_payable', 'unsupported_media_type', 'unavailable']) expect(codes.has(known), known).toBe(true);
  });

  it('every one of them is listed by a contract', () => {
    const missing = [...codesInServer()].filter(([code]) => !listed.has(code)).map(([code, files]) => `${code} (${[...new Set(files)].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('the vendor API lists them per operation: each 4xx of every operation has an errorCode enum', () => {
    const vendor = parse(contracts[1]!);
    const resolve = (node: any) => (node?.$ref ? node.$ref.replace(/^#\//, '').split('/').reduce((n: any, k: string) => n[k], vendor) : node);
    const unlisted: string[] = [];
    for (const item of Object.values<any>(vendor.paths)) {
      for (const op of Object.values<any>(item)) {
        if (!op?.operationId) continue;
        for (const [status, response] of Object.entries<any>(op.responses)) {
          if (!/^[45]/.test(status)) continue;
          const schema = resolve(resolve(response).content?.['application/json']?.schema);
          if (enumsOf(schema).size === 0) unlisted.push(`${op.operationId} ${status}`);
        }
      }
    }
    expect(unlisted).toEqual([]);
  });
});
