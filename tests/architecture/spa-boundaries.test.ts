// @vitest-environment node
/**
 * The SPA's own shape (docs/CONVENTIONS.md, "Floors"): a feature folder does not import another feature folder (what
 * two features share lives in src/app, src/ui or core/rules; a page reached from another feature is reached through
 * the router), and every route is built by the one paths module (core/rules/paths.ts), never by hand.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { files, importsOf, root } from './source-files';
import { dirname, join, normalize } from 'node:path';

const imports = importsOf;

/** `src/features/<area>/…` → `<area>`, else null. */
function featureOf(path: string): string | null {
  const parts = normalize(path).split(/[\\/]/);
  return parts[0] === 'src' && parts[1] === 'features' && parts.length > 3 ? parts[2] : null;
}

/** Imports of one feature's file that land in another feature's folder. */
function crossFeatureImports(file: string, source: string): string[] {
  const own = featureOf(file);
  if (!own) return [];
  return imports(source)
    .filter((i) => i.startsWith('.'))
    .filter((i) => {
      const target = featureOf(normalize(join(dirname(file), i)));
      return target !== null && target !== own;
    })
    .map((i) => `${file} → ${i}`);
}

/**
 * Template literals that build a location path by hand: any containing `/locations/`. API paths (the contract's,
 * which start at `/vendors/`, read from a token page's inline answers) are not routes of the app.
 */
function handBuiltLocationPaths(file: string, source: string): string[] {
  // Comments name routes in backticks too (`/token/<token>/vendors/…`); only code builds paths.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const literals = code.match(/`(?:[^`\\]|\\.)*`/g) ?? [];
  return literals.filter((l) => l.includes('/locations/') && !l.startsWith('`/vendors/')).map((l) => `${file}: ${l}`);
}

const PATHS_MODULE = 'core/rules/paths.ts';

describe('SPA boundaries', () => {
  it('no feature folder imports another feature folder', () => {
    const offenders = files('src/features').flatMap((f) => crossFeatureImports(f, readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check sees a cross-feature import and lets one within a feature, to src/ui or to src/app pass', () => {
    const file = 'src/features/reports/some-page.tsx';
    expect(crossFeatureImports(file, "import { X } from '../dashboard/location-frame';")).toHaveLength(1);
    expect(crossFeatureImports(file, "const p = import('../click2pay/click2pay-page');")).toHaveLength(1);
    expect(crossFeatureImports(file, "import { X } from './texts';\nimport { Y } from '../../ui/page';\nimport { Z } from '../../app/session';")).toEqual([]);
  });

  it(`nothing in src/ builds a location path by hand (${PATHS_MODULE} builds every route)`, () => {
    const offenders = files('src').flatMap((f) => handBuiltLocationPaths(f, readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check sees a route built by hand and lets an API path pass', () => {
    const file = 'src/features/x/page.tsx';
    expect(handBuiltLocationPaths(file, 'const base = `/token/${token}/vendors/${vendorId}/locations/${locationId}`;')).toHaveLength(1);
    expect(handBuiltLocationPaths(file, 'navigate(`${root}/locations/${id}/click2pay`);')).toHaveLength(1);
    expect(handBuiltLocationPaths(file, 'const answer = api[`/vendors/${vendorId}/locations/${locationId}/autopay`];')).toEqual([]);
    expect(handBuiltLocationPaths(file, '/** `/token/<token>/vendors/<id>/locations/<id>` */\n// `${base}/locations/${id}`\nconst x = 1;')).toEqual([]);
  });
});
