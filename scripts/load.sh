#!/usr/bin/env bash
# Load test: a release build of `habits serve --demo` on 127.0.0.1, measured with wrk.
# Each endpoint runs for LOAD_SECONDS (default 10, at most 30). Never part of the test command.
# LOAD_BINARY runs another build; LOAD_ONLY (an extended regular expression) runs only the workloads it matches.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${LOAD_SECONDS:-10}
if [ "$seconds" -gt 30 ]; then seconds=30; fi
threads=${LOAD_THREADS:-2}
connections=${LOAD_CONNECTIONS:-32}

command -v wrk >/dev/null || { echo "load.sh: wrk is missing (apt-get install wrk)" >&2; exit 1; }
source scripts/demo-server.sh
binary=$(release_binary "${LOAD_BINARY:-}")
start_demo_server "$binary" load warning
echo "server on $base; $seconds s per endpoint, $threads threads, $connections connections"

cat > "$work/log.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local habits = {"Drink water", "Meditate", "Read 20 pages", "Stretch", "Morning run"}
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"userID":"activeUser","habitName":"%s","timestamp":"%s"}',
    habits[(n % #habits) + 1], os.date("!%Y-%m-%dT%H:%M:%SZ"))
  return wrk.format(nil, "/loggedHabit", nil, body)
end
LUA

# The mixed workload: half /combinedStats polls, 30 % /v1 reads, 20 % /v1 log writes.
cat > "$work/mixed.lua" <<'LUA'
math.randomseed(2026)
local headers = {["Content-Type"] = "application/json"}
local reads = {"/v1/users?limit=50", "/v1/habits?limit=50", "/v1/users/1", "/v1/users/1/logs?limit=50", "/v1/categories"}
request = function()
  local roll = math.random(100)
  if roll <= 50 then
    return wrk.format("GET", "/combinedStats")
  elseif roll <= 80 then
    return wrk.format("GET", reads[math.random(#reads)])
  else
    local body = string.format('{"userID":1,"habitID":%d,"timestamp":"%s"}', math.random(5), os.date("!%Y-%m-%dT%H:%M:%SZ"))
    return wrk.format("POST", "/v1/logs", headers, body)
  end
end
LUA

failed=0
only=${LOAD_ONLY:-}
run() {
  local name=$1; shift
  last_rate=0
  if [ -n "$only" ] && ! [[ "$name" =~ $only ]]; then return; fi
  echo "== $name"
  local report
  report=$(wrk --latency -t"$threads" -c"$connections" -d"${seconds}s" "$@")
  echo "$report" | grep -E "Requests/sec|Latency|50%|90%|99%|Non-2xx|Socket errors" || true
  last_rate=$(echo "$report" | awk '/Requests\/sec/ {print $2}')
  # Figures from failing requests are not figures: say so and fail the run.
  if echo "$report" | grep -qE "Non-2xx|Socket errors"; then
    echo "load.sh: $name had errors (above); its figures do not count" >&2
    failed=1
  fi
}
# The floor of the server's request path, to weigh /combinedStats (about 78 KB) against.
run "GET /healthz" "$base/healthz"
healthz_rate=$last_rate
run "GET /combinedStats (simulator running)" "$base/combinedStats"
awk -v stats="$last_rate" -v floor="$healthz_rate" \
  'BEGIN { if (floor > 0 && stats > 0)
    printf "/combinedStats answers %.2f× as many requests as /healthz\n", stats / floor }'
run "GET /users" "$base/users"
run "POST /loggedHabit" -s "$work/log.lua" "$base/loggedHabit"
run "mixed: 50% GET /combinedStats, 30% /v1 reads, 20% POST /v1/logs" -s "$work/mixed.lua" "$base/v1/users"
# One viewer's Home page, one request at a time: the server's time to build and render it.
threads=1 connections=1 run "GET / (Home's HTML for one viewer, one connection)" "$base/"

# What a browser downloads for a page: its HTML, the stylesheet, the script and the pictures it shows.
weight() {
  local page=$1 html css js pictures=0
  html=$(curl -s "$base$page" | tee "$work/page.html" | wc -c)
  css=$(curl -s "$base/web/app.css" | wc -c)
  js=$(curl -s "$base/web/app.js" | wc -c)
  for picture in $(grep -o 'src="/images/[^"]*"' "$work/page.html" | sed 's/src="//; s/"$//' | sort -u); do
    pictures=$(( pictures + $(curl -s "$base$picture" | wc -c) ))
  done
  echo "$page: HTML $html B, CSS $css B, JS $js B, pictures $pictures B; total $(( html + css + js + pictures )) B"
}
if [ -n "$only" ]; then exit "$failed"; fi
echo "== page weight (uncompressed)"
weight /
weight /screens/users
exit "$failed"
