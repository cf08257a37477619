#!/usr/bin/env bash
# Lighthouse 12 (mobile preset, simulated slow 4G) on the home, all-projects and a project page.
# Lighthouse is fetched by npx (not a dependency: its 12.x lock entries break `npm ci`).
# Needs: npm run build. Prints the four category scores and LCP per page; REPORT_DIR=dir keeps
# each page's full JSON report there.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
port=3492
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT

DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn \
  PUBLIC_URL="http://127.0.0.1:$port" node dist/server/main.js &
server=$!
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
source bench/wait-idle.sh
wait_idle $server
slug=$(curl -sf "http://127.0.0.1:$port/api/admin/get-projects/en" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).find(p=>!p.isShow).slug))')

export CHROME_PATH=/usr/bin/chromium
flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run"
for page in / /all-projects "/project/$slug"; do
  out="${REPORT_DIR:-$work}/$(echo "$page" | tr '/' '_' | sed 's/^_*$/home/').json"
  npx --yes lighthouse@12.8 "http://127.0.0.1:$port$page" --quiet --chrome-flags="$flags" \
    --only-categories=performance,accessibility,best-practices,seo --output=json --output-path="$out" >/dev/null 2>&1
  node -e '
    const r = require(process.argv[1]); const c = r.categories; const s = (k) => Math.round(c[k].score * 100)
    console.log(`${process.argv[2].padEnd(40)} perf ${s("performance")}  a11y ${s("accessibility")}  bp ${s("best-practices")}  seo ${s("seo")}  LCP ${r.audits["largest-contentful-paint"].displayValue}  CLS ${r.audits["cumulative-layout-shift"].displayValue}  TBT ${r.audits["total-blocking-time"].displayValue}`)
    for (const [k, cat] of Object.entries(c)) for (const ref of cat.auditRefs) { const a = r.audits[ref.id]; if (ref.weight > 0 && a.score !== null && a.score < 0.9) console.log(`    ${k}: ${a.id} ${a.score} ${a.displayValue ?? ""}`) }
  ' "$out" "$page"
done
