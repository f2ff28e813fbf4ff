/** The API contract (`openapi/portal.yaml`), parsed once, and the list of its operations. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, any>>;
  components?: Record<string, any>;
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  summary?: string;
  /** true unless the operation declares `security: []` (or has no security at all). */
  authenticated: boolean;
  /** The media types a request body may have (none: the operation takes no body) and whether one is required. */
  requestBody: { required: boolean; mediaTypes: string[] };
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const cache = new Map<string, OpenApiDocument>();

export function loadContract(file: string): OpenApiDocument {
  let doc = cache.get(file);
  if (!doc) {
    doc = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    cache.set(file, doc);
  }
  // Every caller gets its own copy: fastify-openapi-glue and the docs route must not share mutations.
  return structuredClone(doc);
}

export function contractOperations(doc: OpenApiDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const security: Array<Record<string, string[]>> | undefined = op.security ?? doc.security;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
        summary: op.summary,
        authenticated: Array.isArray(security) && security.length > 0 && security.some((s) => Object.keys(s).length > 0),
        requestBody: {
          required: op.requestBody?.required === true,
          mediaTypes: Object.keys(op.requestBody?.content ?? {}).map((type) => type.toLowerCase()),
        },
      });
    }
  }
  return operations;
}
