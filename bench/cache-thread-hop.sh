#!/usr/bin/env bash
# What CACHE_THREAD (decision 163) costs the requests its thread passes on: the same demo site
# started without and with it, PAGE_CACHE_MB=0 so every page visit renders, and one wrk connection
# for DURATION s (default 5) on each address after a second of warm-up; then the resident memory
# once idle. Needs: npm run build, wrk. Node on core 0 and wrk on core 1 when there are two cores
# (PIN=0: neither pinned, as production runs).
# Usage: bash bench/cache-thread-hop.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/wait-idle.sh
duration=${DURATION:-5}
port=${BENCH_PORT:-3520}
work=$(mktemp -d)
if [ "${PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  on_server_core=(taskset -c 0) on_wrk_core=(taskset -c 1)
else
  on_server_core=() on_wrk_core=()
fi
server=
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
addresses=(/healthz '/api/admin/get-projects/es?limit=12' /about /es/all-projects)

echo "node $(node --version); load $(cut -d' ' -f1-3 /proc/loadavg)"
for mode in false true; do
  DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn PAGE_CACHE_MB=0 \
    CACHE_THREAD=$mode "${on_server_core[@]}" node $node_flags dist/server/main.js >/dev/null 2>&1 &
  server=$!
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
  wait_idle $server
  for address in "${addresses[@]}"; do
    url="http://127.0.0.1:$port$address"
    "${on_wrk_core[@]}" wrk -t1 -c1 -d1s "$url" >/dev/null
    "${on_wrk_core[@]}" wrk -t1 -c1 -d"${duration}s" --latency "$url" |
      awk -v mode="$mode" -v address="$address" '
        /Requests\/sec/ {rate = $2}
        $1 == "50%" {p50 = $2}
        $1 == "99%" {p99 = $2}
        END {printf "CACHE_THREAD=%-5s %-38s p50 %8s  p99 %8s  %8s req/s\n", mode, address, p50, p99, rate}'
  done
  sleep 3
  echo "CACHE_THREAD=$mode resident memory: $(awk '/VmRSS/{printf "%.0f MB", $2 / 1024}' /proc/$server/status) (load $(cut -d' ' -f1-3 /proc/loadavg))"
  kill $server
  wait $server 2>/dev/null || true
done
