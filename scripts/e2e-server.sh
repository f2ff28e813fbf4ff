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
if [ "${E2E_BUILD:-yes}" != "no" ]; then npm run -s build >/dev/null; fi
exec npx tsx server/main.ts
