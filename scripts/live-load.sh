#!/usr/bin/env bash
# Live screens under load: a release build of `habits serve --demo` on 127.0.0.1 with its simulator
# stopped, LIVE_VIEWERS (default 1000) open Home event streams on distinct viewers, and writes at
# LIVE_RATE per second (default 50) for LIVE_SECONDS (default 20, at most 60). Reports the time from a
# write's acknowledgement to the last affected stream's event. Never part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."

viewers=${LIVE_VIEWERS:-1000}
rate=${LIVE_RATE:-50}
seconds=${LIVE_SECONDS:-20}
if [ "$seconds" -gt 60 ]; then seconds=60; fi
# Each stream is a socket on both sides.
ulimit -n "$(( viewers * 2 + 256 ))" 2>/dev/null || ulimit -n 65536 || true

swift build -c release --product habits >/dev/null
binary="$(swift build -c release --show-bin-path)/habits"
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
"$binary" serve --demo --port 0 --database "$work/live.sqlite" --log-level warning > "$work/out" &
server=$!
for _ in $(seq 1 100); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)
if [ -z "$port" ]; then echo "live-load.sh: the server did not start" >&2; exit 1; fi
base="http://127.0.0.1:$port"
curl -s -X POST "$base/control/simulator/stop" >/dev/null
timeout $(( seconds + 600 )) python3 scripts/live_load.py "$base" --viewers "$viewers" --rate "$rate" --seconds "$seconds"
