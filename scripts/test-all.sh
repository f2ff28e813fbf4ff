#!/usr/bin/env bash
# The README's test command (`npm test`): every check the project has, in the order a failure is cheapest to find.
# 1. contract + generated types + lint, machines, views, server on PGlite      (vitest)
# 2. server suite again on a PostgreSQL server (fresh database per test file)  (vitest, DATABASE_URL)
# 3. type check of the whole tree                                              (tsc)
# 4. browser journeys against the built app and the real server                (Playwright + Chromium)
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-results
rm -f .test-results/*.json
status=0
step() { echo; echo "=== $* ==="; }

PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# What the test files of both vitest stages share (PGlite snapshots, one build): tests/global-setup.ts
PP_TEST_CACHE="$(mktemp -d "${TMPDIR:-/tmp}/pp-test-XXXXXX")"
export PP_TEST_CACHE
trap 'rm -rf "$PP_TEST_CACHE"' EXIT

step "generated API types are current"
npm run -s gen:api >/dev/null || status=1

step "vitest: contract, machines, views, server on PGlite"
env -u DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest-pglite.json || status=1

step "vitest: server on PostgreSQL ($PG_URL)"
if node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; then
  DATABASE_URL="$PG_URL" npx vitest run tests/server --reporter=default --reporter=json --outputFile.json=.test-results/vitest-postgres.json || status=1
else
  echo "PostgreSQL is not reachable at $PG_URL"
  if [ "${CI:-}" = "true" ]; then status=1; else echo "(skipped outside CI)"; fi
fi

step "type check"
npx tsc -p tsconfig.json --noEmit && echo "tsc: no errors" || status=1

step "playwright: browser journeys (Chromium)"
npx playwright test || status=1

step "summary"
node scripts/summarize-results.mjs || status=1
exit $status
