#!/usr/bin/env bash
# The cached home page with WORKERS=1 and WORKERS=2 (node:cluster) on PostgreSQL, against nginx
# serving the same HTML from disk, one after the other in one run, with wrk (2 threads,
# 50 connections, 10 s each). Needs: npm run build, nginx, wrk, psql and a PostgreSQL server
# (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a database is made
# and dropped on it).
# Usage: bash bench/workers.sh [path]   (default: /)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/nginx.sh
page="${1:-/}"
admin_url="${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
db="villa_bench_$$"
database_url="${admin_url%/*}/$db"
work=$(mktemp -d)
port=3492
nginx_port=3493
server=""
stop_server() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true; server=""; }
trap 'stop_server; stop_nginx "$work"; psql "$admin_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
psql "$admin_url" -qc "CREATE DATABASE $db"

start_server() { # WORKERS
  DATABASE_URL="$database_url" WORKERS=$1 DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production \
    LOG_LEVEL=warn node $node_flags dist/server/main.js &
  server=$!
  for _ in $(seq 1 180); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
}
measure() { # label
  echo "--- $1"
  # Every worker renders the page once before the measurement (each has its own cache).
  for _ in $(seq 1 20); do curl -sf "http://127.0.0.1:$port$page" -o /dev/null; done
  wrk -t2 -c50 -d10s "http://127.0.0.1:$port$page" | grep -E 'Requests/sec|Latency'
}

# First start: the demo seed, then its background AVIF encoding, before anything is measured.
start_server 1
source bench/wait-idle.sh
wait_idle $server

mkdir -p "$work/html"
curl -sf "http://127.0.0.1:$port$page" -o "$work/html/index.html"
start_nginx "$work" $nginx_port

echo "page $page: $(wc -c < "$work/html/index.html") bytes of HTML"
echo "--- nginx, one worker, static file"
wrk -t2 -c50 -d10s "http://127.0.0.1:$nginx_port/" | grep -E 'Requests/sec|Latency'
measure "server, WORKERS=1, page cache"
stop_server
start_server 2
measure "server, WORKERS=2, page cache"
stop_server
