# Starts and stops the built server on the large catalogue in $data at $origin ($port), for the
# benches that load or read it (bench/scale.sh, bench/history-public.sh). Source it after setting
# data, port and origin (and node_flags, bench/node-flags.sh); SERVER_NICE runs the server at
# that priority. Extra arguments to start_server are environment settings (PAGE_CACHE_MB=0 …).
server=
start_server() {
  env DATA_DIR="$data" PORT=$port HOST=127.0.0.1 NODE_ENV=production SEED_DEMO=false PUBLIC_URL="$origin" \
    ADMIN_USERNAME=loader ADMIN_PASSWORD='loading a large catalogue 1000x10' "$@" \
    nice -n "${SERVER_NICE:-0}" node $node_flags dist/server/main.js >/dev/null 2>&1 &
  server=$!
  for _ in $(seq 1 120); do curl -sf "$origin/healthz" >/dev/null && return 0; sleep 1; done
  echo "server did not start" >&2
  exit 1
}
stop_server() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=; fi
}
