#!/usr/bin/env bash
# Does a large version history slow the public site (issue 22)? On one built server and one
# 1,000 × 10 catalogue (PGlite), with no versions (A) and with 50 versions per record (B: 500,000
# rows in content_versions, bench/history-versions.ts), in turns A B B A A B … (ROUNDS, default 2):
#   - uncached renders (PAGE_CACHE_MB=0): p50/p99 of /es, a page of all projects and a project
#     page (wrk, one connection, SECONDS_EACH s after a second of warming up, as bench/scale.sh),
#     and the server's CPU time per render (from /proc: less moved by the machine's load);
#   - with the page cache: req/s of the cached home page (wrk, 2 threads, 50 connections, 10 s,
#     a browser's user agent, as bench/page-cache.sh), the median of three runs;
# each with the load average, since the machine is shared. The server and wrk run at NICE (19).
# Needs: npm run build, wrk, and a catalogue loaded by bench/scale.sh in SCALE_DATA (it is loaded
# here when missing, as scale.sh does). The history is left as the last round set it (B).
# Usage: SCALE_DATA=/path/to/data bash bench/history-public.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/wait-idle.sh
data=${SCALE_DATA:?set SCALE_DATA to the catalogue folder (bench/scale.sh loads it)}
seconds=${SECONDS_EACH:-5}
rounds=${ROUNDS:-2}
nice_level=${NICE:-19}
SERVER_NICE=$nice_level
port=${PORT:-3495}
origin="http://127.0.0.1:$port"
agent='Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
run() { nice -n "$nice_level" "$@"; }
source bench/catalogue-server.sh
trap 'stop_server' EXIT

# CPU time the server spent (user + system), in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
# p50, p99 and the server's CPU time per request: the CPU time moves far less than the latency
# when others load the machine.
latency() {
  run wrk -t1 -c1 -d1s "$1" >/dev/null
  local before out
  before=$(cpu_ticks)
  out=$(run wrk -t1 -c1 -d"${seconds}s" --latency "$1")
  awk -v ticks=$(($(cpu_ticks) - before)) -v hz="$(getconf CLK_TCK)" '/^ +50%/{p50=$2} /^ +99%/{p99=$2}
    /requests in/{n=$1} END{printf "p50 %-9s p99 %-9s cpu %.1f ms/req", p50, p99, ticks * 1000 / hz / n}' <<<"$out"
}
rate() { run wrk -t2 -c50 -d10s -H "User-Agent: $agent" "$1" | awk '/Requests\/sec/ {print int($2)}'; }
median() { sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }
load() { uptime | sed 's/.*load average: //'; }

if [ ! -f "$data/.scale-1000-10" ]; then
  start_server
  run node bench/scale-load.mjs "$origin" loader 'loading a large catalogue 1000x10' 1000 10
  stop_server
  touch "$data/.scale-1000-10"
fi

# The same project every round (the 501st of /es's list).
start_server
slug=$(curl -sf "$origin/api/admin/get-projects/es?limit=1&offset=500" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].slug))')
stop_server
echo "1,000 × 10 catalogue in $data, PGlite, node $(node -v), $(nproc) cores; server and wrk at nice $nice_level"

measure() {
  echo "--- $1: $(run node --import tsx bench/history-versions.ts "$data" "$2")"
  start_server PAGE_CACHE_MB=0
  wait_idle "$server"
  for path in /es "/es/all-projects?page=40" "/project/$slug"; do
    printf '  uncached %-32s %s   load %s\n' "$path" "$(latency "$origin$path")" "$(load)"
  done
  stop_server
  start_server
  wait_idle "$server"
  curl -sf -o /dev/null -H "User-Agent: $agent" "$origin/"
  local rates=()
  for _ in 1 2 3; do rates+=("$(rate "$origin/")"); done
  printf '  cached / req/s: %s (median %s)   load %s\n' "${rates[*]}" "$(printf '%s\n' "${rates[@]}" | median)" "$(load)"
  stop_server
}

# A B, then B A, and so on: neither state always goes first after a change of state.
for round in $(seq 1 "$rounds"); do
  if ((round % 2)); then order="0 50"; else order="50 0"; fi
  for versions in $order; do
    if ((versions == 0)); then measure "round $round, A (no versions)" 0; else measure "round $round, B (50 versions per record)" 50; fi
  done
done
