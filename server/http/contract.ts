/** The API contract (`openapi/portal.yaml`), parsed once, and the list of its operations. */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
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

/**
 * Where a contract's parsed form is kept between processes: the project's own `node_modules/.cache` (written by whoever
 * deployed it, not a directory other users share), keyed by the YAML's content and the parser's name and version.
 */
const PARSED_DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/performancepay/contracts');
const PARSER = `yaml ${(createRequire(import.meta.url)('yaml/package.json') as { version: string }).version}`;

/** Where the parsed form of a contract with this text is kept. */
export function parsedCopyPath(text: string): string {
  return path.join(PARSED_DIR, `${createHash('sha256').update(`${PARSER}\n`).update(text).digest('hex')}.json`);
}

/**
 * The YAML parsed, through a JSON copy kept by its content's hash: the three contracts' 520 KB of YAML take 0.5–0.7 s to
 * parse and their JSON 6 ms, on every process start (the server, each CLI, each of a rolling restart's processes). A
 * copy is written only when JSON holds the parsed document exactly (read back, deeply equal); any failure to read or
 * write it falls back to the YAML.
 */
function parseContract(file: string): OpenApiDocument {
  const text = readFileSync(file, 'utf8');
  const kept = parsedCopyPath(text);
  try {
    return JSON.parse(readFileSync(kept, 'utf8')) as OpenApiDocument;
  } catch {
    // not kept yet (or unreadable): parse the YAML
  }
  const doc = parse(text) as OpenApiDocument;
  try {
    const json = JSON.stringify(doc);
    if (isDeepStrictEqual(JSON.parse(json), doc)) {
      mkdirSync(PARSED_DIR, { recursive: true });
      const partial = `${kept}.${process.pid}.tmp`;
      writeFileSync(partial, json);
      renameSync(partial, kept); // whole or not at all, for a process reading it at the same moment
    }
  } catch {
    // a read-only install: the next start parses the YAML again
  }
  return doc;
}

export function loadContract(file: string): OpenApiDocument {
  let doc = cache.get(file);
  if (!doc) {
    doc = parseContract(file);
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
