#!/usr/bin/env bash
# `npm run bench`: every speed figure of the portal, each beside a baseline measured in the same run.
# Benchmarks, not tests: they print figures and mark missed targets; they do not fail the build.
#   1. API: the portal vs a bare Fastify + pg server running the same queries (autocannon), PostgreSQL and PGlite
#   2. pay page in Chromium: 5,000 open invoices vs 50 (navigation → rows shown, select-all → total updated)
#   2b. overload: 500 connections of mixed reads and payment submits on two processes, with and without load shedding
#   3. Lighthouse (mobile, simulated throttling) on a bare React + react-router page built by the same Vite (the
#      baseline row), the landing page and every page under the token base (median of BENCH_LIGHTHOUSE_RUNS, default
#      3; figures also in .bench-results/lighthouse.json); landing JS vs the bare page; the vendor console's pages
#      signed in as the demo admin (target ≥ 90), and again on the desktop preset (target ≥ 95)
#   4. libs: hand-written code vs the library for the same job (JWT, security headers, the list cache's LRU),
#      in-process, needs neither PostgreSQL nor Chromium nor the build
#   6. vendor-lookups: an invoice by the vendor's own id (and 10 of them, and the changed ones) among 100,000 vs among
#      1,000; in-process, no build
#   5. vendor-import: 10,000 invoices through the vendor API (10 batches of 1,000) and through the file import, each
#      vs a plain multi-row INSERT of the same rows, on PGlite and PostgreSQL; in-process, no build
#   7. vendor-http-import: 100,000 invoices through POST /vendor-api/imports (a server process, the CSV streamed over
#      a real connection, until the import succeeded) vs a plain COPY of the same rows; the server's peak memory
#      importing 100,000 vs 10,000 rows; PostgreSQL only
#   8. metrics: the API's throughput with Prometheus metrics on vs off (two portals loaded at once, /metrics scraped
#      every second; CPU per request of each), PostgreSQL only, no build
# Needs PostgreSQL (TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres) and Chromium (CHROMIUM_PATH).
set -uo pipefail
cd "$(dirname "$0")/../.."
export CHROMIUM_PATH="${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser)}"
export CHROME_PATH="${CHROME_PATH:-$CHROMIUM_PATH}"
only="${1:-all}"
status=0
run() { echo; echo "=== bench: $1 ==="; shift; "$@" || status=1; }
case "$only" in libs|vendor-import|vendor-lookups|vendor-http-import|metrics) ;; *) npm run -s build >/dev/null || exit 1 ;; esac   # always measure the current source
case "$only" in all|api) run "API" npx tsx scripts/bench/api.ts ;; esac
case "$only" in all|overload) run "overload (500 connections, two processes, PostgreSQL)" npx tsx scripts/bench/overload.ts ;; esac
case "$only" in all|paypage) run "pay page" npx tsx scripts/bench/paypage.ts ;; esac
case "$only" in all|lighthouse) run "Lighthouse" npx tsx scripts/bench/lighthouse.ts --no-build --runs "${BENCH_LIGHTHOUSE_RUNS:-3}" ;; esac
console_pages="console-home,console-invoices,console-payments,console-customers,console-disputes,console-content,console-settings,console-team,console-audit,console-developers"
case "$only" in all|lighthouse|lighthouse-console) run "Lighthouse, console, desktop preset" npx tsx scripts/bench/lighthouse.ts --no-build --desktop --routes "$console_pages" --runs "${BENCH_LIGHTHOUSE_RUNS:-3}" --out .bench-results/lighthouse-console-desktop.json ;; esac
case "$only" in all|libs) run "libs (hand-written vs library)" npx tsx scripts/bench/libs.ts ;; esac
case "$only" in all|vendor-import) run "vendor import (API and file vs plain INSERT)" npx tsx scripts/bench/vendor-import.ts ;; esac
case "$only" in all|vendor-http-import) run "vendor import over HTTP (100,000 rows vs COPY)" npx tsx scripts/bench/vendor-http-import.ts ;; esac
case "$only" in all|metrics) run "metrics (throughput with Prometheus metrics on vs off)" npx tsx scripts/bench/metrics.ts ;; esac
case "$only" in all|vendor-lookups) run "vendor lookups (100,000 invoices vs 1,000)" npx tsx scripts/bench/vendor-lookups.ts ;; esac
exit $status
