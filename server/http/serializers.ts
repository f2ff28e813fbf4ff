/**
 * Answer serializers (fast-json-stringify, Fastify's own), compiled once per distinct response schema for every app of
 * this process. Fastify compiles one per route and status when an app starts: half a second of each start on this
 * machine, for each app the process builds (the portal's and the payments service's; the test suite builds a hundred
 * and more). A serializer is a pure function of its schema, so an app built again with the same contract takes the ones
 * compiled before. The same options as Fastify's default: none (no shared schemas are added to the apps).
 * Bounded by the contracts' distinct schemas.
 */
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

type Serialize = (data: unknown) => string;
const compiled = new Map<string, Serialize>();

export function makeSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return ({ schema }) => {
    let key: string | undefined;
    try {
      key = JSON.stringify(schema);
    } catch {
      // a schema that refers to itself as an object: compiled for this route alone
    }
    const known = key === undefined ? undefined : compiled.get(key);
    if (known) return known;
    const serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
    if (key !== undefined) compiled.set(key, serialize);
    return serialize;
  };
}
