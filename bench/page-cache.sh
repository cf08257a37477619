#!/usr/bin/env bash
# The cached home page against nginx serving the same HTML from disk, and against bare node:http
# answering the same bytes and headers (the ceiling for any Node server), one after the other,
# with wrk (2 threads, 50 connections, 10 s each). Needs: npm run build, nginx, wrk.
# Usage: bash bench/page-cache.sh [path]   (default: /)
set -euo pipefail
cd "$(dirname "$0")/.."
page="${1:-/}"
work=$(mktemp -d)
port=3490
nginx_port=3491
bare_port=3494
trap 'kill $server $bare 2>/dev/null || true; nginx -c "$work/nginx.conf" -s stop 2>/dev/null || true; rm -rf "$work"' EXIT

DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn node dist/server/main.js &
server=$!
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
source bench/wait-idle.sh
wait_idle $server

mkdir -p "$work/html"
curl -sf "http://127.0.0.1:$port$page" -o "$work/html/index.html" -D "$work/headers.txt"
node bench/bare-node-server.mjs "$work/html/index.html" "$work/headers.txt" $bare_port &
bare=$!
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/html;
    location / { try_files /index.html =404; default_type text/html; }
  }
}
CONF
nginx -c "$work/nginx.conf"

echo "page $page: $(wc -c < "$work/html/index.html") bytes of HTML"
echo "--- nginx, static file"
wrk -t2 -c50 -d10s "http://127.0.0.1:$nginx_port/" | grep -E 'Requests/sec|Latency'
echo "--- bare node:http, same bytes and headers"
wrk -t2 -c50 -d10s "http://127.0.0.1:$bare_port/" | grep -E 'Requests/sec|Latency'
echo "--- node server, page cache (same page, no compression asked)"
wrk -t2 -c50 -d10s "http://127.0.0.1:$port$page" | grep -E 'Requests/sec|Latency'
echo "--- node server, page cache, brotli"
wrk -t2 -c50 -d10s -H 'Accept-Encoding: br' "http://127.0.0.1:$port$page" | grep -E 'Requests/sec|Latency'
