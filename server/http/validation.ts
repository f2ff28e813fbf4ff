/**
 * Request validation against the contract (OpenAPI 3.1 → JSON Schema 2020-12, ajv 2020 + ajv-formats).
 *
 * - Bodies: no coercion, `removeAdditional: false` — an unknown field or a wrongly typed value is a 400 that
 *   names the field; nothing is dropped or converted silently.
 * - Path, query and headers arrive as strings: coerced (`coerceTypes: 'array'`, so `?a=1` fits `type: array`).
 * - `format: uuid` is strict (8-4-4-4-12 hex digits only; ajv-formats would also take `urn:uuid:…`, which
 *   PostgreSQL refuses) and a valid id is lower-cased in place, so `ABC…` and `abc…` are the same id everywhere
 *   (repositories compare, de-duplicate and store ids as PostgreSQL prints them).
 * - No string anywhere in a body, query or path may hold a NUL character (PostgreSQL text cannot): `rejectNulCharacters`,
 *   a preValidation hook of the whole app (so `/api` and `/payments-api` alike), answers 400 naming the field.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { ApiError } from './errors.js';

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
  ajv.addFormat('uuid', UUID_PATTERN);
  ajv.addKeyword({
    keyword: LOWER_CASE_KEYWORD,
    modifying: true,
    schemaType: 'boolean',
    validate: (_schema: boolean, data: unknown, _parentSchema?: unknown, context?: { parentData: any; parentDataProperty: string | number }) => {
      if (typeof data === 'string' && context?.parentData !== undefined && context.parentData !== null) {
        context.parentData[context.parentDataProperty] = data.toLowerCase();
      }
      return true;
    },
  });
  return ajv;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOWER_CASE_KEYWORD = 'x-lower-case';

/** A copy of the schema in which every `format: uuid` also lower-cases the value it validated. */
function withLowerCasedUuids(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withLowerCasedUuids);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withLowerCasedUuids(value);
  if (copy.format === 'uuid') copy[LOWER_CASE_KEYWORD] = true;
  return copy;
}

/** The first string holding a NUL character, by its field name (`a[0].b`); `''` for the value itself. */
export function findNulString(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulString(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return name;
      const found = findNulString(item, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** preValidation hook: a NUL character in a body, query or path string → 400 validation_failed naming the field. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  // only the contracts' operations (/api, /payments-api); static files and the SPA are not this hook's business
  if (!(request.routeOptions.config as { operationId?: string } | undefined)?.operationId) return;
  for (const [part, value] of [['body', request.body], ['query', request.query], ['params', request.params]] as const) {
    const field = findNulString(value);
    if (field !== undefined) {
      const name = field || part;
      throw new ApiError(400, 'validation_failed', `${name}: must not contain a NUL character`, name);
    }
  }
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
    (httpPart === 'body' ? bodyAjv : paramAjv).compile(
      withLowerCasedUuids(httpPart === 'headers' ? lowerCaseHeadersSchema(schema) : schema) as object,
    );
}
