// Adds up the JSON reports of every runner into one closing line: "N passed, N failed, N skipped",
// preceded by the name of every failed test and the first lines of its message, so the tail of a CI log says what failed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

let passed = 0, failed = 0, skipped = 0;
const failures = [];
const dir = '.test-results';

/** The first lines of a failure's message (colour codes removed), so the tail of a CI log says why, not only what. */
function why(message) {
  if (!message) return '';
  const lines = String(message).replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter(Boolean).slice(0, 8);
  return '\n' + lines.map((l) => `    ${l.slice(0, 300)}`).join('\n');
}

function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') {
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        failures.push(`${file ?? suite.file} › [${test.projectName}] ${spec.title}${why(error)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, file ?? suite.file);
}

for (const f of existsSync(dir) ? readdirSync(dir).sort() : []) {
  if (!f.endsWith('.json')) continue;
  const r = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  if ('numPassedTests' in r) {            // vitest (jest-compatible JSON)
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const name = String(file.name).replace(process.cwd() + '/', '');
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed') failures.push(`${f.replace('.json', '')}: ${name} › ${t.fullName}${why(t.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${f.replace('.json', '')}: ${name} › ${String(file.message ?? 'the file failed to run').split('\n')[0]}`);
      }
    }
  } else if (r.stats) {                  // playwright
    passed += r.stats.expected + (r.stats.flaky ?? 0); failed += r.stats.unexpected; skipped += r.stats.skipped;
    for (const s of r.suites ?? []) playwrightFailures(s);
  }
}
for (const line of failures) console.log(`FAILED ${line}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(passed === 0 || failed > 0 ? 1 : 0);
