/**
 * The API under `/api`, registered from the contract with fastify-openapi-glue. Each operationId is answered by
 * its handler from `server/routes/*`; an operation without a handler answers 501 `not_implemented` (never fake
 * data). Authenticated operations (everything but `security: []`) get the ContactAccess check before validation
 * and the scope check (vendorId/locationId of the path) before the handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { dbQueuePriority, fairQueueInUse } from '../db/pglite-queue.js';
import { contractOperations, type OpenApiDocument } from './contract.js';
import { ApiError, notImplemented } from './errors.js';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type Handlers = Record<string, Handler>;

export interface ApiPluginOptions {
  contract: OpenApiDocument;
  handlers: Handlers;
  authenticate?: Handler;
  checkScope?: Handler;
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
    if (key === 'content' && typeof value === 'object' && value !== null) for (const type of Object.keys(value)) found.add(type);
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

export async function registerContract(app: FastifyInstance, options: ApiPluginOptions & { prefix: string }) {
  const { contract, handlers, authenticate, checkScope, prefix } = options;
  refuseUnparsedMediaTypes(app, contract);
  const operations = new Map(contractOperations(contract).map((op) => [op.operationId, op]));
  const stray = unknownHandlers(contract, handlers);
  if (stray.length > 0) throw new Error(`Handlers for operations the contract does not define: ${stray.join(', ')}`);

  // The embedded database grants its one connection to the oldest request first (server/db/pglite-queue.ts): carry
  // each request's start time through its hooks and handler. Callback style so the rest of the chain runs inside.
  if (!withQueuePriority.has(app)) {
    withQueuePriority.add(app);
    app.addHook('onRequest', (_request, _reply, done) => {
      if (fairQueueInUse()) dbQueuePriority.run(performance.now(), done);
      else done();
    });
  }

  await app.register(openapiGlue, {
    specification: contract,
    prefix,
    addEmptySchema: false,
    operationResolver: (operationId: string): Partial<RouteOptions> => {
      const op = operations.get(operationId);
      const route: Partial<RouteOptions> = {
        handler: Object.hasOwn(handlers, operationId) ? handlers[operationId] : notImplementedHandler(operationId),
        config: { operationId },
      };
      if (op?.authenticated && authenticate) {
        route.onRequest = authenticate;
        if (checkScope) route.preHandler = checkScope;
      }
      return route;
    },
  } as any);
}
