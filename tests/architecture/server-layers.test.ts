// @vitest-environment node
/**
 * The server's layers (docs/CONVENTIONS.md, "Floors"): routes → use cases → repositories → db. A repository only
 * reads and writes rows, so it knows nothing of HTTP, jobs, routes or use cases; a use case answers a typed refusal,
 * never an HTTP error; the database layer (connection, migrations) stands below the repositories; a job never reaches
 * into a route. And no two server modules import each other, directly or around a circle: a circle makes the
 * evaluation order of modules decide whether a binding is there yet.
 *
 * Every import counts, `import type` included: a type shared by two layers belongs to the lower one.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { files, importsOfFile, root } from './source-files';
import { dirname, join, normalize } from 'node:path';

const specifiers = importsOfFile;

/** The repository file a relative specifier names (`./x.js` → `dir/x.ts`), or null for a package. */
function resolve(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(file), specifier)).replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(join(root, candidate))) return candidate.split(/[\\/]/).join('/');
  }
  return null;
}

const serverFiles = files('server').map((f) => f.split(/[\\/]/).join('/'));

/** server file → the server files it imports. */
const graph = new Map(
  serverFiles.map((f) => [f, [...new Set(specifiers(f).map((s) => resolve(f, s)).filter((t): t is string => t !== null && t.startsWith('server/')))]]),
);

/** The layer of a server file: the folder under server/ (`repos`, `routes`, …), or `.` for a file at the top. */
const layerOf = (file: string) => {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1] : '.';
};

/** What a layer must not import. */
const forbidden: Record<string, string[]> = {
  repos: ['http', 'jobs', 'routes', 'use-cases'],
  jobs: ['routes'],
  db: ['repos', 'jobs', 'routes', 'use-cases', 'http'],
  'use-cases': ['routes', 'http'],
};

/** Every import circle, each once, as the list of files around it (a depth-first search over the graph). */
function circles(edges: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const circle = stack.slice(stack.indexOf(next));
        // the same circle found from another file is the same circle: key it by its smallest rotation
        const start = circle.indexOf([...circle].sort()[0]);
        const rotated = [...circle.slice(start), ...circle.slice(0, start)];
        found.set(rotated.join(' → '), rotated);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found.values()];
}

describe('server layers', () => {
  it('the import graph is read (sanity: a route reaches a repository)', () => {
    expect(serverFiles.length).toBeGreaterThan(50);
    expect([...graph.entries()].some(([f, targets]) => layerOf(f) === 'routes' && targets.some((t) => layerOf(t) === 'repos'))).toBe(true);
  });

  it('finds a circle when there is one (the search itself)', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('no import circle among server modules', () => {
    expect(circles(graph).map((c) => [...c, c[0]].join(' → '))).toEqual([]);
  });

  for (const [layer, never] of Object.entries(forbidden)) {
    it(`server/${layer}/ imports nothing of ${never.join(', ')}`, () => {
      const offenders = [...graph.entries()]
        .filter(([f]) => layerOf(f) === layer)
        .flatMap(([f, targets]) => targets.filter((t) => never.includes(layerOf(t))).map((t) => `${f} → ${t}`));
      expect(offenders).toEqual([]);
    });
  }

  // A use case decides; the rows it reads and writes go through the repositories, where the next reader looks for them.
  it('server/use-cases/ writes no SQL (no query builder call, no sql template)', () => {
    const query = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|withTables)\(|\bsql\s*(<[^>]*>)?`/;
    const offenders = serverFiles.filter((f) => layerOf(f) === 'use-cases' && query.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
