#!/usr/bin/env bash
# The cached home page against nginx serving the same HTML from disk, and against bare node:http
# answering the same bytes and headers (the ceiling for any Node server), one after the other,
# with wrk (2 threads, 50 connections, 10 s each). Needs: npm run build, nginx, wrk.
# Usage: bash bench/page-cache.sh [path]   (default: /)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/nginx.sh
page="${1:-/}"
work=$(mktemp -d)
port=3490
nginx_port=3491
bare_port=3494
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

echo "page $page: $(wc -c < "$work/html/index.html") bytes of HTML"
echo "--- nginx, static file"
wrk -t2 -c50 -d10s "http://127.0.0.1:$nginx_port/" | grep -E 'Requests/sec|Latency'
echo "--- bare node:http, same bytes and headers"
wrk -t2 -c50 -d10s "http://127.0.0.1:$bare_port/" | grep -E 'Requests/sec|Latency'
echo "--- node server, page cache (same page, no compression asked)"
wrk -t2 -c50 -d10s "http://127.0.0.1:$port$page" | grep -E 'Requests/sec|Latency'
echo "--- node server, page cache, brotli"
wrk -t2 -c50 -d10s -H 'Accept-Encoding: br' "http://127.0.0.1:$port$page" | grep -E 'Requests/sec|Latency'
