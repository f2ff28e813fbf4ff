/** What the architecture tests read: the project's source files under a folder, and the modules a source imports. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/** Every .ts/.tsx file under `dir` (repository-relative), generated declarations (.d.ts) left out. */
export function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const p = join(dir, name);
    if (statSync(join(root, p)).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The specifiers a source text imports or re-exports, static, side-effect only (`import './x.css'`) and dynamic (`import('…')`), type-only ones included. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The specifiers a repository file imports. */
export function importsOfFile(file: string): string[] {
  return importsOf(readFileSync(join(root, file), 'utf8'));
}
