#!/usr/bin/env bash
# Starts the servers of every Playwright project at once (playwright.config.ts): the build first, one for all, then
# each project's database and server side by side (scripts/e2e-server.sh), so that neither start waits on the other
# while a core is free. Prints "e2e servers ready" once every server's /healthz answers (the config waits
# for that line) and exits as soon as one of them exits. The servers are children of this script, in its process
# group: Playwright stops them all with it.
#
# E2E_SERVERS: one line per server, "PORT PAYMENTS_PORT PUBLIC_URL PAYMENTS_PUBLIC_URL DATABASE_URL".
set -euo pipefail
cd "$(dirname "$0")/.."

# one build for every project's server. Within `npm test` the vitest stage has built the portal already (sharedBuild
# in scripts/bench/bundle-size.ts, the same vite.config.ts): that build is copied instead of made again; the hosted
# fields page is built as usual.
shared="${PP_TEST_CACHE:-/nonexistent}/builds/portal"
if [ -f "$shared.chunks.json" ] && [ -f "$shared/.vite/script-inventory.json" ]; then
  npx panda codegen --silent
  rm -rf dist && cp -a "$shared" dist
  npx vite build -c vite.payments.config.ts --logLevel warn >/dev/null
else
  npm run -s build >/dev/null
fi

pids=()
urls=()
while read -r port payments_port public_url payments_public_url database_url; do
  [ -n "$port" ] || continue
  PORT="$port" PAYMENTS_PORT="$payments_port" PUBLIC_URL="$public_url" PAYMENTS_PUBLIC_URL="$payments_public_url" \
    DATABASE_URL="$database_url" bash scripts/e2e-server.sh &
  pids+=($!)
  urls+=("$public_url/healthz")
done <<< "${E2E_SERVERS:?E2E_SERVERS names the servers to start}"

# every server answering, or one of them gone (its error is on stderr): the state, bounded by the config's timeout
node -e "
const [pids, urls] = [process.argv[1].split(' ').map(Number), process.argv.slice(2)];
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
(async () => {
  for (const url of urls) {
    while (!(await fetch(url).then((r) => r.ok, () => false))) {
      if (!pids.every(alive)) { console.error('an e2e server exited before it was ready (' + url + ')'); process.exit(1); }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
})();" "${pids[*]}" "${urls[@]}"
echo "e2e servers ready"
status=0
wait -n "${pids[@]}" || status=$?
echo "an e2e server exited ($status)" >&2
exit "$status"
