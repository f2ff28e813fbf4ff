/**
 * The script inventory of the pages a build serves (PCI DSS 6.4.3) and Subresource Integrity in their HTML.
 *
 * After the bundle is written, this plugin hashes every JS chunk and every script of `public/`, gives each a purpose,
 * and writes `<outDir>/.vite/script-inventory.json` (format: server/http/script-integrity.ts). Into the built
 * `index.html` it writes an import map whose `integrity` section names every chunk (so a chunk loaded by `import()`
 * — and the module preloads Vite's `__vitePreload` adds for it — is checked by the browser) and `integrity` on each
 * `<script src>` and `<link rel="modulepreload">`. The landing prerender (scripts/build/prerender.ts) starts from that
 * HTML and stamps the preloads it adds from the inventory.
 *
 * At the end of the build (before precompression) it checks the output: every JS file is in the inventory and every
 * listed file exists; every HTML page's scripts carry the listed integrity and its import map is the inventory's. A
 * build that fails the check fails. A static script added to `public/` must be given a purpose in `publicScripts`.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  IMPORT_MAP_PATTERN,
  SCRIPT_INVENTORY_FILE,
  importMapContent,
  insertImportMap,
  integrityLookup,
  scriptTags,
  sha256Source,
  sha384Integrity,
  stampIntegrity,
  type InventoryScript,
  type ScriptInventory,
} from '../../server/http/script-integrity.ts';

interface ChunkInfo {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

export interface ScriptInventoryOptions {
  origin: ScriptInventory['origin'];
  /** What the entry chunk is for (by default: the app's entry). */
  entryPurpose?: string;
  /** What each page's entry chunk is for, by the page's HTML file (a build of several pages). */
  entryPurposes?: Record<string, string>;
  /** Purposes of the named chunks (the code-splitting groups of vite.config.ts), by chunk name. */
  namedChunks?: Record<string, string>;
  /** Purposes of the scripts copied from `public/`, by path below it; a public script without one fails the build. */
  publicScripts?: Record<string, string>;
  /** Write the import map and `integrity` into the built HTML (the payments origin stamps its page when serving it). */
  stampHtml?: boolean;
}

function walk(dir: string, base = dir): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

const packageOf = (id: string) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1].replace('\\', '/');

/** The kind and written reason of one chunk, from what the bundle knows about it. */
export function classifyChunk(chunk: ChunkInfo, root: string, namedChunks: Record<string, string>, entryPurpose?: string, entryPurposes: Record<string, string> = {}): Pick<InventoryScript, 'kind' | 'purpose'> {
  const rel = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const page = chunk.isEntry && chunk.facadeModuleId ? entryPurposes[rel(chunk.facadeModuleId)] : undefined;
  if (page) return { kind: 'entry', purpose: page };
  if (chunk.isEntry) return { kind: 'entry', purpose: entryPurpose ?? `Application entry (${chunk.facadeModuleId ? rel(chunk.facadeModuleId) : chunk.name}): loaded by every page's HTML; starts the app and its router.` };
  if (/runtime/.test(chunk.name)) return { kind: 'runtime', purpose: 'Bundler runtime: the module registry the other chunks share.' };
  if (namedChunks[chunk.name]) return { kind: 'shared', purpose: namedChunks[chunk.name] };
  const real = chunk.moduleIds.filter((id) => !id.includes('\0'));
  const packages = [...new Set(real.map(packageOf).filter(Boolean))];
  if (real.length > 0 && real.every((id) => packageOf(id))) {
    return { kind: 'vendor', purpose: `Vendor library (${packages.slice(0, 4).join(', ')}${packages.length > 4 ? ', …' : ''}): third-party code a page imports, pinned by package-lock.json.` };
  }
  if (chunk.isDynamicEntry && chunk.facadeModuleId) {
    return { kind: 'route', purpose: `Lazily loaded module ${rel(chunk.facadeModuleId)}: loaded by import() when a page or feature that needs it is opened.` };
  }
  const own = real.filter((id) => !packageOf(id)).map(rel);
  return { kind: 'shared', purpose: `Code shared by several pages (${own.slice(0, 3).join(', ')}${own.length > 3 ? ', …' : ''}${packages.length ? `; with ${packages.slice(0, 3).join(', ')}` : ''}).` };
}

export function scriptInventory(options: ScriptInventoryOptions): Plugin {
  let config: ResolvedConfig;
  const chunks: ChunkInfo[] = [];
  const outDir = () => path.resolve(config.root, config.build.outDir);
  const inventoryFile = () => path.join(outDir(), SCRIPT_INVENTORY_FILE);
  return {
    name: 'portal:script-inventory',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Files are on disk now (the public folder was copied before the bundle was written); the prerender and the
    // precompression run after this, in closeBundle. The chunks are read from the bundle as written, not as generated:
    // Vite drops a chunk that only imported CSS after the plugins' generateBundle (a lazy page's stylesheet chunk).
    writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      chunks.length = 0;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({ fileName: output.fileName, name: output.name, isEntry: output.isEntry, isDynamicEntry: output.isDynamicEntry, facadeModuleId: output.facadeModuleId ?? null, moduleIds: [...output.moduleIds] });
      }
      const dir = outDir();
      const scripts: InventoryScript[] = [];
      for (const chunk of chunks) {
        scripts.push({ path: `${config.base}${chunk.fileName}`, integrity: sha384Integrity(readFileSync(path.join(dir, chunk.fileName))), ...classifyChunk(chunk, config.root, options.namedChunks ?? {}, options.entryPurpose, options.entryPurposes) });
      }
      const publicDir = config.publicDir ? walk(config.publicDir).filter((f) => /\.m?js$/.test(f)) : [];
      for (const file of publicDir) {
        const purpose = options.publicScripts?.[file];
        if (!purpose) throw new Error(`script inventory: public/${file} has no purpose (add it to publicScripts in the Vite config)`);
        scripts.push({ path: `${config.base}${file}`, integrity: sha384Integrity(readFileSync(path.join(dir, file))), kind: 'loader', purpose });
      }
      scripts.sort((a, b) => a.path.localeCompare(b.path));
      let importMap: ScriptInventory['importMap'] = null;
      if (options.stampHtml !== false) {
        const content = importMapContent(scripts);
        importMap = { content, hash: sha256Source(content) };
      }
      const inventory: ScriptInventory = { version: 1, origin: options.origin, importMap, scripts };
      mkdirSync(path.dirname(inventoryFile()), { recursive: true });
      writeFileSync(inventoryFile(), `${JSON.stringify(inventory, null, 2)}\n`);
      if (importMap) {
        const lookup = integrityLookup(inventory);
        for (const page of walk(dir).filter((f) => f.endsWith('.html'))) {
          const file = path.join(dir, page);
          writeFileSync(file, stampIntegrity(insertImportMap(readFileSync(file, 'utf8'), importMap.content), lookup));
        }
      }
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config.build.ssr) return;
        const dir = outDir();
        const inventory = JSON.parse(readFileSync(inventoryFile(), 'utf8')) as ScriptInventory;
        const problems = checkBuild(dir, inventory, config.base);
        if (problems.length) throw new Error(`script inventory check failed:\n  ${problems.join('\n  ')}`);
      },
    },
  };
}

/** What is wrong with a build's scripts against its inventory (empty when all is well). */
export function checkBuild(dir: string, inventory: ScriptInventory, base = '/'): string[] {
  const problems: string[] = [];
  const files = walk(dir);
  const listed = new Map(inventory.scripts.map((s) => [s.path, s]));
  for (const file of files.filter((f) => /\.m?js$/.test(f))) {
    const script = listed.get(`${base}${file}`);
    if (!script) problems.push(`${file} is not in the inventory`);
    else if (script.integrity !== sha384Integrity(readFileSync(path.join(dir, file)))) problems.push(`${file}: integrity differs from its bytes`);
    else if (!script.purpose) problems.push(`${file} has no purpose`);
  }
  for (const script of inventory.scripts) {
    if (!files.includes(script.path.slice(base.length))) problems.push(`${script.path} is listed but not built`);
  }
  if (!inventory.importMap) return problems;
  for (const page of files.filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(path.join(dir, page), 'utf8');
    const maps = [...html.matchAll(IMPORT_MAP_PATTERN)].map((m) => m[1]);
    if (maps.length !== 1 || maps[0] !== inventory.importMap.content) problems.push(`${page}: its import map is not the inventory's`);
    for (const tag of scriptTags(html)) {
      if (!tag.integrity || tag.integrity !== listed.get(tag.url)?.integrity || !tag.crossorigin) problems.push(`${page}: ${tag.url} has no or a wrong integrity`);
    }
  }
  return problems;
}
