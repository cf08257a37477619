#!/usr/bin/env bash
# Lighthouse 12.8 (mobile preset: simulated slow 4G, 4x CPU slowdown) on the public pages in
# English and Spanish, RUNS times each (default 3), then a table of medians
# (bench/lighthouse-table.mjs). Lighthouse is fetched by npx (not a dependency: its 12.x lock
# entries break `npm ci`). Needs: npm run build.
#   PAGES="home all-projects project about contact"  which pages (default: all five)
#   LANGS="en es"   which languages          RUNS=3   runs per page
#   REPORT_DIR=dir  keeps every run's full JSON report there
#   THROTTLING=devtools  measures with the CPU slowed 4x and the network throttled, instead of
#                   simulating from an unthrottled run (Lighthouse's default, `simulate`): the
#                   simulation multiplies each observed task by 4, Chromium's own varying
#                   navigation task included, so its TBT moves more from run to run here
# Lighthouse is CPU-bound: the load average is printed with the table, as runs on a busy machine
# score lower.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
work=$(mktemp -d)
reports=${REPORT_DIR:-$work/reports}
mkdir -p "$reports"
port=${LIGHTHOUSE_PORT:-3492}
origin="http://127.0.0.1:$port"
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT

DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn \
  PUBLIC_URL="$origin" node $node_flags dist/server/main.js &
server=$!
for _ in $(seq 1 120); do curl -sf "$origin/healthz" >/dev/null && break; sleep 1; done
source bench/wait-idle.sh
wait_idle $server

# A project page: the first project with a page of its own written in that language (the list
# of a language falls back to the English record where a project has no translation).
project_path() {
  curl -sf "$origin/api/admin/get-projects/$1" |
    LANG_CODE=$1 node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log("/project/"+JSON.parse(s).find(p=>!p.isShow&&p.language===process.env.LANG_CODE).slug))'
}
path_of() { # page lang
  local prefix=""
  [ "$2" != en ] && prefix="/$2"
  case $1 in
    home) echo "${prefix:-/}" ;;
    project) project_path "$2" ;;
    *) echo "$prefix/$1" ;;
  esac
}

export CHROME_PATH=/usr/bin/chromium
flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run"
echo "throttling: ${THROTTLING:-simulate}; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for page in ${PAGES:-home all-projects project about contact}; do
  for lang in ${LANGS:-en es}; do
    path=$(path_of "$page" "$lang")
    for run in $(seq 1 "${RUNS:-3}"); do
      out="$reports/$page.$lang.$run.json"
      # A run now and then ends in "Chrome prevented page load with an interstitial" on this
      # busy machine: that run is made again (up to three tries) rather than ending the table.
      for attempt in 1 2 3; do
        if npx --yes lighthouse@12.8 "$origin$path" --quiet --chrome-flags="$flags" \
          --throttling-method="${THROTTLING:-simulate}" \
          --only-categories=performance,accessibility,best-practices,seo --output=json --output-path="$out" \
          >"$work/lighthouse.log" 2>&1; then
          break
        fi
        echo "$page $lang run $run, try $attempt: $(grep -m1 -i error "$work/lighthouse.log")" >&2
        rm -f "$out"
      done
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/lighthouse-table.mjs "$reports"
