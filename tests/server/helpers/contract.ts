/**
 * Responses checked against the contract: `expectMatchesContract(operationId, status, body)` validates a body
 * with the schema the contract declares for that operation and status (ajv 2020 + ajv-formats, the whole
 * document loaded so `$ref`s resolve). A status the operation does not declare must be an error (4xx/5xx) whose
 * body is the contract's `Error` schema; any other undeclared status fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { parse } from 'yaml';
import { expect } from 'vitest';

const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ??
  addFormatsImport) as typeof addFormatsImport;

const load = (name: string) => parse(readFileSync(path.resolve(import.meta.dirname, '../../../openapi', name), 'utf8')) as any;

export const contract = load('portal.yaml');

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * The checks of one contract document (the portal's, the vendor API's, the payments service's). `strict`: an answer's
 * status must be declared on its operation, errors included (else any 4xx/5xx with the `Error` body passed) — the
 * contract lists every status and, through each error response's `errorCode` enum, every code the server answers.
 */
function checker(document: any, { strict = false } = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'contract');
  const cache = new Map<string, ValidateFunction | null>();

  function findOperation(operationId: string) {
    for (const [p, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        if (operation?.operationId === operationId) return { method, path: p, operation };
      }
    }
    throw new Error(`operation ${operationId} is not in the contract`);
  }

  /** The validator for a response body, or null when the response has no body. */
  function responseValidator(operationId: string, status: number): ValidateFunction | null {
    const key = `${operationId} ${status}`;
    if (cache.has(key)) return cache.get(key)!;
    const { method, path: p, operation } = findOperation(operationId);
    let validator: ValidateFunction | null;
    const declared = operation.responses?.[String(status)] ?? undefined;
    if (declared) {
      let base = pointer('paths', p, method, 'responses', String(status));
      let response = declared;
      if (declared.$ref) {
        base = declared.$ref.replace(/^#\//, '');
        response = base.split('/').reduce((node: any, seg: string) => node[seg.replace(/~1/g, '/').replace(/~0/g, '~')], document);
      }
      validator = response.content?.['application/json']
        ? ajv.compile({ $ref: `contract#/${base}/${pointer('content', 'application/json', 'schema')}` })
        : null;
    } else if (status >= 400 && !strict) {
      validator = ajv.compile({ $ref: 'contract#/components/schemas/Error' });
    } else {
      throw new Error(`${operationId} does not declare status ${status}`);
    }
    cache.set(key, validator);
    return validator;
  }

  function contractErrors(operationId: string, status: number, body: unknown): string[] {
    let validate: ValidateFunction | null;
    try {
      validate = responseValidator(operationId, status);
    } catch (error) {
      return [(error as Error).message];
    }
    if (!validate) return body === undefined || body === null || body === '' ? [] : ['expected an empty body'];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** Fails the test when `body` is not what the contract says `operationId` answers with `status`. */
  function expectMatches(operationId: string, status: number, body: unknown): void {
    expect(contractErrors(operationId, status, body), `${operationId} ${status} body: ${String(JSON.stringify(body)).slice(0, 500)}`).toEqual([]);
  }

  /** Every operationId of the contract. */
  function operationIds(): string[] {
    return Object.values<any>(document.paths).flatMap((item) =>
      Object.values<any>(item).filter((op) => op && typeof op === 'object' && op.operationId).map((op) => op.operationId as string),
    );
  }

  return { contractErrors, expectMatches, operationIds };
}

const portal = checker(contract);
export const contractErrors = portal.contractErrors;
export const expectMatchesContract = portal.expectMatches;
export const contractOperationIds = portal.operationIds;

export const vendorContract = load('vendor.yaml');
const vendor = checker(vendorContract, { strict: true });
export const vendorContractErrors = vendor.contractErrors;
export const expectMatchesVendorContract = vendor.expectMatches;
export const vendorOperationIds = vendor.operationIds;

export const paymentsContract = load('payments.yaml');
const payments = checker(paymentsContract, { strict: true });
export const paymentsContractErrors = payments.contractErrors;
