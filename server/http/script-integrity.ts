/**
 * The script inventory of a build and Subresource Integrity in its HTML (PCI DSS 6.4.3: every script a payment page
 * loads is listed, with a reason and its integrity; 11.6.1: a script that is not listed is detected).
 *
 * The build (scripts/build/script-inventory.ts) writes `<outDir>/.vite/script-inventory.json`: every JS file the pages
 * may load — each chunk under `assets/` and the static scripts of `public/` — with its URL path, the `sha384-…` of its
 * bytes and its purpose. The HTML the build writes carries `integrity` on every `<script src>` and
 * `<link rel="modulepreload">`, and an import map whose `integrity` section names every chunk, so a chunk loaded by
 * `import()` (or preloaded by Vite's `__vitePreload`) is checked too. The import map is an inline script: the portal's
 * CSP allows exactly its `sha256-…` (server/http/security-headers.ts), read from the inventory.
 *
 * Pure functions and the reader; shared by the build and the server (the server reads the inventory at start and fails
 * if it is missing: no page is served with scripts that have no integrity).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const SCRIPT_INVENTORY_FILE = path.join('.vite', 'script-inventory.json');

export interface InventoryScript {
  /** The URL path the page loads it from (`/assets/x-abc.js`, `/static/after-first-paint.js`). */
  path: string;
  /** `sha384-<base64>` of the file's bytes, as served (the precompressed copies decode to the same bytes). */
  integrity: string;
  /** entry | route | shared | vendor | runtime | loader */
  kind: string;
  /** Why the pages load it (6.4.3's written justification). */
  purpose: string;
}

export interface ScriptInventory {
  version: 1;
  /** Which origin serves these scripts: the portal (dist/) or the payments origin's hosted fields (dist-payments/). */
  origin: 'portal' | 'payments';
  /** The inline import map every page of the build carries (exact text between its tags) and its CSP hash, or null. */
  importMap: { content: string; hash: string } | null;
  scripts: InventoryScript[];
}

export const sha384Integrity = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
/** A CSP source expression for an inline script's exact text. */
export const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The import map's JSON: no imports remapped, every module chunk's integrity (sorted, stable across identical builds). */
export function importMapContent(scripts: InventoryScript[]): string {
  const integrity: Record<string, string> = {};
  for (const script of [...scripts].sort((a, b) => a.path.localeCompare(b.path))) {
    if (script.kind !== 'loader') integrity[script.path] = script.integrity;
  }
  return JSON.stringify({ imports: {}, integrity });
}

export const IMPORT_MAP_PATTERN = /<script type="importmap">([\s\S]*?)<\/script>/g;

/** Puts the import map before the first script or module preload of `html` (an import map must precede them). */
export function insertImportMap(html: string, content: string): string {
  const tag = `<script type="importmap">${content}</script>`;
  const first = html.search(/<script\b|<link rel="modulepreload"/);
  if (first < 0) return html.replace('</head>', `  ${tag}\n  </head>`);
  return `${html.slice(0, first)}${tag}\n    ${html.slice(first)}`;
}

/** `<script … src>` and `<link rel="modulepreload" … href>` tags of `html` (not the import map, not inline data). */
const SCRIPT_TAG = /<script\b([^>]*?)\ssrc="([^"]+)"([^>]*)>|<link\b(?=[^>]*\brel="modulepreload")([^>]*?)\shref="([^"]+)"([^>]*)>/g;

export interface ScriptTag {
  tag: string;
  url: string;
  integrity: string | null;
  crossorigin: boolean;
}

/** Every loading script tag of `html`: external scripts and module preloads. */
export function scriptTags(html: string): ScriptTag[] {
  return [...html.matchAll(SCRIPT_TAG)].map((m) => {
    const tag = m[0];
    return { tag, url: m[2] ?? m[5], integrity: /\sintegrity="([^"]+)"/.exec(tag)?.[1] ?? null, crossorigin: /\scrossorigin\b/.test(tag) };
  });
}

/**
 * `html` with `integrity` (and `crossorigin`) on every script and module preload that lacks it, from `lookup`
 * (URL path → integrity). A script the lookup does not know is an error: a page never loads an unlisted script.
 */
export function stampIntegrity(html: string, lookup: (url: string) => string | undefined): string {
  return html.replace(SCRIPT_TAG, (tag, _a, src: string | undefined, _b, _c, href: string | undefined) => {
    if (/\sintegrity="/.test(tag)) return tag;
    const url = (src ?? href)!;
    const integrity = lookup(url);
    if (!integrity) throw new Error(`script integrity: ${url} is not in the script inventory`);
    const crossorigin = /\scrossorigin\b/.test(tag) ? '' : ' crossorigin';
    return tag.replace(/\s*\/?>$/, (end) => `${crossorigin} integrity="${integrity}"${end}`);
  });
}

let cache: { file: string; mtimeMs: number; inventory: ScriptInventory } | null = null;

/** The build's inventory. Throws when it is missing or malformed: the build always writes one. */
export function readScriptInventory(distDir: string): ScriptInventory {
  const file = path.join(distDir, SCRIPT_INVENTORY_FILE);
  let mtimeMs: number;
  try {
    ({ mtimeMs } = statSync(file));
  } catch {
    throw new Error(`The build has no script inventory (${file}): rebuild with \`npm run build\`. Pages are not served without Subresource Integrity.`);
  }
  if (cache && cache.file === file && cache.mtimeMs === mtimeMs) return cache.inventory;
  const inventory = JSON.parse(readFileSync(file, 'utf8')) as ScriptInventory;
  if (inventory.version !== 1 || !Array.isArray(inventory.scripts)) throw new Error(`${file} is not a script inventory of this version: rebuild with \`npm run build\`.`);
  cache = { file, mtimeMs, inventory };
  return inventory;
}

/** URL path → integrity of an inventory. */
export function integrityLookup(inventory: ScriptInventory): (url: string) => string | undefined {
  const map = new Map(inventory.scripts.map((s) => [s.path, s.integrity]));
  return (url) => map.get(url);
}

/**
 * The portal's inventory at start, or null when no SPA is built (`dist/index.html` missing: the server answers pages
 * with "not built"). Throws — the server does not start — when the build has no inventory, or when an HTML page's import
 * map is not the one whose hash the CSP will allow (a page edited after the build would have its import map refused).
 */
export function loadPortalScripts(distDir: string): ScriptInventory | null {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  const inventory = readScriptInventory(distDir);
  const pages = ['index.html', 'shell.html', ...readdirSync(distDir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => path.join(e.name, 'index.html'))];
  for (const page of pages) {
    const file = path.join(distDir, page);
    if (!existsSync(file)) continue;
    const maps = [...readFileSync(file, 'utf8').matchAll(IMPORT_MAP_PATTERN)].map((m) => m[1]);
    if (maps.some((content) => content !== inventory.importMap?.content)) {
      throw new Error(`${file}: its import map is not the script inventory's (${SCRIPT_INVENTORY_FILE}): rebuild with \`npm run build\`.`);
    }
  }
  return inventory;
}

/** The CSP sources for the inline scripts of the inventory's pages: exactly the import map's hash. */
export const inlineScriptSources = (inventory: ScriptInventory | null): string[] => (inventory?.importMap ? [inventory.importMap.hash] : []);
