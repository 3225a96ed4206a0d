#!/usr/bin/env bash
# Live screens under load: a release build of `habits serve --demo` on 127.0.0.1 with its simulator
# stopped, LIVE_VIEWERS (default 1000) open Home event streams on distinct viewers, and writes at
# LIVE_RATE per second (default 50) for LIVE_SECONDS (default 20, at most 60). LIVE_GRAPH=peers has
# viewers follow each other and do the writing, instead of all following the demo's people. Reports the
# time from a write's acknowledgement to the last affected stream's event. LIVE_INSTANCES=2 runs two
# instances on PostgreSQL (HABITS_TEST_POSTGRES_URL) and writes through the one without the streams.
# Reports the CPU the server(s), the load client and the rest of the machine used while the writes ran
# and until their events stopped arriving.
# Never part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."

viewers=${LIVE_VIEWERS:-1000}
rate=${LIVE_RATE:-50}
seconds=${LIVE_SECONDS:-20}
graph=${LIVE_GRAPH:-demo}
if [ "$seconds" -gt 60 ]; then seconds=60; fi
# Each stream is a socket on both sides.
ulimit -n "$(( viewers * 2 + 256 ))" 2>/dev/null || ulimit -n 65536 || true

# LIVE_BINARY names another build to measure (an earlier commit's, beside this one); else this one's release build.
source scripts/demo-server.sh
binary=$(release_binary "${LIVE_BINARY:-}")
# One client address opens every stream: raise the per-client bound above them.
limit=(--max-streams-per-client "$(( viewers + 64 ))")
if [ "${LIVE_INSTANCES:-1}" = 2 ]; then
    # Two instances on PostgreSQL: the streams on one, the writes through the other, so every event
    # crosses the database's NOTIFY.
    : "${HABITS_TEST_POSTGRES_URL:?LIVE_INSTANCES=2 needs HABITS_TEST_POSTGRES_URL, a database it may write to}"
    source scripts/two-instances.sh
    PAIR_POOL=16 PAIR_ARGS="${limit[*]}" start_two_instances "$binary"
    trap stop_two_instances EXIT
    timeout $(( seconds + 900 )) python3 scripts/live_load.py "$pair_a" --write-base "$pair_b" \
        --server-pid "$pair_a_pid" --server-pid "$pair_b_pid" \
        --viewers "$viewers" --rate "$rate" --seconds "$seconds" --graph "$graph"
    exit
fi
start_demo_server "$binary" live warning "${limit[@]}"
stop_simulator
timeout $(( seconds + 600 )) python3 scripts/live_load.py "$base" --server-pid "$server" \
    --viewers "$viewers" --rate "$rate" --seconds "$seconds" --graph "$graph"
