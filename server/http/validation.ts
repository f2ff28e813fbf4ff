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

export function makeValidatorCompiler(): FastifySchemaCompiler<any> {
  const bodyAjv = makeAjv(false);
  const paramAjv = makeAjv(true);
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : paramAjv).compile(schema as object);
}
