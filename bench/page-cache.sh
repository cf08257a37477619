#!/usr/bin/env bash
# The cached home page against nginx serving the same HTML from disk, and against bare node:http
# answering the same bytes and headers (the ceiling for any Node server), one after the other,
# with wrk (2 threads, 50 connections, 10 s each); bare node and the server take turns ROUNDS
# times (default 3). Needs: npm run build, nginx, wrk.
# Usage: bash bench/page-cache.sh [path]   (default: /)
# Both Node servers run on the `node` on PATH; production runs Node 24:
#   PATH="$(dirname "$(npx -y -p node@24 sh -c 'command -v node')"):$PATH" bash bench/page-cache.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/nginx.sh
page="${1:-/}"
work=$(mktemp -d)
# BENCH_PORT moves the three ports (server, nginx +1, bare node +4) off another run's.
port=${BENCH_PORT:-3490}
nginx_port=$((port + 1))
bare_port=$((port + 4))
# A browser's user agent: the server counts its views (decision 095), as it does a visitor's.
agent='Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
server= bare=
trap 'kill $server $bare 2>/dev/null || true; stop_nginx "$work"; rm -rf "$work"' EXIT

# Request logging at its default (info), as in production; the log goes nowhere.
DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production node $node_flags dist/server/main.js >/dev/null &
server=$!
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
source bench/wait-idle.sh
wait_idle $server

mkdir -p "$work/html"
curl -sf "http://127.0.0.1:$port$page" -o "$work/html/index.html" -D "$work/headers.txt"
node bench/bare-node-server.mjs "$work/html/index.html" "$work/headers.txt" $bare_port &
bare=$!
start_nginx "$work" $nginx_port

echo "page $page: $(wc -c < "$work/html/index.html") bytes of HTML; node $(node --version)"
# What the cached answer must keep while it is fast: its security headers, HEAD without a body,
# 304 to its ETag (issue 44).
etag=$(awk -F': ' 'tolower($1) == "etag" {print $2}' "$work/headers.txt" | tr -d '\r')
echo "headers kept: $(grep -ciE '^(content-security-policy|strict-transport-security|x-content-type-options|referrer-policy|x-frame-options|permissions-policy|cross-origin-resource-policy):' "$work/headers.txt") security headers; HEAD $(curl -s -I -o /dev/null -w '%{http_code}, %{size_download} bytes' "http://127.0.0.1:$port$page"); If-None-Match $(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "http://127.0.0.1:$port$page")"
echo "--- nginx, static file"
wrk -t2 -c50 -d10s "http://127.0.0.1:$nginx_port/" | grep -E 'Requests/sec|Latency'

# Bare node and the server take turns, ROUNDS times: on a shared 2-core machine one 10 s run of
# each differs by 30% from the next, so a ratio is only read from runs side by side.
rate() { wrk -t2 -c50 -d10s -H "User-Agent: $agent" "$@" | awk '/Requests\/sec/ {print int($2)}'; }
ratios_plain=() ratios_br=()
for round in $(seq 1 "${ROUNDS:-3}"); do
  bare_rate=$(rate "http://127.0.0.1:$bare_port/")
  plain_rate=$(rate "http://127.0.0.1:$port$page")
  br_rate=$(rate -H 'Accept-Encoding: br' "http://127.0.0.1:$port$page")
  echo "round $round: bare node:http $bare_rate req/s | server, cached, no compression asked $plain_rate | server, cached, brotli $br_rate"
  ratios_plain+=("$(awk "BEGIN {printf \"%.2f\", $plain_rate / $bare_rate}")")
  ratios_br+=("$(awk "BEGIN {printf \"%.2f\", $br_rate / $bare_rate}")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "server ÷ bare node, no compression asked: ${ratios_plain[*]} (median $(median "${ratios_plain[@]}"))"
echo "server ÷ bare node, brotli: ${ratios_br[*]} (median $(median "${ratios_br[@]}"))"
