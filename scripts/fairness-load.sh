#!/usr/bin/env bash
# One member cannot slow everyone (issue "One member cannot slow everyone"), measured with wrk on a release
# build on 127.0.0.1 (never part of the test command). Accounts mode with the demo's data:
#  - "heavy" holds the most an account may (200 habits of its own with 1,000-character descriptions) and
#    asks for its largest answers from 8 connections: its Your Habits document and page, its export, and
#    imports of that export (one at a time per account: the others are refused at once);
#  - "quiet" reads its Home (5 favourites, 10 people followed) and logs a habit, 2 connections.
# Quiet's Home alone, then the same beside heavy's load, one run after the other: the ratio of the p99s
# is the figure (goal: at most 2). Each run lasts LOAD_SECONDS (default 10, at most 30).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${LOAD_SECONDS:-10}
if [ "$seconds" -gt 30 ]; then seconds=30; fi
fixed_time=2026-03-10T15:00:00Z
password="a long and unusual passphrase"

command -v wrk >/dev/null || { echo "fairness-load.sh: wrk is missing (apt-get install wrk)" >&2; exit 1; }
swift build -c release --product habits >/dev/null
binary="$(swift build -c release --show-bin-path)/habits"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

"$binary" serve --demo --auth accounts --port 0 --database "$work/fair.sqlite" --log-level warning \
    --fixed-time "$fixed_time" > "$work/out" 2> "$work/err" </dev/null &
server=$!
for _ in $(seq 1 300); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)"
curl -sf -o /dev/null -X POST "$base/control/simulator/stop" || true

# sign_up USERNAME: prints the session cookie.
sign_up() {
    curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
        -d "{\"username\":\"$1\",\"password\":\"$password\",\"name\":\"$1 member\"}" "$base/v1/auth/signup" |
        sed -n 's/^[Ss]et-[Cc]ookie: \(habits_session=[^;]*\).*/\1/p' | tr -d '\r'
}
# The first account administers; neither measured member does.
sign_up fairadmin >/dev/null
heavy=$(sign_up heavy)
quiet=$(sign_up quiet)
[ -n "$heavy" ] && [ -n "$quiet" ] || { echo "fairness-load.sh: sign-up failed" >&2; exit 1; }
quiet_id=$(curl -s -H "Cookie: $quiet" "$base/v1/me" | python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")

echo "== heavy: 200 habits of its own, 1,000-character descriptions"
python3 - "$base" "$heavy" <<'PY'
import json, sys, urllib.request
base, cookie = sys.argv[1], sys.argv[2]
for index in range(200):
    body = json.dumps({"name": f"Heavy habit {index:03}", "categoryID": 1, "description": "x" * 1000}).encode()
    request = urllib.request.Request(f"{base}/v1/habits", data=body, method="POST", headers={
        "Content-Type": "application/json", "Cookie": cookie, "Origin": base})
    urllib.request.urlopen(request).read()
PY
curl -sf -H "Cookie: $heavy" "$base/v1/me/export" -o "$work/export.json"
for habit in 1 2 3 4 5; do curl -sf -o /dev/null -X PUT -H "Cookie: $quiet" -H "Origin: $base" \
    "$base/v1/users/$quiet_id/favorites/$habit"; done
for person in 2 3 4 5 6 7 8 9 10 11; do curl -sf -o /dev/null -X PUT -H "Cookie: $quiet" -H "Origin: $base" \
    "$base/v1/users/$quiet_id/following/$person"; done

# Quiet: nine Home reads for each log.
# FAIRNESS_QUIET_LOGS=0 leaves quiet's logs out; FAIRNESS_HEAVY="yourHabits page export import" picks heavy's mix.
quiet_logs=$([ "${FAIRNESS_QUIET_LOGS:-1}" = "0" ] && echo false || echo true)
heavy_mix=${FAIRNESS_HEAVY:-yourHabits page export import}
# wrk.format replaces wrk's own headers (the -H cookie) with those it is given: they are merged here.
merge='local function with(extra)
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  for k, v in pairs(extra) do headers[k] = v end
  return headers
end'
cat > "$work/quiet.lua" <<LUA
$merge
local n = 0
request = function()
  n = n + 1
  if $quiet_logs and n % 10 == 0 then
    return wrk.format("POST", "/v1/logs", with({["Content-Type"] = "application/json", ["Origin"] = "$base"}),
      '{"userID":$quiet_id,"habitID":1}')
  end
  return wrk.format("GET", "/v1/screens/home")
end
LUA
# Heavy: its largest answers in turn, and an import of its own export.
python3 - "$work/export.json" "$work/heavy.lua" "$base" "$merge" "$heavy_mix" <<'PY'
import json, sys
export, script, base, merge, mix = sys.argv[1:6]
body = open(export).read()
requests = {
    "yourHabits": 'wrk.format("GET", "/v1/screens/yourHabits")',
    "page": 'wrk.format("GET", "/screens/yourHabits")',
    "export": 'wrk.format("GET", "/v1/me/export")',
    "import": f'wrk.format("POST", "/v1/me/import", with({{["Content-Type"] = "application/json", '
              f'["Origin"] = "{base}"}}), importBody)',
}
chosen = [requests[name] for name in mix.split()]
lines = [f"  if k == {index} then return {request} end" for index, request in enumerate(chosen)]
open(script, "w").write(merge + f"""
local n = 0
local importBody = {json.dumps(body)}
request = function()
  n = n + 1
  local k = n % {len(chosen)}
""" + "\n".join(lines) + """
end
""")
PY

# p99 FIELD: the 99th percentile of wrk's latency distribution, in milliseconds.
p99() { echo "$1" | awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; print v }'; }
errors() { echo "$1" | grep -E "Non-2xx|Socket errors" || true; }

echo "== quiet alone: Home and logs, 2 connections, ${seconds} s"
alone=$(wrk --latency -t1 -c2 -d"${seconds}s" -H "Cookie: $quiet" -s "$work/quiet.lua" "$base")
echo "$alone" | grep -E "Requests/sec|50%|99%"
[ -z "$(errors "$alone")" ] || { echo "fairness-load.sh: quiet's requests failed: $(errors "$alone")" >&2; exit 1; }

echo "== quiet beside heavy (8 connections: Your Habits, its page, export, import), ${seconds} s"
wrk --latency -t1 -c8 -d"$((seconds + 2))s" -H "Cookie: $heavy" -s "$work/heavy.lua" "$base" > "$work/heavy.txt" &
heavy_load=$!
sleep 1
beside=$(wrk --latency -t1 -c2 -d"${seconds}s" -H "Cookie: $quiet" -s "$work/quiet.lua" "$base")
wait "$heavy_load"
echo "$beside" | grep -E "Requests/sec|50%|99%"
[ -z "$(errors "$beside")" ] || { echo "fairness-load.sh: quiet's requests failed: $(errors "$beside")" >&2; exit 1; }
echo "-- heavy's own:"
grep -E "Requests/sec|50%|99%|Non-2xx" "$work/heavy.txt"

quiet_p99=$(p99 "$alone")
beside_p99=$(p99 "$beside")
echo "quiet p99 alone ${quiet_p99} ms, beside heavy ${beside_p99} ms"
python3 -c "print(f'ratio quiet-home-p99 {float($beside_p99) / float($quiet_p99):.2f}')"
