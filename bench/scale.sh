#!/usr/bin/env bash
# The site at a large catalogue (default 1,000 original projects × 10 languages = 10,000 rows, no
# images), loaded through the API (bench/scale-load.mjs). Prints, on PGlite:
#   - uncached renders (PAGE_CACHE_MB=0: every visit renders): p50/p99 of home, a page of all
#     projects, a project page, and get-projects/{lang}?limit=12; page sizes; the server's RSS;
#   - with the page cache: an ordinary visitor's latency on the home page while 20 connections
#     ask for a new address each time (bench/unique-addresses.lua);
#   - first visits (the server otherwise idle): p50 of nine distinct project pages and nine
#     distinct pages of all projects;
#   - the public API calls (issue 26): first and repeated times and sizes of each; answers per
#     second of a repeated get-projects (brotli) against the cached home page; an ordinary
#     visitor's p50/p99 on /about while 6 connections repeat get-projects for 10 s; the server's
#     RSS before, during and after that flood.
# Needs: npm run build, wrk. ORIGINALS, LANGUAGES and SECONDS change the size and the run time;
# SCALE_DATA=dir keeps the loaded catalogue there and reuses it next time (loading takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/node-flags.sh
originals=${ORIGINALS:-1000}
languages=${LANGUAGES:-10}
seconds=${SECONDS_EACH:-5}
work=$(mktemp -d)
data=${SCALE_DATA:-$work/data}
port=${PORT:-3495}
origin="http://127.0.0.1:$port"
source bench/catalogue-server.sh
trap 'stop_server; rm -rf "$work"' EXIT

# p50 and p99 of one client asking for the same address again and again (after a second of
# warming up, so the figures are not the first, cold renders).
latency() {
  wrk -t1 -c1 -d1s "$1" >/dev/null
  wrk -t1 -c1 -d"${seconds}s" --latency "$1" | awk '/^ +50%/{p50=$2} /^ +99%/{p99=$2} END{printf "p50 %-9s p99 %s", p50, p99}'
}
# Seconds of one request, as curl measures it (extra arguments go to curl).
seconds_of() { curl -s -o /dev/null -w '%{time_total}' "$@"; }
# The median of the numbers on stdin.
median() { sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }
ms() { awk '{printf "%.1f ms", $1 * 1000}'; }
bytes() { curl -s -o /dev/null -w '%{size_download}' "$1"; }
rss_mb() { echo $(($(ps -o rss= -p "$server") / 1024)); }

marker="$data/.scale-$originals-$languages"
if [ ! -f "$marker" ]; then
  start_server
  node bench/scale-load.mjs "$origin" loader 'loading a large catalogue 1000x10' "$originals" "$languages"
  stop_server
  touch "$marker"
fi

start_server PAGE_CACHE_MB=0
slug=$(curl -sf "$origin/api/admin/get-projects/es?limit=1&offset=500" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].slug))')
echo "catalogue: $originals originals × $languages languages, PGlite; every visit renders (PAGE_CACHE_MB=0)"
for path in / /es "/es/all-projects?page=40" "/project/$slug" "/api/admin/get-projects/es?limit=12" /sitemap.xml; do
  printf '  %-40s %s  %s KB\n' "$path" "$(latency "$origin$path")" $(($(bytes "$origin$path") / 1024))
done
echo "  server RSS after the run: $(rss_mb) MB"
stop_server

start_server
curl -s -o /dev/null "$origin/"
# Two floods: new query strings only (tracking parameters, junk page numbers), then with new
# paths as well (projects that do not exist).
for flood_kind in queries addresses; do
  FLOOD=$flood_kind wrk -t1 -c20 -d"$((seconds + 4))s" -s bench/unique-addresses.lua "$origin" >"$work/flood.txt" &
  flood=$!
  sleep 2
  echo "with the page cache, while 20 connections ask for new $flood_kind each time:"
  printf '  %-40s %s\n' "/ (an ordinary visitor)" "$(latency "$origin/")"
  wait $flood
  echo "  the flood: $(awk '/Requests\/sec/{print $2}' "$work/flood.txt") req/s, $(awk '/Non-2xx/{print $4}' "$work/flood.txt") non-2xx (redirects)"
done
echo "  server RSS: $(rss_mb) MB"

# First visits: distinct pages the page cache has not seen, one at a time, the server idle.
slugs=$(curl -sf "$origin/api/admin/get-projects/sv?limit=9&offset=300" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).map(p=>p.slug).join(" ")))')
echo "first visits (page cache on, each page new to it; p50 of nine):"
printf '  %-40s %s\n' "a project page" "$(for s in $slugs; do seconds_of "$origin/project/$s"; echo; done | median | ms)"
printf '  %-40s %s\n' "a page of all projects (?page=N)" "$(for n in 11 19 27 35 43 51 59 67 75; do seconds_of "$origin/sv/all-projects?page=$n"; echo; done | median | ms)"

# The public API (issue 26): the answer cache.
home_slug=$(echo "$slugs" | awk '{print $1}')
echo "public API calls (first: built; again: p50 of three; sizes uncompressed / brotli):"
for path in /api/admin/get-languages /api/admin/get-projects /api/admin/get-projects/es "/api/admin/single-project/$home_slug" /api/admin/get-reviews/en /api/admin/get-translation-page/home "/api/admin/get-projects/es?limit=12"; do
  first=$(seconds_of -H 'accept-encoding: br' "$origin$path" | ms)
  again=$(for _ in 1 2 3; do seconds_of -H 'accept-encoding: br' "$origin$path"; echo; done | median | ms)
  plain=$(bytes "$origin$path")
  br=$(curl -s -o /dev/null -w '%{size_download}' -H 'accept-encoding: br' "$origin$path")
  printf '  %-45s first %-10s again %-9s %7s KB / %s KB\n' "$path" "$first" "$again" $((plain / 1024)) $((br / 1024))
done
cat >"$work/br.lua" <<'LUA'
wrk.headers["Accept-Encoding"] = "br"
LUA
rate() { wrk -t1 -c6 -d"${seconds}s" -s "$work/br.lua" "$1" | awk '/Requests\/sec/{print $2}'; }
echo "  repeated get-projects (brotli, 6 connections): $(rate "$origin/api/admin/get-projects") req/s; the cached home page: $(rate "$origin/") req/s"
curl -s -o /dev/null "$origin/about"
echo "  RSS before the flood: $(rss_mb) MB"
wrk -t1 -c6 -d10s -s "$work/br.lua" "$origin/api/admin/get-projects" >"$work/api-flood.txt" &
flood=$!
peak=0
( for _ in $(seq 1 20); do sleep 0.5; rss_mb; done >"$work/rss.txt" ) &
sampler=$!
sleep 1
printf '  %-45s %s\n' "/about while 6 connections repeat get-projects" "$(wrk -t1 -c1 -d8s --latency "$origin/about" | awk '/^ +50%/{p50=$2} /^ +99%/{p99=$2} END{printf "p50 %-9s p99 %s", p50, p99}')"
wait $flood
wait $sampler
peak=$(sort -n "$work/rss.txt" | tail -1)
echo "  the flood: $(awk '/Requests\/sec/{print $2}' "$work/api-flood.txt") req/s; RSS during it: at most $peak MB; after: $(rss_mb) MB"
