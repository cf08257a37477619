#!/usr/bin/env bash
# Resident memory of the demo site in the modes issue 44 bounds (≤ 350 MB), with its parts
# (process_memory_part_bytes, decision 129) and the load average beside each figure:
#   1. after the demo seed and every image encoding (AVIF included) have finished;
#   2. after a tour of every public page the sitemaps list and every admin screen and list call;
#   3. after a flood of new query strings (bench/unique-addresses.lua, FLOOD=queries).
# Needs: npm run build, wrk. SECONDS_EACH sets the flood's length (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
work=$(mktemp -d)
port=${PORT:-3496}
metrics_port=$((port + 1))
origin="http://127.0.0.1:$port"
seconds=${SECONDS_EACH:-10}
password='measuring the memory 2026'
env DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production PUBLIC_URL="$origin" \
  ADMIN_USERNAME=bench ADMIN_PASSWORD="$password" METRICS_PORT=$metrics_port LOG_LEVEL=warn \
  node $node_flags dist/server/main.js >"$work/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT

metric() { curl -s "http://127.0.0.1:$metrics_port/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
parts() {
  curl -s "http://127.0.0.1:$metrics_port/metrics" | awk '/^process_memory_part_bytes/ {
    match($0, /part="[^"]+"/); printf "%s %.0f MB, ", substr($0, RSTART + 6, RLENGTH - 7), $2 / 1048576 }'
}
report() {
  printf '%-44s RSS %4.0f MB (load %s)\n    %s\n' "$1" "$(awk '/VmRSS/{print $2 / 1024}' /proc/$server/status)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(parts)"
}

echo "node $(node --version) $node_flags MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-unset}; $(nproc) cores"
for _ in $(seq 1 600); do curl -sf "$origin/healthz" >/dev/null && break; sleep 1; done
report "started, demo seeded"
started=$(date +%s)
until [ "$(metric image_avif_encodings_pending)" = "0" ]; do sleep 2; done
report "every encoding done ($(($(date +%s) - started)) s)"

# The tour: every page the sitemaps list, twice (a render, then the cache), and the back office.
pages=$(curl -s "$origin/sitemap.xml" | grep -o '<loc>[^<]*</loc>' | sed 's/<[^>]*>//g' | while read -r part; do
  curl -s "$origin${part#"$origin"}" | grep -o '<loc>[^<]*</loc>' | sed 's/<[^>]*>//g'
done)
for round in 1 2; do
  for url in $pages; do curl -s -o /dev/null "$origin${url#"$origin"}"; done
done
token=$(curl -s -H 'content-type: application/json' -d "{\"username\":\"bench\",\"password\":\"$password\"}" \
  "$origin/api/admin/login" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).token')
for call in get-all-projects get-reviews get-translations attention audit-log get-enquiries stats redirects \
  seo-report settings users invitations trash get-account get-sessions count-projects; do
  curl -s -o /dev/null -H "authorization: Bearer $token" "$origin/api/admin/$call"
done
for screen in admin admin/dashboard admin/projects admin/reviews admin/languages admin/login; do
  curl -s -o /dev/null "$origin/$screen"
done
report "after a tour of $(echo "$pages" | wc -w) pages x2 and the back office"

FLOOD=queries wrk -t2 -c20 -d"${seconds}s" -s bench/unique-addresses.lua "$origin" | awk '/Requests\/sec/{print "    flood: " $2 " req/s"}'
report "after ${seconds} s of new query strings"
sleep 5
report "5 s later"
