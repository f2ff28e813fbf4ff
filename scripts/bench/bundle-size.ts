/**
 * Bundle figures, shared by the budget test (tests/architecture/bundle-budget.test.ts) and the
 * Lighthouse bench: builds the portal (or the bare React + react-router baseline under scripts/bench/baseline/)
 * with Vite into a temporary folder, records every chunk's modules and static imports, and measures the
 * JavaScript a page loads before its first interaction: the entry chunk, the route's page chunk, what the page imports
 * as it starts (the landing page: LANDING_START_MODULES), and everything they import statically — gzip-compressed
 * (level 9, as the build's .gz files), summed once per chunk. Per-route figures come from the build's chunk map
 * (dist/.vite/chunks.json, the one the server preloads from) against scripts/bench/route-budgets.json.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { lazyPageModules, type ChunkMap } from '../build/chunk-map.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const baselineRoot = path.join(projectRoot, 'scripts', 'bench', 'baseline');

/** The target: the landing page's JavaScript at most 1.3× the bare React 19 + react-router 7 page. */
export const LANDING_TARGET_RATIO = 1.3;
/**
 * The budget the test enforces, on everything the landing page loads until the network is idle: about what it measures
 * now plus a little (1.21×, 114.3 KB vs 94.8 KB, once its announcements stopped pulling XState, the API client and the token pages'
 * chunk after the first paint: 150.1 KB, 1.58×, before), so it cannot creep back up to the target unnoticed.
 */
export const LANDING_BUDGET_RATIO = 1.25;

export interface ChunkInfo {
  file: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
}

export interface BuiltApp {
  outDir: string;
  chunks: Map<string, ChunkInfo>;
}

function captureChunks(into: Map<string, ChunkInfo>): Plugin {
  return {
    name: 'bench:capture-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        into.set(output.fileName, {
          file: output.fileName,
          isEntry: output.isEntry,
          facadeModuleId: output.facadeModuleId ?? null,
          moduleIds: [...output.moduleIds],
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
        });
      }
    },
  };
}

/**
 * Runs a build in a process of its own, as `npm run build` does (NODE_ENV=production), and reads back its chunks.
 * Not in the caller's process: vitest sets NODE_ENV=test, and a build there had to set NODE_ENV=production for its
 * whole length — every module the process loaded meanwhile took its production build (the prerender loads
 * react-dom/server), beside the development `react` loaded before: a test file that later shared that worker's module
 * graph failed with "dispatcher.getOwner is not a function". scripts/bench/build-child.ts is the child.
 */
async function buildInChild(which: 'portal' | 'baseline', outDir: string, timeoutMs = 10 * 60_000): Promise<BuiltApp> {
  const { spawn } = await import('node:child_process');
  const record = `${outDir}.child-chunks.json`;
  const env = { ...process.env, NODE_ENV: 'production' };
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/bench/build-child.ts'), which, outDir, record], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the build dies with its caller (a test's hook timed out, the worker ended) and never outlives its bound
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const timer = setTimeout(kill, timeoutMs);
  let code: number | null;
  try {
    code = await new Promise<number | null>((resolve, reject) => {
      child.stdout.on('data', (chunk) => output.push(String(chunk)));
      child.stderr.on('data', (chunk) => output.push(String(chunk)));
      child.on('error', reject);
      // 'close': its output read to the end
      child.on('close', resolve);
    });
  } finally {
    clearTimeout(timer);
    process.off('exit', kill);
  }
  if (code !== 0) throw new Error(`the ${which} build failed (exit ${code}):\n${output.join('').slice(-4000)}`);
  const chunks = JSON.parse(readFileSync(record, 'utf8')) as ChunkInfo[];
  return { outDir, chunks: new Map(chunks.map((c) => [c.file, c])) };
}

/**
 * One build of `name` per test run, shared by the test files that need it (the bundle budgets, the script inventory):
 * inside a run (`PP_TEST_CACHE`, tests/global-setup.ts; scripts/test-all.sh keeps one for both vitest stages) the
 * first file to ask builds into the run's directory and records its chunks there; the others wait for that record
 * (the state, with a bound for a build that died) and read it. The build is read-only to its users. Outside a run:
 * `make(fallbackDir)`.
 */
export async function sharedBuild(name: string, make: (outDir: string) => Promise<BuiltApp>, fallbackDir: string): Promise<BuiltApp> {
  const cache = process.env.PP_TEST_CACHE;
  if (!cache || !existsSync(cache)) return make(fallbackDir);
  const outDir = path.join(cache, 'builds', name);
  const record = `${outDir}.chunks.json`;
  const failed = `${outDir}.failed`;
  mkdirSync(path.dirname(outDir), { recursive: true });
  let mine = false;
  try {
    mkdirSync(`${outDir}.lock`);
    mine = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (mine) {
    let built: BuiltApp;
    try {
      built = await make(outDir);
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    writeFileSync(`${record}.tmp`, JSON.stringify([...built.chunks.values()]));
    renameSync(`${record}.tmp`, record);
    return built;
  }
  const deadline = Date.now() + 10 * 60_000;
  while (!existsSync(record)) {
    if (existsSync(failed)) throw new Error(`the shared build ${name} failed in another test file: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the shared build ${name} was not ready within 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const chunks = JSON.parse(readFileSync(record, 'utf8')) as ChunkInfo[];
  return { outDir, chunks: new Map(chunks.map((c) => [c.file, c])) };
}

/**
 * Builds the portal with its own vite.config.ts (prerender and precompression included) into `outDir`, in a child process.
 * Its server-side build (`<outDir>/.ssr/*.mjs`) imports React and the other packages by name, and a server (or a test
 * through vitest, which leaves those files to Node: vite.config.ts) imports it as it is: a build outside the project
 * (a test run's directory under /tmp) finds the project's packages through a `node_modules` link beside it — beside,
 * not in it, where the server's static files would include it.
 */
export const buildPortal = async (outDir: string): Promise<BuiltApp> => {
  linkProjectModules(path.dirname(outDir));
  return buildInChild('portal', outDir);
};

/** `<dir>/node_modules` → the project's, unless `dir` is inside the project or has a node_modules of its own. */
function linkProjectModules(dir: string): void {
  const relative = path.relative(projectRoot, path.resolve(dir));
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return;
  mkdirSync(dir, { recursive: true });
  try {
    symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Builds the bare React + react-router page of scripts/bench/baseline/ with the same Vite and React plugin, in a child process. */
export const buildBaseline = (outDir: string): Promise<BuiltApp> => buildInChild('baseline', outDir);

/** The portal's build, in this process (scripts/bench/build-child.ts; NODE_ENV=production is the caller's to set). */
export async function buildPortalHere(outDir: string): Promise<BuiltApp> {
  const { build } = await import('vite');
  const chunks = new Map<string, ChunkInfo>();
  await build({
    root: projectRoot,
    mode: 'production',
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [captureChunks(chunks)],
    build: { outDir, emptyOutDir: true },
  });
  return { outDir, chunks };
}

/** The bare page's build, in this process (scripts/bench/build-child.ts). */
export async function buildBaselineHere(outDir: string): Promise<BuiltApp> {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const chunks = new Map<string, ChunkInfo>();
  await build({
    root: baselineRoot,
    mode: 'production',
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), captureChunks(chunks)],
    build: { outDir, emptyOutDir: true },
  });
  return { outDir, chunks };
}

/** The vendor's console: an entry of its own (console.html), never part of a customer page's measure. */
export const CONSOLE_MODULES = /src[\\/]console[\\/]|machines[\\/]console-[^\\/]+[\\/]|core[\\/]api[\\/]vendor-client\.ts$/;

/** The chunks loaded before first interaction: the entry, the given route modules' chunks, and their static imports. */
export function pageChunks(app: BuiltApp, routeModules: string[] = []): ChunkInfo[] {
  const all = [...app.chunks.values()];
  const roots = all.filter((c) => c.isEntry && !c.moduleIds.some((id) => CONSOLE_MODULES.test(id)));
  for (const module of routeModules) {
    const id = path.join(projectRoot, module);
    const chunk = all.find((c) => c.facadeModuleId === id) ?? all.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`No chunk for ${module}`);
    roots.push(chunk);
  }
  const seen = new Map<string, ChunkInfo>();
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, chunk);
    for (const file of chunk.imports) {
      const next = app.chunks.get(file);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

export function gzipBytes(app: BuiltApp, chunks: ChunkInfo[]): number {
  return chunks.reduce((sum, c) => sum + gzipSync(readFileSync(path.join(app.outDir, c.file)), { level: 9 }).length, 0);
}

/** The route module of the landing page `/`. */
export const LANDING_ROUTE_MODULES = ['src/features/access/landing-page.tsx'];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The modules the landing page imports dynamically as it starts, with no interaction: what it loads after its first
 * paint until the network is idle (its announcements, from the public file). The budget counts them; the browser test
 * tests/e2e/landing-scripts.spec.ts checks that `/` loads exactly these chunks and nothing else, so the two cannot drift.
 */
export const LANDING_START_MODULES = ['src/features/announcements/public-announcements-view.tsx'];

/** The build's chunk map (scripts/build/chunk-map.ts: `dist/.vite/chunks.json`), the one the server preloads from. */
export type { ChunkMap };

export function readChunkMap(outDir: string): ChunkMap {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'chunks.json'), 'utf8')) as ChunkMap;
}

/** The entry chunk a built HTML page loads (`<script type="module" … src="/assets/index-….js">`). */
export function entryFileOf(outDir: string, html = 'index.html'): string {
  const match = /<script type="module"[^>]*\ssrc="\/([^"]+\.js)"[^>]*><\/script>/.exec(readFileSync(path.join(outDir, html), 'utf8'));
  if (!match) throw new Error(`No entry script in ${html}`);
  return match[1];
}

/** The chunk files of the entry and of these source modules, with every chunk they import statically (sorted). */
export function chunkClosure(map: ChunkMap, entryFile: string, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of map.imports[file] ?? []) visit(imported);
  };
  visit(entryFile);
  for (const module of modules) {
    const file = map.modules[module];
    if (!file) throw new Error(`No chunk for ${module}`);
    visit(file);
  }
  return [...seen].sort();
}

/** What `/` loads until the network is idle: the entry, the landing route, what it imports at start, their imports. */
export function landingScripts(outDir: string): string[] {
  return chunkClosure(readChunkMap(outDir), entryFileOf(outDir), [...LANDING_ROUTE_MODULES, ...LANDING_START_MODULES]);
}

const gzipped = new Map<string, number>();

/** The files' gzip size (level 9) summed; each file compressed once per process (the route budgets share chunks). */
export function gzipFiles(outDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => {
    const full = path.join(outDir, file);
    let size = gzipped.get(full);
    if (size === undefined) gzipped.set(full, (size = gzipSync(readFileSync(full), { level: 9 }).length));
    return sum + size;
  }, 0);
}

/**
 * The routes of the app and the source modules each one's navigation loads (src/app/router.tsx, src/app/app-pages.ts):
 * the page's module; for the app's pages also the page loaders (`app-pages.ts`) and the app-wide actors
 * (`app-services.tsx`) that `app()` loads beside it; under /token/:token also the token guard (the token shell). Read
 * from the two files' `lazyPage(() => import('…'))` lines, so a new page is a new route here without anyone listing it.
 */
export function routeModules(): Record<string, string[]> {
  const router = readFileSync(path.join(projectRoot, 'src/app/router.tsx'), 'utf8');
  // The children of /token/:token are the routes whose path is relative (no leading `/`, not the `*` fallback).
  const underToken = (name: string) => new RegExp(`path: '(?![/*])[^']*', lazy: (app\\('${name}'\\)|${name}\\b)`).test(router);
  const appPages = lazyPageModules(projectRoot, 'src/app/app-pages.ts');
  const publicPages = lazyPageModules(projectRoot, 'src/app/router.tsx');
  const routes: Record<string, string[]> = {};
  const guard = appPages.tokenGuard;
  for (const [name, module] of Object.entries(publicPages)) {
    routes[name] = underToken(name) ? ['src/app/app-pages.ts', 'src/app/app-services.tsx', guard, module] : [module];
  }
  for (const [name, module] of Object.entries(appPages)) {
    if (name === 'tokenGuard') continue;
    routes[name] = ['src/app/app-pages.ts', 'src/app/app-services.tsx', ...(underToken(name) ? [guard] : []), module];
  }
  return routes;
}

/** scripts/bench/route-budgets.json: KB (gzip) per route, today's size plus about 10 %. */
export const ROUTE_BUDGETS_FILE = path.join(projectRoot, 'scripts', 'bench', 'route-budgets.json');
