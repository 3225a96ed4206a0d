#!/usr/bin/env bash
# Resident memory under what any client can ask for: a release build of `habits serve --demo` on
# 127.0.0.1 with a temporary database and its simulator stopped; its resident memory at start, after
# MEMORY_SCREENS (default 5000) distinct valid screen URLs, after MEMORY_STREAMS (default 5000) event
# streams opened and dropped, and per idle stream while MEMORY_HOLD (default 2000) are held open.
# MEMORY_CACHE_MB (default 256) is the server's --screen-cache-mb. Goals: resident memory under the
# budget + 150 MB, an idle stream under 16 KB. Linux only (/proc, 127.0.0.x sources); bounded to 20
# minutes; never part of the test command. The figures go in Docs/Performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."

screens=${MEMORY_SCREENS:-5000}
streams=${MEMORY_STREAMS:-5000}
held=${MEMORY_HOLD:-2000}
budget=${MEMORY_CACHE_MB:-256}
# Each held stream is a socket on both sides.
ulimit -n "$(( held * 2 + 1024 ))" 2>/dev/null || true

swift build -c release --product habits >/dev/null
binary="$(swift build -c release --show-bin-path)/habits"
source scripts/demo-server.sh
start_demo_server "$binary" memory warning --screen-cache-mb "$budget"
stop_simulator
timeout 1200 python3 scripts/memory.py "$base" "$server" --screens "$screens" --streams "$streams" \
    --hold "$held" --budget-mb "$budget"
