#!/usr/bin/env bash
# What accounts cost, measured with wrk on a release build on 127.0.0.1 (never part of the test command):
#  1. sign-in latency (bcrypt at cost 12, on NIO's thread pool), p50/p99, with 2 connections;
#  2. Home's JSON document for a signed-in account (session cookie: one indexed read of the session's
#     hash per request) beside the same document in open mode, one run after the other.
# Each run lasts LOAD_SECONDS (default 10, at most 30).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${LOAD_SECONDS:-10}
if [ "$seconds" -gt 30 ]; then seconds=30; fi
connections=${LOAD_CONNECTIONS:-32}
fixed_time=2026-03-10T15:00:00Z

command -v wrk >/dev/null || { echo "accounts-load.sh: wrk is missing (apt-get install wrk)" >&2; exit 1; }
swift build -c release --product habits >/dev/null
binary="$(swift build -c release --show-bin-path)/habits"
work=$(mktemp -d)
servers=()
trap 'for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT

# start NAME serve-options...: runs a server on a free port; sets $base.
start() {
    local name=$1; shift
    "$binary" serve --demo --port 0 --database "$work/$name.sqlite" --log-level warning \
        --fixed-time "$fixed_time" "$@" > "$work/$name.out" 2> "$work/$name.err" </dev/null &
    servers+=($!)
    for _ in $(seq 1 300); do grep -q "listening on" "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
    base="http://127.0.0.1:$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/$name.out" | head -1)"
}

# prepare BASE USER_ID curl-options...: the same Home in both modes: the simulator stopped (only the
# load writes), 5 favourite habits, 10 people followed.
prepare() {
    local base=$1 id=$2; shift 2
    curl -sf -o /dev/null -X POST "$@" "$base/control/simulator/stop"
    for habit in 1 2 3 4 5; do curl -sf -o /dev/null -X PUT "$@" "$base/v1/users/$id/favorites/$habit"; done
    for person in 2 3 4 5 6 7 8 9 10 11; do curl -sf -o /dev/null -X PUT "$@" "$base/v1/users/$id/following/$person"; done
}

report() {
    echo "$1" | grep -E "Requests/sec|Latency  |50%|90%|99%|Non-2xx|Socket errors" || true
    if echo "$1" | grep -qE "Non-2xx|Socket errors"; then
        echo "accounts-load.sh: errors (above); these figures do not count" >&2
        exit 1
    fi
}

start accounts --auth accounts
accounts_base=$base
password="a long and unusual passphrase"
cookie=$(curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"username\":\"loadtester\",\"password\":\"$password\",\"name\":\"Load Tester\"}" \
    "$accounts_base/v1/auth/signup" | sed -n 's/^[Ss]et-[Cc]ookie: \(habits_session=[^;]*\).*/\1/p' | tr -d '\r')
[ -n "$cookie" ] || { echo "accounts-load.sh: sign-up failed" >&2; exit 1; }
me=$(curl -s -H "Cookie: $cookie" "$accounts_base/v1/me" | python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")
prepare "$accounts_base" "$me" -H "Cookie: $cookie"

cat > "$work/signin.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"username":"loadtester","password":"$password"}'
LUA
echo "== sign-in (bcrypt cost 12), 2 connections, ${seconds} s"
report "$(wrk --latency -t1 -c2 -d"${seconds}s" -s "$work/signin.lua" "$accounts_base/v1/auth/signin")"

echo "== GET /v1/screens/home signed in (session cookie), $connections connections, ${seconds} s"
report "$(wrk --latency -t2 -c"$connections" -d"${seconds}s" -H "Cookie: $cookie" "$accounts_base/v1/screens/home")"
kill "${servers[0]}"; wait "${servers[0]}" 2>/dev/null || true

start open --auth open
me=$(curl -s -H 'Content-Type: application/json' -d '{"key":"loadtester","name":"Load Tester"}' "$base/v1/users" |
    python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")
prepare "$base" "$me"
echo "== GET /v1/screens/home?user=loadtester in open mode, $connections connections, ${seconds} s"
report "$(wrk --latency -t2 -c"$connections" -d"${seconds}s" "$base/v1/screens/home?user=loadtester")"
