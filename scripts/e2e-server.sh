#!/usr/bin/env bash
# Starts the portal for the browser journeys (one per Playwright project): a fresh PostgreSQL database (so the tests can read the outbox
# while the server runs), the production build, and the server — the same entry point as `npm start`.
set -euo pipefail
cd "$(dirname "$0")/.."
admin_url="${DATABASE_URL%/*}/postgres"
db_name="${DATABASE_URL##*/}"
node -e "
const {Client}=require('pg');(async()=>{const c=new Client({connectionString:process.argv[1]});await c.connect();
await c.query('DROP DATABASE IF EXISTS '+process.argv[2]+' WITH (FORCE)');await c.query('CREATE DATABASE '+process.argv[2]);await c.end();})()
.catch(e=>{console.error(e);process.exit(1)})" "$admin_url" "$db_name"
# one build for every project's server: playwright.config.ts starts them one after the other, the first with E2E_BUILD=yes
# Within `npm test` the vitest stage has built the portal already (sharedBuild in scripts/bench/bundle-size.ts, the same
# vite.config.ts): that build is copied instead of made again; the hosted fields page is built as usual.
shared="${PP_TEST_CACHE:-/nonexistent}/builds/portal"
if [ "${E2E_BUILD:-yes}" != "no" ]; then
  if [ -f "$shared.chunks.json" ] && [ -f "$shared/.vite/script-inventory.json" ]; then
    npx panda codegen --silent
    rm -rf dist && cp -a "$shared" dist
    npx vite build -c vite.payments.config.ts --logLevel warn >/dev/null
  else
    npm run -s build >/dev/null
  fi
fi
# node itself with tsx's loader, as `npm run serve` (not the tsx command, which SIGKILLs a child slow to take a relayed signal)
exec node --import tsx server/main.ts
