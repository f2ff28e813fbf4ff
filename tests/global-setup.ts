/**
 * Once per test run: a directory for what the run's test files share — the PGlite snapshots (server/db/testing.ts)
 * and the builds (`sharedBuild`, scripts/bench/bundle-size.ts). The first file that needs one makes it there; later
 * files use it instead of running initdb, the migrations and the seed, or Vite, again. The directory goes with the
 * run. scripts/test-all.sh sets PP_TEST_CACHE itself, so both vitest stages share one build; it removes it at the end.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const given = process.env.PP_TEST_CACHE;
  if (given && existsSync(given)) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-test-'));
  process.env.PP_TEST_CACHE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
