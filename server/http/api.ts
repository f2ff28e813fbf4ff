/**
 * The API under `/api`, registered from the contract with fastify-openapi-glue. Each operationId is answered by
 * its handler from `server/routes/*`; an operation without a handler answers 501 `not_implemented` (never fake
 * data). Authenticated operations (everything but `security: []`) get the ContactAccess check before validation
 * and the scope check (vendorId/locationId of the path) before the handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { dbQueuePriority, fairQueueInUse } from '../db/pglite-queue.js';
import { registerCompression } from './compress.js';
import { contractOperations, type OpenApiDocument } from './contract.js';
import { ApiError, notImplemented } from './errors.js';
import { idempotent, type IdempotencyOptions } from './idempotency.js';
import { audited, type AuditOptions } from './audit.js';
import { requestBodyCheck } from './validation.js';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type Handlers = Record<string, Handler>;

export interface ApiPluginOptions {
  contract: OpenApiDocument;
  handlers: Handlers;
  authenticate?: Handler;
  checkScope?: Handler;
  /** the largest request body the contract's operations take, when larger than the app's (the vendor API's batches) */
  bodyLimit?: number;
  /** every POST answered once per Idempotency-Key (server/http/idempotency.ts; the vendor API) */
  idempotency?: IdempotencyOptions;
  /** every change recorded in the audit log, in its transaction (server/http/audit.ts; the vendor API) */
  audit?: AuditOptions;
}

export function notImplementedHandler(operationId: string): Handler {
  return async () => {
    throw notImplemented(operationId);
  };
}

/** Handlers named in `handlers` but absent from the contract: a typo or a contract change. */
export function unknownHandlers(contract: OpenApiDocument, handlers: Handlers): string[] {
  const ids = new Set(contractOperations(contract).map((op) => op.operationId));
  return Object.keys(handlers).filter((id) => !ids.has(id));
}

/** Every media type named under a `content` object of the document (request bodies and responses). */
function mediaTypes(node: unknown, found = new Set<string>()): Set<string> {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    // an example's own data may have a `content` field (a template message's rich content): not a media type map
    if (key === 'examples' || key === 'example') continue;
    if (key === 'content' && typeof value === 'object' && value !== null && !Array.isArray(value)) for (const type of Object.keys(value)) found.add(type);
    mediaTypes(value, found);
  }
  return found;
}

/**
 * Media types the contract only answers with (e.g. `application/pdf`) have no body parser; say so explicitly
 * (415 when a request sends one), which also keeps fastify-openapi-glue from warning about them at every start.
 */
function refuseUnparsedMediaTypes(app: FastifyInstance, contract: OpenApiDocument) {
  for (const type of mediaTypes(contract.paths)) {
    if (app.hasContentTypeParser(type)) continue;
    app.addContentTypeParser(type, (_request, _payload, done) => {
      done(new ApiError(415, 'unsupported_media_type', `Request bodies of type ${type} are not accepted.`), undefined);
    });
  }
}

const withQueuePriority = new WeakSet<FastifyInstance>();

type JsonSchema = Record<string, any>;

function resolveLocalRef(contract: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: any = contract;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node ?? schema;
}

/**
 * A response `anyOf`/`oneOf` makes fast-json-stringify VALIDATE the whole answer against each branch to pick one
 * (every invoice of a 5,000-invoice list, again). When each branch is an object schema with a required
 * property that no other branch declares, the branch is decided by that property's presence instead:
 * `if: { required: [key] } then: branch else: …` — a key lookup, then direct serialisation. The contract (and the
 * generated TS types) keep the plain `anyOf`; only the serialiser's copy changes. Other unions stay as they are.
 */
export function serializableUnion(contract: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const kind = Array.isArray(schema?.anyOf) ? 'anyOf' : Array.isArray(schema?.oneOf) ? 'oneOf' : undefined;
  if (!kind) return schema;
  const { [kind]: branches, ...siblings } = schema;
  if (Object.keys(siblings).some((key) => key !== 'description')) return schema;
  const resolved = (branches as JsonSchema[]).map((branch) => resolveLocalRef(contract, branch));
  const keys: string[] = [];
  for (const [index, branch] of resolved.entries()) {
    const others = resolved.filter((_, i) => i !== index);
    const key = (branch.required ?? []).find(
      (name: string) => !others.some((other) => other.properties && Object.hasOwn(other.properties, name)),
    );
    if (branch.type !== 'object' || !key) return schema;
    keys.push(key);
  }
  let chain: JsonSchema = branches[branches.length - 1];
  for (let i = branches.length - 2; i >= 0; i -= 1) chain = { if: { type: 'object', required: [keys[i]] }, then: branches[i], else: chain };
  return chain;
}

/** The contract with its response unions made serialisable without validation (see `serializableUnion`). */
function withSerializableResponses(contract: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, any> = {};
  for (const [route, item] of Object.entries<any>(contract.paths ?? {})) {
    paths[route] = { ...item };
    for (const [method, operation] of Object.entries<any>(item)) {
      if (!operation?.responses || typeof operation !== 'object') continue;
      const responses: Record<string, any> = {};
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const content = response?.content;
        if (!content) {
          responses[status] = response;
          continue;
        }
        const newContent: Record<string, any> = {};
        for (const [type, media] of Object.entries<any>(content)) {
          newContent[type] = media?.schema ? { ...media, schema: serializableUnion(contract, media.schema) } : media;
        }
        responses[status] = { ...response, content: newContent };
      }
      paths[route][method] = { ...operation, responses };
    }
  }
  return { ...contract, paths } as OpenApiDocument;
}

export async function registerContract(app: FastifyInstance, options: ApiPluginOptions & { prefix: string }) {
  const { contract, handlers, authenticate, checkScope, prefix, bodyLimit, idempotency, audit } = options;
  refuseUnparsedMediaTypes(app, contract);
  const operations = new Map(contractOperations(contract).map((op) => [op.operationId, op]));
  const stray = unknownHandlers(contract, handlers);
  if (stray.length > 0) throw new Error(`Handlers for operations the contract does not define: ${stray.join(', ')}`);

  // The embedded database grants its one connection to the oldest request first (server/db/pglite-queue.ts): carry
  // each request's start time through its hooks and handler. Callback style so the rest of the chain runs inside.
  if (!withQueuePriority.has(app)) {
    withQueuePriority.add(app);
    // large JSON answers (a 5,000-invoice list) compressed when the client accepts it (server/http/compress.ts)
    registerCompression(app);
    app.addHook('onRequest', (_request, _reply, done) => {
      if (fairQueueInUse()) dbQueuePriority.run(performance.now(), done);
      else done();
    });
  }

  await app.register(openapiGlue, {
    specification: withSerializableResponses(contract),
    prefix,
    addEmptySchema: false,
    operationResolver: (operationId: string): Partial<RouteOptions> => {
      const op = operations.get(operationId);
      const own = Object.hasOwn(handlers, operationId) ? handlers[operationId] : notImplementedHandler(operationId);
      // a change by a caller is recorded in the audit log (inside the idempotency's transaction when there is one)
      const handler = audit && op?.authenticated && op.method !== 'GET' ? audited(operationId, own, audit) : own;
      const route: Partial<RouteOptions> = {
        // (an operation without a caller — the console's sign-in — has no vendor to keep its keys under)
        handler: idempotency && op?.method === 'POST' && op.authenticated ? idempotent(operationId, handler, idempotency) : handler,
        config: { operationId },
      };
      if (bodyLimit) route.bodyLimit = bodyLimit;
      // 415 for an undeclared media type, 400 for a missing required body — before the body is parsed
      if (op) route.preParsing = requestBodyCheck(op.requestBody);
      if (op?.authenticated && authenticate) {
        route.onRequest = authenticate;
        if (checkScope) route.preHandler = checkScope;
      }
      return route;
    },
  } as any);
}
