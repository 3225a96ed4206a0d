#!/usr/bin/env bash
# What an event stream costs in Hummingbird alone, on this machine: the floor under Habits' figures.
# Builds scripts/stream-floor (Hummingbird serving event streams that do no work) in release and, each on a
# fresh process, measures the resident memory of 2,000 connections held open (accepted, kept alive after
# one request, event streams), the start of 10,000 streams and a wake of 5,000 and 8,000 streams at once
# (FLOOR_WAKES times, default 30). The same clients as memory.py and live_load.py: Python, on the same
# cores. FLOOR_HABITS names a `habits` build whose idle connections are measured beside them (its demo on a
# temporary database, simulator stopped, as memory.sh runs it). Linux only (/proc, 127.0.0.x sources);
# bounded to 15 minutes; never part of the test command.
# The figures go in Docs/Performance.md.
set -euo pipefail
cd "$(dirname "$0")/stream-floor"
wakes=${FLOOR_WAKES:-30}
ulimit -n 32768 2>/dev/null || ulimit -n 65536 2>/dev/null || true

swift build -c release --product StreamFloor >"${TMPDIR:-/tmp}/stream-floor-build.log" 2>&1 \
    || { cat "${TMPDIR:-/tmp}/stream-floor-build.log" >&2; exit 1; }
binary="$(swift build -c release --show-bin-path)/StreamFloor"
server=""
trap 'if [ -n "$server" ]; then kill -9 "$server" 2>/dev/null || true; fi' EXIT

# Runs one measure against a fresh server on a free port.
measure() {
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$binary" "$port" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 1 100); do
        python3 -c "import socket, sys; socket.create_connection(('127.0.0.1', int(sys.argv[1])), 1)" "$port" \
            2>/dev/null && break
        sleep 0.1
    done
    timeout 300 python3 ../stream_floor.py "http://127.0.0.1:$port" "$server" "$@"
    # Its streams never end by themselves, so a graceful shutdown would wait for them.
    kill -9 "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
}

# One measure of `habits serve --demo`'s resident memory, on a fresh process.
measure_habits() {
    (
        cd ../..
        source scripts/demo-server.sh
        start_demo_server "$FLOOR_HABITS" floor warning
        stop_simulator
        timeout 300 python3 scripts/stream_floor.py "$base" "$server" "$@"
    )
}

echo "| 2,000 connections held open | Hummingbird alone, each | Habits, each |"
echo "|---|---:|---:|"
for mode in raw keepalive stream; do
    alone=$(measure memory "$mode" 2000)
    habits=""
    if [ -n "${FLOOR_HABITS:-}" ]; then habits=$(measure_habits memory "$mode" 2000 /v1/screens/home/events); fi
    echo "| $mode | $alone | $habits |"
done
echo
echo "| streams | start | server CPU | client CPU |"
echo "|---:|---:|---:|---:|"
measure start 10000
echo
echo "| streams woken at once | p50 to the last stream's event | max | server CPU an event | client CPU an event |"
echo "|---:|---:|---:|---:|---:|"
measure fanout 5000 "$wakes"
measure fanout 8000 "$wakes"
