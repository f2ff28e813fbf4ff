#!/usr/bin/env bash
# The README's test command (`npm test`): every check the project has, in the order a failure is cheapest to find.
# 1. contract + generated types + lint, machines, views; on PGlite the server tests that concern the embedded
#    database (they name it) and a smoke set of the API                        (vitest)
# 2. the whole server suite on a PostgreSQL server (fresh database per test file) (vitest, DATABASE_URL)
# 3. type check of the whole tree, beside stage 2                              (tsc)
#    then the adaptive concurrency limit's HTTP tests, alone: they measure latency (vitest)
# 4. browser journeys against the built app and the real server, both viewports at once (Playwright + Chromium)
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-results
rm -f .test-results/*.json .test-results/*.log
status=0
failed_steps=()
step() { current_step="$*"; echo; echo "=== $* ==="; }
# A step whose command exits non-zero is named in the summary even when every test in its report passed (an unhandled
# error after the tests, a type error, a stale generated file): the closing lines of a CI log then say which one.
fail() { status=1; failed_steps+=("$current_step"); }

PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# What the test files of the vitest stages share (PGlite snapshots, one build; each stage's PostgreSQL template
# databases, dropped at its end): tests/global-setup.ts. A run stopped before a stage's end drops its templates here.
PP_TEST_CACHE="$(mktemp -d "${TMPDIR:-/tmp}/pp-test-XXXXXX")"
export PP_TEST_CACHE
trap '[ -f "$PP_TEST_CACHE/postgres-templates.jsonl" ] && npx tsx scripts/drop-test-templates.ts "$PP_TEST_CACHE"; rm -rf "$PP_TEST_CACHE"' EXIT
# The model walks record what they walked (tests/features/model-walk.ts); the workflow atlas shows those recordings
# when the app is built after them (src/features/atlas/atlas-data.ts). The build this run's budget tests measure is made
# while the walks run: recording into .test-results/ would put however many had finished into it (the atlas's size
# moved by 15 KB from run to run). They go to the run's own directory and are copied there after stage 1.
rm -rf .test-results/machine-walks
export PP_WALKS_DIR="$PP_TEST_CACHE/machine-walks"

step "generated API types are current"
npm run -s gen:api >/dev/null || fail

# The server suite runs whole on PostgreSQL (stage 2). PGlite is the same PostgreSQL compiled to WebAssembly, so
# running every server test on both tested the same SQL twice; on PGlite run the files that concern the embedded
# database itself (the socket, the fair queue, the CLIs on a locked directory, migrations, seed, faults, overload, the
# restarts that branch on the kind, the import and the webhook test, whose reads beside a held transaction would wait
# on the embedded database's one connection) and a smoke set of the API through the whole app. Without a PostgreSQL server
# (outside CI) the whole server suite runs on PGlite instead.
pglite_server=""
# db-backup runs in both stages: here backup and restore of a data directory, through a running server's socket too; on
# PostgreSQL the same cases on a server database, and export-to (a data directory with 10,000 invoices moved into it).
for name in db-cli db-socket pglite-queue db-migrations db-seed db-faults jobs-cli overload charges-restart webhook-restart db-backup \
  app portal paymentgroups vendor-api vendor-http-import vendor-webhook-test; do pglite_server+=" tests/server/$name.test.ts"; done
# One stage after the other: run side by side (tried) they took no less time in all (289-342 s against 287 s) and the
# load made a timing test (letmein-timing) fail; the type check runs beside the PostgreSQL stage, whose workers wait
# on the server.
# Is there a PostgreSQL server for stage 2? If so, stage 1 leaves to it the server tests that do not depend on the
# database's kind (they read PP_POSTGRES_STAGE_FOLLOWS).
postgres_reachable=no
node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL" && postgres_reachable=yes
step "vitest: contract, machines, views; the embedded database's server tests on PGlite"
env -u DATABASE_URL PP_POSTGRES_STAGE_FOLLOWS=$([ $postgres_reachable = yes ] && echo 1 || echo 0) npx vitest run tests/architecture tests/contract tests/features tests/machines tests/rules $pglite_server \
  --reporter=default --reporter=json --outputFile.json=.test-results/vitest-pglite.json 2>&1 | tee .test-results/vitest-pglite.log || fail

mkdir -p .test-results/machine-walks && { cp "$PP_WALKS_DIR"/*.json .test-results/machine-walks/ 2>/dev/null || true; }

npx tsc -p tsconfig.json --noEmit > .test-results/tsc.log 2>&1 &
tsc_pid=$!

step "vitest: server on PostgreSQL ($PG_URL)"
# (not the files that run on PGlite only — they unset DATABASE_URL: the CLIs on a data directory, the socket)
# (named file by file: vitest's --exclude does not reach the projects of vite.config.ts)
postgres_files=$(ls tests/server/*.test.ts | grep -v -E '/(db-cli|db-socket|jobs-cli)\.test\.ts$')
if [ $postgres_reachable = yes ]; then
  # (every file but the views' shares its worker's module graph: the `logic` project in vite.config.ts; each file still
  # makes its own database and server)
  DATABASE_URL="$PG_URL" PP_ADAPTIVE_LIMIT_TESTS=later npx vitest run $postgres_files \
    --reporter=default --reporter=json --outputFile.json=.test-results/vitest-postgres.json 2>&1 | tee .test-results/vitest-postgres.log || fail
else
  echo "PostgreSQL is not reachable at $PG_URL"
  if [ "${CI:-}" = "true" ]; then fail; else
    echo "(outside CI: the server suite on PGlite instead)"
    env -u DATABASE_URL npx vitest run tests/server --reporter=default --reporter=json --outputFile.json=.test-results/vitest-postgres.json || fail
  fi
fi

step "type check"
if wait "$tsc_pid"; then echo "tsc: no errors"; else cat .test-results/tsc.log; fail; fi

if [ $postgres_reachable = yes ]; then
  step "vitest: the adaptive concurrency limit over HTTP, with nothing beside it"
  # it measures latency, which the other worker's load moves (tests/server/overload.test.ts): about 30 s alone
  DATABASE_URL="$PG_URL" PP_ADAPTIVE_LIMIT_TESTS=alone npx vitest run tests/server/overload.test.ts -t 'adaptive concurrency limit' \
    --reporter=default --reporter=json --outputFile.json=.test-results/vitest-adaptive-limit.json 2>&1 | tee .test-results/vitest-adaptive-limit.log || fail
fi

step "playwright: browser journeys (Chromium)"
npx playwright test || fail

step "summary"
node scripts/summarize-results.mjs || fail
# vitest exits 1 on an error thrown outside any test (its JSON report counts no failure then): show where.
for log in .test-results/vitest-*.log; do
  [ -f "$log" ] && grep -q "Unhandled" "$log" && { echo "--- $log:"; sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -A 25 "Unhandled" | head -80; }
done
for s in ${failed_steps[@]+"${failed_steps[@]}"}; do echo "FAILED STEP: $s"; done
exit $status
