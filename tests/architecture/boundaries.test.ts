// @vitest-environment node
/**
 * Import boundaries of CONVENTIONS.md: machines never import React, Ark UI or the DOM; views never import the API
 * client; the server never imports the SPA; nothing but machine actors calls the API client.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const p = join(dir, name);
    if (statSync(join(root, p)).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function imports(file: string): string[] {
  const src = readFileSync(join(root, file), 'utf8');
  return [...src.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
}

describe('import boundaries', () => {
  it('machines import no React, Ark UI, DOM testing or view code', () => {
    const offenders = files('machines').flatMap((f) =>
      imports(f).filter((i) => /^(react|react-dom|@ark-ui\/|@testing-library\/|react-router)/.test(i) || /src\/(features|ui|app)\//.test(i))
        .map((i) => `${f} → ${i}`));
    expect(offenders).toEqual([]);
  });

  it('machines touch no DOM globals', () => {
    const offenders = files('machines').filter((f) => /\b(document|window)\./.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('only machine actors import the API client', () => {
    const all = [...files('src'), ...files('machines')];
    const offenders = all.filter((f) => imports(f).some((i) => /api\/client$/.test(i)))
      .filter((f) => !/^machines\/.+\.actors\.ts$/.test(relative('.', f)) && !/^src\/(app|api)\//.test(f));
    expect(offenders).toEqual([]);
  });

  it('views make no fetch calls', () => {
    const offenders = files('src/features').filter((f) => /\bfetch\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the server imports nothing of the SPA but the shared pure domain rules (src/domain)', () => {
    const offenders = files('server').flatMap((f) => imports(f)
      .filter((i) => /(^|\/)(src|machines)\//.test(i) && !/(^|\/)src\/domain\//.test(i)).map((i) => `${f} → ${i}`));
    expect(offenders).toEqual([]);
  });
});
