#!/usr/bin/env bash
# Starts the portal for the browser journeys (one per Playwright project, from scripts/e2e-servers.sh, which builds the
# app for them first): a fresh PostgreSQL database (so the tests can read the outbox while the server runs) and the
# server — the same entry point as `npm start`.
set -euo pipefail
cd "$(dirname "$0")/.."
admin_url="${DATABASE_URL%/*}/postgres"
db_name="${DATABASE_URL##*/}"
node -e "
const {Client}=require('pg');(async()=>{const c=new Client({connectionString:process.argv[1]});await c.connect();
await c.query('DROP DATABASE IF EXISTS '+process.argv[2]+' WITH (FORCE)');await c.query('CREATE DATABASE '+process.argv[2]);await c.end();})()
.catch(e=>{console.error(e);process.exit(1)})" "$admin_url" "$db_name"
# node itself with tsx's loader, as `npm run serve` (not the tsx command, which SIGKILLs a child slow to take a relayed signal)
exec node --import tsx server/main.ts
