#!/usr/bin/env bash
# The cached home page against nginx serving the same HTML from disk, and against bare node:http
# answering the same bytes and headers (the ceiling for any Node server), with wrk (50
# connections). Needs: npm run build, nginx, wrk; taskset (util-linux) to pin the cores.
# Usage: bash bench/page-cache.sh [path]   (default: /)
#
# How it measures (docs/performance.md, "Cached pages"): on this VM one process's rate stays 1.5-2x
# apart from another's for its whole life, or until its next full garbage collection, and bare
# node has such lives too. So bare node and the server are started afresh LIVES times (default
# 3); in each life they take turns ROUNDS times (default 3, DURATION s each, default 5) and the
# ratio is read from turns side by side. With two cores or more, both Node processes share core 0
# and wrk has core 1, so they no longer trade cores with wrk.
# Both Node servers run on the `node` on PATH; production runs Node 24:
#   PATH="$(dirname "$(npx -y -p node@24 sh -c 'command -v node')"):$PATH" bash bench/page-cache.sh
# IMAGE_CACHE_DIR=<dir> keeps the demo's AVIF encodings between runs (as in bench/memory.sh).
# CACHE_THREAD=true measures the server with its cache thread (decision 163).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/nginx.sh
source bench/wait-idle.sh
page="${1:-/}"
lives=${LIVES:-3} rounds=${ROUNDS:-3} duration=${DURATION:-5}
work=$(mktemp -d)
# BENCH_PORT moves the three ports (server, nginx +1, bare node +4) off another run's.
port=${BENCH_PORT:-3490}
nginx_port=$((port + 1))
bare_port=$((port + 4))
# A browser's user agent: the server counts its views (decision 095), as it does a visitor's.
agent='Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  on_server_core=(taskset -c 0) on_wrk_core=(taskset -c 1) wrk_threads=1 pinned='Node on core 0, wrk on core 1'
else
  on_server_core=() on_wrk_core=() wrk_threads=2 pinned='not pinned'
fi
server= bare=
stop_node() { kill $server $bare 2>/dev/null || true; wait $server $bare 2>/dev/null || true; server= bare=; }
trap 'stop_node; stop_nginx "$work"; rm -rf "$work"' EXIT

start_server() {
  # Request logging at its default (info), as in production; the log goes nowhere.
  DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production \
    "${on_server_core[@]}" node $node_flags dist/server/main.js >/dev/null &
  server=$!
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
  # The first life: the demo seed's AVIF encoding; later ones: the cache's warm-up.
  wait_idle $server
}
start_bare() {
  "${on_server_core[@]}" node bench/bare-node-server.mjs "$work/html/index.html" "$work/headers.txt" $bare_port &
  bare=$!
  for _ in $(seq 1 50); do curl -sf -o /dev/null "http://127.0.0.1:$bare_port/" && break; sleep 0.1; done
}
rate() {
  "${on_wrk_core[@]}" wrk -t$wrk_threads -c50 -d"${1}s" -H "User-Agent: $agent" "${@:2}" |
    awk '/Requests\/sec/ {print int($2)}'
}

start_server
mkdir -p "$work/html"
curl -sf "http://127.0.0.1:$port$page" -o "$work/html/index.html" -D "$work/headers.txt"
start_nginx "$work" $nginx_port

echo "page $page: $(wc -c < "$work/html/index.html") bytes of HTML; node $(node --version); $pinned; load $(cut -d' ' -f1-3 /proc/loadavg)"
# What the cached answer must keep while it is fast: its security headers, HEAD without a body,
# 304 to its ETag (issue 44).
etag=$(awk -F': ' 'tolower($1) == "etag" {print $2}' "$work/headers.txt" | tr -d '\r')
echo "headers kept: $(grep -ciE '^(content-security-policy|strict-transport-security|x-content-type-options|referrer-policy|x-frame-options|permissions-policy|cross-origin-resource-policy):' "$work/headers.txt") security headers; HEAD $(curl -s -I -o /dev/null -w '%{http_code}, %{size_download} bytes' "http://127.0.0.1:$port$page"); If-None-Match $(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "http://127.0.0.1:$port$page")"
echo "--- nginx, static file: $(rate "$duration" "http://127.0.0.1:$nginx_port/") req/s"

ratios_plain=() ratios_br=()
for life in $(seq 1 "$lives"); do
  [ -n "$server" ] || start_server
  start_bare
  # Both warm up first (the JIT), unmeasured.
  rate 2 "http://127.0.0.1:$bare_port/" >/dev/null
  rate 2 "http://127.0.0.1:$port$page" >/dev/null
  for round in $(seq 1 "$rounds"); do
    bare_rate=$(rate "$duration" "http://127.0.0.1:$bare_port/")
    plain_rate=$(rate "$duration" "http://127.0.0.1:$port$page")
    br_rate=$(rate "$duration" -H 'Accept-Encoding: br' "http://127.0.0.1:$port$page")
    plain=$(awk "BEGIN {printf \"%.2f\", $plain_rate / $bare_rate}")
    br=$(awk "BEGIN {printf \"%.2f\", $br_rate / $bare_rate}")
    echo "life $life, round $round: bare node:http $bare_rate req/s | server, cached, no compression asked $plain_rate ($plain) | brotli $br_rate ($br)"
    ratios_plain+=("$plain") ratios_br+=("$br")
  done
  stop_node
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "server ÷ bare node, no compression asked: ${ratios_plain[*]} (median $(median "${ratios_plain[@]}"))"
echo "server ÷ bare node, brotli: ${ratios_br[*]} (median $(median "${ratios_br[@]}"))"
