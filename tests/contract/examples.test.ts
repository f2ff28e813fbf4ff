// @vitest-environment node
/**
 * The vendor contract's examples are true: every example of a request body or an answer validates against its
 * schema (the same strict schemas the server checks requests with and its tests hold answers to), and every operation
 * has them — a request example where it takes a JSON body, an answer example for its JSON success answer (most were
 * recorded from a walk through the real API: scripts/contract-examples.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ?? addFormatsImport) as typeof addFormatsImport;
const root = path.resolve(import.meta.dirname, '../..');
const contract = parse(readFileSync(path.join(root, 'openapi/vendor.yaml'), 'utf8'));

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(contract, 'vendor');

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface Media {
  operationId: string;
  where: string;
  pointer: string;
  media: { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'];
const medias: Media[] = [];
for (const [route, item] of Object.entries<any>(contract.paths)) {
  for (const method of METHODS) {
    const op = item[method];
    if (!op) continue;
    const base = `#/paths/${escape(route)}/${method}`;
    for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
      medias.push({ operationId: op.operationId, where: `request ${type}`, pointer: `${base}/requestBody/content/${escape(type)}/schema`, media });
    }
    for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
      if (response.$ref) continue;
      for (const [type, media] of Object.entries<any>(response.content ?? {})) {
        medias.push({ operationId: op.operationId, where: `${status} ${type}`, pointer: `${base}/responses/${status}/content/${escape(type)}/schema`, media });
      }
    }
  }
}

describe('the vendor contract’s examples', () => {
  const withExamples = medias.filter((m) => m.media.examples || m.media.example !== undefined);

  it('there are examples to check', () => {
    expect(withExamples.length).toBeGreaterThan(40);
  });

  it.each(withExamples.map((m) => [`${m.operationId} ${m.where}`, m] as const))('%s: every example validates against its schema', (_label, m) => {
    const validate = ajv.getSchema(`vendor${m.pointer}`) ?? ajv.compile({ $ref: `vendor${m.pointer}` });
    const values = [...(m.media.example !== undefined ? [m.media.example] : []), ...Object.values(m.media.examples ?? {}).map((e) => e.value)];
    for (const value of values) expect(validate(value) ? [] : validate.errors, JSON.stringify(value).slice(0, 200)).toEqual([]);
  });

  it('every operation has an example of its JSON request body and of its JSON success answer', () => {
    const missing: string[] = [];
    for (const [, item] of Object.entries<any>(contract.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const request = op.requestBody?.content?.['application/json'];
        if (request && !request.examples && request.example === undefined) missing.push(`${op.operationId} request`);
        const success = Object.entries<any>(op.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
        const answer = success?.content?.['application/json'];
        if (answer && !answer.examples && answer.example === undefined) missing.push(`${op.operationId} answer`);
      }
    }
    expect(missing).toEqual([]);
  });
});
