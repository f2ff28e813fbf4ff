/**
 * Precompression of the built SPA: after the bundle is written (and the landing page prerendered), every
 * text asset of at least 1 KB gets a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside it, kept only
 * when smaller than the original. server/http/spa.ts serves them with `Content-Encoding` and `Vary: Accept-Encoding`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/i;
export const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Dot-folders (the build's chunk map, the server's first-screen build) are never served: nothing to compress.
    if (entry.isDirectory() && entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`; returns the files compressed. */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
    done.push(file);
  }
  return done;
}

/** Vite plugin: precompresses the output folder once everything else (the prerender included) has written it. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config.build.ssr) return;
        precompressDir(path.resolve(config.root, config.build.outDir));
      },
    },
  };
}
