/**
 * `dist/.vite/chunks.json`: which chunk holds each source module, and which chunks each chunk imports statically — what
 * the server needs to preload a route's whole chunk chain from the HTML (server/http/bootstrap.ts). Vite's own
 * manifest names only a chunk's facade module, not the modules merged into a code-splitting group (the token pages'
 * `token-shell` chunk, vite.config.ts), so the map is written from the bundle itself. Served by nobody: the static
 * files skip dot-folders (server/http/spa.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const CHUNK_MAP_FILE = path.join('.vite', 'chunks.json');

export interface ChunkMap {
  /** Source module (path from the project root, `/` separators) → its chunk's file (e.g. `assets/x-abc.js`). */
  modules: Record<string, string>;
  /** Chunk file → the chunk files it imports statically. */
  imports: Record<string, string[]>;
}

export function chunkMap(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:chunk-map',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      const map: ChunkMap = { modules: {}, imports: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        map.imports[output.fileName] = [...output.imports];
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
