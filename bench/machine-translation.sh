#!/usr/bin/env bash
# Issue 40's measure (bench/machine-translation.mjs): a real Apertium APy and the built server on
# a fresh demo site, English into LANGUAGE (default ca, a language the demo does not have;
# needs Debian's apertium-eng-cat, or es with apertium-eng-spa). Needs: npm run build, apertium-apy.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
source bench/wait-idle.sh
language=${LANGUAGE:-ca}
work=$(mktemp -d)
port=${PORT:-3520}
apy_port=$((port + 1))
origin="http://127.0.0.1:$port"
password='measuring machine translation'
apertium-apy -p $apy_port /usr/share/apertium/modes >/dev/null 2>&1 &
apy=$!
env DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production PUBLIC_URL="$origin" LOG_LEVEL=warn \
  ADMIN_USERNAME=bench ADMIN_PASSWORD="$password" APERTIUM_URL="http://127.0.0.1:$apy_port" \
  node $node_flags dist/server/main.js >"$work/log" 2>&1 &
server=$!
trap 'kill $server $apy 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 120); do curl -sf "$origin/healthz" >/dev/null && break; sleep 1; done
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$apy_port/listPairs" >/dev/null && break; sleep 1; done
wait_idle $server # the demo's images encoded first, so they do not share the CPU
echo "node $(node --version), apertium-apy, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/machine-translation.mjs "$origin" bench "$password" "$language"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
