/**
 * Request validation against the contract (OpenAPI 3.1 → JSON Schema 2020-12, ajv 2020 + ajv-formats).
 *
 * - Bodies: no coercion, `removeAdditional: false` — an unknown field or a wrongly typed value is a 400 that
 *   names the field; nothing is dropped or converted silently.
 * - Path, query and headers arrive as strings: coerced (`coerceTypes: 'array'`, so `?a=1` fits `type: array`).
 * - `format: uuid` is strict (8-4-4-4-12 hex digits only; ajv-formats would also take `urn:uuid:…`, which
 *   PostgreSQL refuses) and a valid id is lower-cased in place, so `ABC…` and `abc…` are the same id everywhere
 *   (repositories compare, de-duplicate and store ids as PostgreSQL prints them).
 * - No string anywhere in a body, query or path may hold a NUL character (PostgreSQL text cannot) or a lone UTF-16
 *   surrogate (`"\ud800"`: a text column would store it as U+FFFD, a jsonb refuses it — refused here, never replaced), nest deeper than
 *   `MAX_NESTING`, or be a non-finite number (`1e309`): `rejectNulCharacters`, a preValidation hook of the whole app
 *   (so `/api` and `/payments-api` alike), answers 400 naming the field — before ajv walks the value.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FastifyRequest, FastifySchemaCompiler, preParsingAsyncHookHandler } from 'fastify';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isDateInBounds, isDateTimeInBounds } from '../../core/rules/date-bounds.js';
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
  // one bound for every date (core/rules/date-bounds.ts): the RFC 3339 check, then the range
  const { date, 'date-time': dateTime } = fullFormats as unknown as Record<'date' | 'date-time', { validate: (s: string) => boolean }>;
  ajv.addFormat('date', { type: 'string', validate: (value: string) => date.validate(value) && isDateInBounds(value) });
  ajv.addFormat('date-time', { type: 'string', validate: (value: string) => dateTime.validate(value) && isDateTimeInBounds(value) });
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

/**
 * The router's bound on one path parameter: larger than any request line Node accepts (its 16 KB header limit answers
 * 431 first), so every parameter is matched to its route and bounded by the contract instead (server/app.ts).
 */
export const MAX_URL_PARAM_LENGTH = 16 * 1024;

/** Deepest nesting of arrays and objects a request body, query or path may have (the contract's bodies need 4). */
export const MAX_NESTING = 32;

/** A lone UTF-16 surrogate (`"\ud800"` in JSON): text no database, file or e-mail can hold. With the `u` flag a pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The one rule for text entering the system: no NUL character and no lone surrogate (refused, never replaced). */
export function textProblem(text: string): 'nul' | 'lone_surrogate' | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

export type ValueProblem =
  | { problem: 'nul'; field: string }
  | { problem: 'lone_surrogate'; field: string }
  | { problem: 'too_deep'; field: string }
  | { problem: 'not_finite'; field: string };

/**
 * The first problem of a parsed value that JSON Schema cannot express, by its field name (`a[0].b`; `''` for the
 * value itself): a string (or key) holding a NUL character, nesting deeper than `maxDepth`, or a number that is
 * not finite (`1e309` parses as Infinity). The walk is iterative (an explicit stack, depth-first in document order),
 * so a body of 100,000 `[` is refused rather than overflowing the call stack.
 */
export function findValueProblem(value: unknown, maxDepth = MAX_NESTING): ValueProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return { problem, field: path };
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return { problem: 'not_finite', field: path };
    } else if (typeof item === 'object' && item !== null) {
      if (depth >= maxDepth) return { problem: 'too_deep', field: path };
      const children: Array<{ value: unknown; path: string; depth: number }> = [];
      if (Array.isArray(item)) {
        for (let i = 0; i < item.length; i++) children.push({ value: item[i], path: `${path}[${i}]`, depth: depth + 1 });
      } else {
        for (const [key, child] of Object.entries(item)) {
          const name = path ? `${path}.${key}` : key;
          const problem = textProblem(key);
          if (problem) return { problem, field: name };
          children.push({ value: child, path: name, depth: depth + 1 });
        }
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return undefined;
}

/** The first string holding a NUL character, by its field name (`a[0].b`); `''` for the value itself. */
export function findNulString(value: unknown): string | undefined {
  const found = findValueProblem(value, Number.POSITIVE_INFINITY);
  return found?.problem === 'nul' ? found.field : undefined;
}

const problemTexts = {
  nul: 'must not contain a NUL character',
  lone_surrogate: 'must be valid Unicode text (it holds a lone UTF-16 surrogate)',
  too_deep: `is nested too deeply (at most ${MAX_NESTING} levels)`,
  not_finite: 'must be a finite number',
} as const;

/**
 * preValidation hook: a NUL character, excessive nesting or a non-finite number in a body, query or path
 * → 400 validation_failed naming the field.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  // only the contracts' operations (/api, /payments-api); static files and the SPA are not this hook's business
  if (!(request.routeOptions.config as { operationId?: string } | undefined)?.operationId) return;
  for (const [part, value] of [['body', request.body], ['query', request.query], ['params', request.params]] as const) {
    const found = findValueProblem(value);
    if (found !== undefined) {
      const name = found.field || part;
      throw new ApiError(400, 'validation_failed', `${name}: ${problemTexts[found.problem]}`, name);
    }
  }
}

/** `application/json; charset=utf-8` → `application/json` */
export const mediaTypeOf = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * preParsing hook of one contract operation, before any body is read: a body whose media type the operation does
 * not declare (`text/plain` where only `application/json` is, or any body where the operation takes none) → 415
 * `unsupported_media_type`; no body where the contract requires one → 400 `validation_failed` (field `body`).
 * Without it Fastify would parse `text/plain` as a string and skip the JSON schema, and a missing body would reach
 * the handler unvalidated.
 */
export function requestBodyCheck(declared: { required: boolean; mediaTypes: string[] }): preParsingAsyncHookHandler {
  const accepted = new Set(declared.mediaTypes);
  return async (request, _reply, payload) => {
    const { headers } = request.raw;
    const contentLength = headers['content-length'];
    const hasBody = headers['transfer-encoding'] !== undefined || (contentLength !== undefined && contentLength !== '0');
    if (!hasBody) {
      if (declared.required) throw new ApiError(400, 'validation_failed', 'body: request body is required', 'body');
      // an empty body is no body, whatever type a client labels it with (`curl -H 'content-type: application/json'
      // -X POST` with no data): nothing to parse
      delete request.headers['content-type'];
      return payload;
    }
    const contentType = headers['content-type'];
    const type = typeof contentType === 'string' ? mediaTypeOf(contentType) : '';
    if (!accepted.has(type)) {
      const expected = declared.mediaTypes.length > 0 ? `send ${declared.mediaTypes.join(' or ')}` : 'this operation takes no request body';
      throw new ApiError(415, 'unsupported_media_type', `Request bodies of type ${type || '(none)'} are not accepted: ${expected}.`);
    }
    return payload;
  };
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

/**
 * The validators compiled so far, by the schema's text and whether values are coerced, for every app of this process.
 * Compiling a contract's schemas is most of an app's start (ajv: about a second on this machine, for each app the
 * process builds: the portal's and the payments service's, and the test suite's hundred-odd); a validator is a pure
 * function of its schema, so an app built again with the same contract takes the ones compiled before. Bounded by the
 * contracts' distinct schemas.
 */
const compiledValidators = new Map<string, ValidateFunction>();
let sharedAjv: { body: Ajv2020; param: Ajv2020 } | undefined;

export function makeValidatorCompiler(): FastifySchemaCompiler<any> {
  sharedAjv ??= { body: makeAjv(false), param: makeAjv(true) };
  const ajv = sharedAjv;
  return ({ schema, httpPart }) => {
    const coerced = httpPart !== 'body';
    const prepared = withLowerCasedUuids(httpPart === 'headers' ? lowerCaseHeadersSchema(schema) : schema) as object;
    const key = `${coerced ? 'param' : 'body'} ${JSON.stringify(prepared)}`;
    let validate = compiledValidators.get(key);
    if (!validate) {
      validate = (coerced ? ajv.param : ajv.body).compile(prepared);
      compiledValidators.set(key, validate);
    }
    return validate;
  };
}
