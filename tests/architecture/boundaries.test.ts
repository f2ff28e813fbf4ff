// @vitest-environment node
/**
 * Import boundaries of docs/CONVENTIONS.md. The floors, from the ground up: `core/` (the pure rules in `core/rules`,
 * the typed API client in `core/api`) stands on nothing of ours; `machines/` stands on `core/`; the SPA (`src/`) on
 * both; the server (`server/`) on `core/` alone. Machines never import React, Ark UI or the DOM; views never import
 * the API client; nothing but machine actors calls the API client.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { files, importsOfFile, root } from './source-files';
import { dirname, join, normalize, relative } from 'node:path';

const imports = importsOfFile;

/** The top folder of the file an import names: `core`, `machines`, `src`, `server`, … or null for a package. */
function floorOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return normalize(join(dirname(file), specifier)).split(/[\\/]/)[0];
}

/** What each floor may import of ours (its own folder always). */
const allowed: Record<string, string[]> = {
  core: ['core'],
  machines: ['machines', 'core'],
  src: ['src', 'machines', 'core', 'styled-system'],
  server: ['server', 'core'],
};

describe('floors', () => {
  for (const [floor, may] of Object.entries(allowed)) {
    it(`${floor}/ imports only ${may.filter((f) => f !== floor).join(', ') || 'packages'} besides itself`, () => {
      const offenders = files(floor).flatMap((f) => imports(f)
        .map((i) => [i, floorOf(f, i)] as const)
        .filter(([, target]) => target !== null && !may.includes(target))
        .map(([i]) => `${f} → ${i}`));
      expect(offenders).toEqual([]);
    });
  }

  it('the ground floor is pure: no DOM globals, no React, no node: modules in core/rules', () => {
    const offenders = files('core/rules').filter((f) => {
      const src = readFileSync(join(root, f), 'utf8');
      return /(?<!\.)\b(document|window|localStorage)\./.test(src) || imports(f).some((i) => /^(react|react-dom|node:|@ark-ui\/)/.test(i));
    });
    expect(offenders).toEqual([]);
  });
});

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
      .filter((f) => !/^machines\/.+\.actors\.ts$/.test(relative('.', f)) && !/^src\/app\//.test(f));
    expect(offenders).toEqual([]);
  });

  it('views make no fetch calls', () => {
    const offenders = files('src/features').filter((f) => /\bfetch\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });


  it('the hosted payment fields page (src/hosted-fields) stands apart: no React, no portal API client, and no page of the SPA imports it', () => {
    const frame = files('src/hosted-fields');
    expect(frame.length).toBeGreaterThan(0);
    const offenders = frame.flatMap((f) => imports(f)
      .filter((i) => /^(react|react-dom|@ark-ui\/|react-router|xstate)/.test(i) || /api\/client$/.test(i) || /src\/(app|features\/(?!payment-methods\/form-rules))/.test(normalize(join(dirname(f), i))))
      .map((i) => `${f} → ${i}`));
    expect(offenders).toEqual([]);
    const importers = [...files('src'), ...files('machines')].filter((f) => !f.startsWith('src/hosted-fields/'))
      .filter((f) => imports(f).some((i) => normalize(join(dirname(f), i)).startsWith('src/hosted-fields')));
    expect(importers).toEqual([]);
  });
});
