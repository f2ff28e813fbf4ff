/**
 * Build-time HTML of the landing pages. After the client bundle is written, the app's route tree is
 * rendered with react-dom/server (src/prerender.tsx, built for Node by a nested Vite SSR build) and written into
 * the built `index.html`: `dist/index.html` for `/`, `dist/performancefoodservice/index.html` for its route. The
 * headline and the form paint from the HTML and the stylesheet before any JavaScript runs; src/main.tsx then
 * hydrates. The plain shell (no markup, for every other route) is kept as `dist/shell.html`; server/http/spa.ts
 * serves each file for its route. The route's chunks are added as `<link rel="modulepreload">`, so hydration does
 * not wait on a request chain.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';
import { integrityLookup, readScriptInventory, stampIntegrity } from '../../server/http/script-integrity.ts';

export interface PrerenderedPage {
  /** The route path. */
  route: string;
  /** Output file, relative to the output folder. */
  file: string;
  /** The route's page module (its chunk is preloaded). */
  module: string;
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { route: '/', file: 'index.html', module: 'src/features/access/landing-page.tsx' },
  { route: '/performancefoodservice', file: 'performancefoodservice/index.html', module: 'src/features/access/performance-food-page.tsx' },
];

export const SHELL_FILE = 'shell.html';
/** The server-side build of the first screens (src/first-screen.tsx), under the output folder. */
export const FIRST_SCREEN_DIR = '.ssr';

interface ChunkRef {
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

/** The route chunk and everything it imports statically, minus what the shell already loads. */
function preloadsOf(chunks: Map<string, ChunkRef>, moduleId: string, loaded: Set<string>, base: string): string[] {
  const entries = [...chunks.entries()];
  const start = (entries.find(([, c]) => c.facadeModuleId === moduleId) ?? entries.find(([, c]) => c.moduleIds.includes(moduleId)))?.[0];
  if (!start) return [];
  const out: string[] = [];
  const visit = (file: string) => {
    if (loaded.has(file) || out.includes(file)) return;
    out.push(file);
    chunks.get(file)?.imports.forEach(visit);
  };
  visit(start);
  return out.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
}

/** Splits the `<title>` React rendered (a page's own title) out of the body markup. */
export function extractTitle(markup: string): { title: string | null; body: string } {
  const match = /<title>([\s\S]*?)<\/title>/.exec(markup);
  if (!match) return { title: null, body: markup };
  return { title: match[0], body: markup.replace(match[0], '') };
}

/**
 * The server-side build's `@xstate/react`: src/server-render/xstate-react-server.ts, whose hooks start a page's actors
 * for its first screen (src/server-render/actors.ts); that module itself gets the real package.
 */
function serverActors(root: string): Plugin {
  const wrapper = path.join(root, 'src/server-render/xstate-react-server.ts');
  return {
    name: 'portal:server-actors',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@xstate/react' || !importer || importer.split('?')[0] === wrapper) return null;
      return wrapper;
    },
  };
}

export function prerenderLanding({ buildYear }: { buildYear: string }): Plugin {
  let config: ResolvedConfig;
  const chunks = new Map<string, ChunkRef>();
  return {
    name: 'portal:prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, { facadeModuleId: output.facadeModuleId ?? null, moduleIds: [...output.moduleIds], imports: [...output.imports] });
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        // Every non-prerendered route is an app page (token area, atlas, …): its HTML preloads the chunk of the app's
        // page loaders (src/app/app-pages.ts), which the landing pages never load — no extra round trip for a deep link.
        const appPages = [...chunks.entries()].find(([, c]) => c.facadeModuleId === path.join(config.root, 'src/app/app-pages.ts'))?.[0];
        if (!appPages) throw new Error('prerender: no chunk for src/app/app-pages.ts');
        // The preloads added here get their integrity from the script inventory (scripts/build/script-inventory.ts).
        const integrity = integrityLookup(readScriptInventory(outDir));
        writeFileSync(path.join(outDir, SHELL_FILE), stampIntegrity(shell.replace('</head>', `  <link rel="modulepreload" crossorigin href="${config.base}${appPages}">\n</head>`), integrity));

        // The SSR bundle must live under the project so Node resolves its external packages from node_modules.
        const ssrDir = path.join(config.root, 'node_modules', '.cache', `portal-prerender-${process.pid}-${Date.now()}`);
        const { build } = await import('vite');
        const react = (await import('@vitejs/plugin-react')).default;
        try {
          await build({
            configFile: false,
            root: config.root,
            logLevel: 'warn',
            plugins: [react(), serverActors(config.root)],
            publicDir: false,
            define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(buildYear) },
            build: {
              ssr: true,
              outDir: ssrDir,
              emptyOutDir: true,
              rolldownOptions: {
                input: { prerender: 'src/prerender.tsx', 'first-screen': 'src/server-render/entry.ts' },
                output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
              },
            },
          });
          // The server renders a token page's first screen at request time (server/http/first-screen.ts) with the
          // same build: kept under a dot-folder of the output, which is never served.
          rmSync(path.join(outDir, FIRST_SCREEN_DIR), { recursive: true, force: true });
          cpSync(ssrDir, path.join(outDir, FIRST_SCREEN_DIR), { recursive: true });
          const { render } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href)) as { render: (url: string) => Promise<string> };
          const loaded = new Set([...shell.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]));
          for (const page of PRERENDERED_PAGES) {
            const { title, body } = extractTitle(await render(page.route));
            const preloads = preloadsOf(chunks, path.join(config.root, page.module), loaded, config.base);
            let html = shell.replace('<div id="root"></div>', `<div id="root" data-prerendered="${page.route}">${body}</div>`);
            if (title) html = html.replace(/<title>[\s\S]*?<\/title>/, title);
            html = html.replace('</head>', `${preloads.map((l) => `  ${l}\n`).join('')}  </head>`);
            // The stylesheet inlined: the landing page paints from its HTML alone, one round trip sooner on a slow
            // network (CSP allows inline styles). Every other route keeps the cached stylesheet file (shell.html).
            html = html.replace(/<link rel="stylesheet"[^>]*href="\/?(assets\/[\w.-]+\.css)">/g, (_link, file: string) =>
              `<style data-inlined="/${file}">${readFileSync(path.join(outDir, file), 'utf8').replaceAll('</style', '<\\/style')}</style>`);
            if (!html.includes('data-prerendered')) throw new Error('prerender: #root not found in index.html');
            mkdirSync(path.dirname(path.join(outDir, page.file)), { recursive: true });
            writeFileSync(path.join(outDir, page.file), stampIntegrity(html, integrity));
          }
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
