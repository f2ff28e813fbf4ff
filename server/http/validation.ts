/**
 * Request validation against the contract (OpenAPI 3.1 → JSON Schema 2020-12, ajv 2020 + ajv-formats).
 *
 * - Bodies: no coercion, `removeAdditional: false` — an unknown field or a wrongly typed value is a 400 that
 *   names the field; nothing is dropped or converted silently.
 * - Path, query and headers arrive as strings: coerced (`coerceTypes: 'array'`, so `?a=1` fits `type: array`).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop in some loaders.
const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ??
  addFormatsImport) as typeof addFormatsImport;

function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Node hands request headers over with lower-cased names, and Fastify only lower-cases a headers schema itself when
 * no custom validator compiler is set — so we do it here (e.g. the contract's `Idempotency-Key`).
 */
export function lowerCaseHeadersSchema(schema: any): any {
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = { ...schema };
  if (schema.properties) {
    copy.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k.toLowerCase(), v]));
  }
  if (Array.isArray(schema.required)) copy.required = schema.required.map((k: string) => k.toLowerCase());
  return copy;
}

export function makeValidatorCompiler(): FastifySchemaCompiler<any> {
  const bodyAjv = makeAjv(false);
  const paramAjv = makeAjv(true);
  return ({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : paramAjv).compile((httpPart === 'headers' ? lowerCaseHeadersSchema(schema) : schema) as object);
}
