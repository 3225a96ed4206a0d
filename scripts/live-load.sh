#!/usr/bin/env bash
# Live screens under load: a release build of `habits serve --demo` on 127.0.0.1 with its simulator
# stopped, LIVE_VIEWERS (default 1000) open Home event streams on distinct viewers, and writes at
# LIVE_RATE per second (default 50) for LIVE_SECONDS (default 20, at most 60). LIVE_GRAPH=peers has
# viewers follow each other and do the writing, instead of all following the demo's people. Reports the
# time from a write's acknowledgement to the last affected stream's event. Never part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."

viewers=${LIVE_VIEWERS:-1000}
rate=${LIVE_RATE:-50}
seconds=${LIVE_SECONDS:-20}
graph=${LIVE_GRAPH:-demo}
if [ "$seconds" -gt 60 ]; then seconds=60; fi
# Each stream is a socket on both sides.
ulimit -n "$(( viewers * 2 + 256 ))" 2>/dev/null || ulimit -n 65536 || true

swift build -c release --product habits >/dev/null
binary="$(swift build -c release --show-bin-path)/habits"
source scripts/demo-server.sh
# One client address opens every stream: raise the per-client bound above them.
start_demo_server "$binary" live warning --max-streams-per-client "$(( viewers + 64 ))"
stop_simulator
timeout $(( seconds + 600 )) python3 scripts/live_load.py "$base" --viewers "$viewers" --rate "$rate" --seconds "$seconds" --graph "$graph"
