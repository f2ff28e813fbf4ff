// Adds up the JSON reports of every runner into one closing line: "N passed, N failed, N skipped".
import { existsSync, readFileSync, readdirSync } from 'node:fs';

let passed = 0, failed = 0, skipped = 0;
const dir = '.test-results';
for (const f of existsSync(dir) ? readdirSync(dir) : []) {
  if (!f.endsWith('.json')) continue;
  const r = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  if ('numPassedTests' in r) {            // vitest (jest-compatible JSON)
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (r.stats) {                  // playwright
    passed += r.stats.expected + (r.stats.flaky ?? 0); failed += r.stats.unexpected; skipped += r.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(passed === 0 || failed > 0 ? 1 : 0);
