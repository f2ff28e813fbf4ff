/**
 * Once per test run: a directory for what the run's test files share — the PGlite snapshots and the PostgreSQL
 * template databases (server/db/testing.ts), and the builds (`sharedBuild`, scripts/bench/bundle-size.ts). The first
 * file that needs one makes it there; later files use it instead of running initdb, the migrations and the seed, or
 * Vite, again. The directory goes with the run. scripts/test-all.sh sets PP_TEST_CACHE itself, so both vitest stages
 * share one build; it removes the directory at the end. The template databases a vitest run made go at its own end.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => Promise<void> {
  const given = process.env.PP_TEST_CACHE;
  const owned = !(given && existsSync(given));
  const dir = owned ? mkdtempSync(path.join(tmpdir(), 'pp-test-')) : given!;
  process.env.PP_TEST_CACHE = dir;
  return async () => {
    if (existsSync(path.join(dir, 'postgres-templates.jsonl'))) {
      const { dropTemplateDatabases } = await import('../server/db/testing.js');
      await dropTemplateDatabases(dir);
    }
    if (owned) rmSync(dir, { recursive: true, force: true });
  };
}
