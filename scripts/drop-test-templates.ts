/**
 * `npx tsx scripts/drop-test-templates.ts <cache dir>`: drops the PostgreSQL template databases a test run made
 * (server/db/testing.ts) — what the global setup's teardown does, for a run stopped before its teardown
 * (scripts/test-all.sh runs it on exit when the run's list of templates is still there).
 */
import { dropTemplateDatabases } from '../server/db/testing.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/drop-test-templates.ts <PP_TEST_CACHE directory>');
  process.exit(2);
}
await dropTemplateDatabases(dir);
