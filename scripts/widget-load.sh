#!/usr/bin/env bash
# Load test of widget images: a release build of `habits serve --auth accounts` on 127.0.0.1 with a fresh
# database; an account makes a habit, marks three days and makes a small and a card widget address; wrk then
# measures /healthz, then each widget image through its address's secret (a lookup of the secret's hash, then
# the drawing kept per store revision and day), side by side, and prints their ratio. Bounded in time
# (LOAD_SECONDS, default 10, at most 30); never part of the test command. LOAD_BINARY runs another build.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${LOAD_SECONDS:-10}
if [ "$seconds" -gt 30 ]; then seconds=30; fi
threads=${LOAD_THREADS:-2}
connections=${LOAD_CONNECTIONS:-32}
command -v wrk >/dev/null || { echo "widget-load.sh: wrk is missing (apt-get install wrk)" >&2; exit 1; }
source scripts/demo-server.sh
binary=$(release_binary "${LOAD_BINARY:-}")

work=$(mktemp -d)
"$binary" serve --auth accounts --port 0 --database "$work/widgets.sqlite" --log-level error \
    > "$work/out" 2> "$work/err" </dev/null &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 200); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)
base="http://127.0.0.1:$port"
jar="$work/jar"
json=(-H "Content-Type: application/json")

curl -sf -c "$jar" "${json[@]}" -X POST "$base/v1/auth/signup" \
    -d '{"username":"loader","password":"a long and unusual passphrase","name":"Loader"}' >/dev/null
category=$(curl -sf -b "$jar" "$base/v1/categories" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
habit=$(curl -sf -b "$jar" "${json[@]}" -X POST "$base/v1/habits" \
    -d "{\"name\":\"Stretch\",\"categoryID\":$category,\"visibility\":\"personal\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
me=$(curl -sf -b "$jar" "$base/v1/me" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
today=$(date -u +%F)
for offset in 0 1 2; do
    day=$(date -u -d "$today - $offset day" +%F)
    curl -sf -b "$jar" -X PUT "$base/v1/users/$me/habits/$habit/days/$day" >/dev/null
done
address() {
    curl -sf -b "$jar" "${json[@]}" -X POST "$base/v1/me/widgets" -d "$1" \
        | python3 -c 'import json,sys,urllib.parse; print(urllib.parse.urlparse(json.load(sys.stdin)["url"]).path)'
}
small=$(address "{\"family\":\"small\",\"habitID\":$habit}")
card=$(address "{\"family\":\"card\",\"habitID\":$habit}")
echo "server on $base; $seconds s each, $threads threads, $connections connections"

rate() {
    local report path=$1
    shift
    report=$(wrk --latency -t"$threads" -c"$connections" -d"${seconds}s" "$@" "$base$path")
    if echo "$report" | grep -q "Non-2xx"; then echo "widget-load.sh: $1 answered errors" >&2; exit 1; fi
    echo "$report" | awk '/Requests\/sec/ {print $2}'
}
health=$(rate /healthz)
small_rate=$(rate "$small")
card_rate=$(rate "$card")
gzip_rate=$(rate "$card" -H "Accept-Encoding: gzip")
echo
echo "| request | requests/s | ratio to /healthz |"
echo "|---|---:|---:|"
printf "| /healthz | %.0f | 1.00 |\n" "$health"
printf "| small widget.svg | %.0f | %.2f |\n" "$small_rate" "$(echo "$small_rate / $health" | bc -l)"
printf "| card widget.svg | %.0f | %.2f |\n" "$card_rate" "$(echo "$card_rate / $health" | bc -l)"
printf "| card widget.svg, gzip | %.0f | %.2f |\n" "$gzip_rate" "$(echo "$gzip_rate / $health" | bc -l)"
