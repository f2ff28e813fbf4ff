/**
 * Once per test run: a directory for the run's PGlite snapshots (server/db/testing.ts). The first test file that
 * creates a migrated (or seeded) in-memory database dumps it there; later files start from a copy instead of running
 * initdb, the migrations and the seed again. The directory goes with the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-test-db-'));
  process.env.PP_TEST_DB_CACHE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
