#!/usr/bin/env bash
# The calendar feed read by a real iCalendar parser (Python's icalendar, pinned): a server of its own in
# accounts mode on 127.0.0.1 (fresh SQLite file, clock fixed in March 2026, before a DST change).
set -euo pipefail
cd "$(dirname "$0")/.."

icalendar_version=6.1.0
if ! python3 -c "import icalendar, sys; sys.exit(icalendar.__version__ != '$icalendar_version')" 2>/dev/null; then
    echo "== installing icalendar $icalendar_version"
    python3 -m pip install --quiet --disable-pip-version-check "icalendar==$icalendar_version" </dev/null
fi

swift build --product habits >/dev/null
binary="$(swift build --show-bin-path)/habits"
work=$(mktemp -d)
"$binary" serve --auth accounts --port 0 --database "$work/calendar.sqlite" --log-level error \
    --fixed-time 2026-03-10T15:00:00Z > "$work/out" 2> "$work/err" </dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 200); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)
if [ -z "$port" ]; then echo "calendar-check.sh: the server did not start" >&2; cat "$work/err" >&2; exit 1; fi
timeout 120 python3 scripts/check_calendar.py "http://127.0.0.1:$port" </dev/null
