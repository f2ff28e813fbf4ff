/**
 * `dist/.vite/chunks.json`: which chunk holds each source module, and which chunks each chunk imports statically — what
 * the server needs to preload a route's whole chunk chain from the HTML (server/http/bootstrap.ts). Vite's own
 * manifest names only a chunk's facade module, not the modules merged into a code-splitting group (the token pages'
 * `token-shell` chunk, vite.config.ts), so the map is written from the bundle itself. Served by nobody: the static
 * files skip dot-folders (server/http/spa.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import type { ChunkMap as ServedChunkMap, PageModule } from '../../server/http/bootstrap.ts';

export const CHUNK_MAP_FILE = path.join('.vite', 'chunks.json');

/** What the build writes: the served format (server/http/bootstrap.ts), with its page routes always there. */
export type ChunkMap = Required<ServedChunkMap>;
export type { PageModule };

/**
 * The routes of src/app/router.tsx that load a page of src/app/app-pages.ts (`lazy: app('name')`), with that page's
 * module (`name: lazyPage(() => import('…'))`). Read from the sources as written; tests/architecture/bundle-budget.test.ts
 * checks that every such route of the router is listed.
 */
export function pageModules(root: string): PageModule[] {
  const modules = lazyPageModules(root, 'src/app/app-pages.ts');
  const pages: PageModule[] = [];
  for (const [, route, name] of readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8').matchAll(/\{ path: '([^']+)', lazy: app\('(\w+)'\) \}/g)) {
    const module = modules[name];
    if (module) pages.push({ path: route, module });
  }
  return pages;
}

/**
 * The vendor console's routes (src/console/routes.tsx: `{ path: '/x', lazy: page(() => import('./x-page'), 'XPage') }`,
 * the index route as `/`), each with its page's module. tests/architecture/bundle-budget.test.ts checks that every lazy
 * route of that file is listed.
 */
export function consolePageModules(root: string): PageModule[] {
  const file = 'src/console/routes.tsx';
  const pages: PageModule[] = [];
  for (const [, route, specifier] of readFileSync(path.join(root, file), 'utf8').matchAll(/\{ (?:index: true|path: '([^']+)'), lazy: page\(\(\) => import\('([^']+)'\)/g)) {
    pages.push({ path: route ?? '/', module: sourceModule(root, file, specifier) });
  }
  return pages;
}

/** A relative import of `file` as a source path from the project root, with its extension. */
function sourceModule(root: string, file: string, specifier: string): string {
  const base = path.posix.join(path.posix.dirname(file), specifier).replace(/\.tsx?$/, '');
  return ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => existsSync(path.join(root, candidate))) ?? base;
}

/**
 * The pages a source file loads lazily (`name: lazyPage(() => import('…'))` or `const name = lazyPage(…)`), by name:
 * each page's module as a path from the project root, with its extension.
 */
export function lazyPageModules(root: string, file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, specifier] of readFileSync(path.join(root, file), 'utf8').matchAll(/(\w+)\s*[:=]\s*lazyPage\(\(\) => import\('([^']+)'\)\)/g)) {
    out[name] = sourceModule(root, file, specifier);
  }
  return out;
}

export function chunkMap(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:chunk-map',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // from the bundle as written (Vite drops a chunk that only imported CSS after the plugins' generateBundle), and
    // only imports of chunks that were written
    writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      const map: ChunkMap = { modules: {}, imports: {}, pages: pageModules(config.root), consolePages: consolePageModules(config.root) };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        map.imports[output.fileName] = output.imports.filter((file) => bundle[file]?.type === 'chunk');
        for (const id of output.moduleIds) {
          const relative = path.relative(config.root, id).split(path.sep).join('/');
          if (!relative.startsWith('..') && !relative.includes('\0')) map.modules[relative] = output.fileName;
        }
      }
      const file = path.resolve(config.root, config.build.outDir, CHUNK_MAP_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(map));
    },
  };
}
