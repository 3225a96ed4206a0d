#!/usr/bin/env bash
# Fuzzes the real server with Schemathesis against the OpenAPI document it serves.
# Starts `habits serve --demo` on 127.0.0.1 (free port, temporary database), runs every check,
# bounded in examples (SCHEMATHESIS_EXAMPLES, default 15) and time (SCHEMATHESIS_SECONDS, default 300).
# Fails on any 5xx, any response off the schema, any error without the JSON error body.
set -euo pipefail
cd "$(dirname "$0")/.."

version=4.32.5
examples=${SCHEMATHESIS_EXAMPLES:-15}
seconds=${SCHEMATHESIS_SECONDS:-300}

if ! command -v schemathesis >/dev/null || [ "$(schemathesis --version 2>/dev/null | awk '{print $NF}')" != "$version" ]; then
    echo "== installing schemathesis $version"
    python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$version" </dev/null
fi
schemathesis=$(command -v schemathesis || echo "python3 -m schemathesis.cli")

# The document must read the same in YAML 1.1 parsers (PyYAML, which Schemathesis brings) as in libyaml.
python3 scripts/check_openapi.py Sources/HabitsServer/Resources/openapi.yaml

swift build --product habits >/dev/null
binary="$(swift build --show-bin-path)/habits"

source scripts/demo-server.sh
start_demo_server "$binary" fuzz error
echo "== schemathesis $version against $base (at most $examples examples per operation, $seconds s)"

# /control/simulator/reset replaces every row with fresh demo data, which would make the stateful
# checks (a created resource must stay readable until deleted) fail for reasons of the test itself.
# The simulator is stopped first so that only Schemathesis writes. Screen event streams (the API's and
# the web client's) never end by themselves: schemathesis.toml reads each up to its first event and
# checks that event against the stream's `itemSchema`; later events are the live tests' part.
stop_simulator || true
# This is the debug build: the emoji picker's whole page (3,655 items) takes about a second to render
# here, so a request may wait behind a few of them. Latency is measured by the load scripts, not here.

status=0
timeout --signal=INT "$((seconds + 60))" $schemathesis --config-file schemathesis.toml run "$base/openapi.yaml" \
    --checks all \
    --max-examples "$examples" \
    --max-time "$seconds" \
    --exclude-path /control/simulator/reset \
    --exclude-path /control/simulator/start \
    --seed "${SCHEMATHESIS_SEED:-2026}" \
    --request-timeout 30 \
    --workers 2 \
    --no-color </dev/null || status=$?
if ! kill -0 "$server" 2>/dev/null; then echo "schemathesis.sh: the server died" >&2; cat "$work/err" >&2; exit 1; fi
exit "$status"
