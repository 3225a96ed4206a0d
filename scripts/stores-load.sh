#!/usr/bin/env bash
# The same wrk load on three setups, one after the other on this machine: SQLite with one instance,
# PostgreSQL with one instance, and PostgreSQL with two instances behind nginx (round robin), each a
# release build of `habits serve --demo` on 127.0.0.1 with the simulator stopped. Needs
# HABITS_TEST_POSTGRES_URL: a database in which this script makes (and drops) a schema. Each load runs
# LOAD_SECONDS (default 10, at most 30) with LOAD_CONNECTIONS (default 32); STORES_BINARY names another
# build to run. Never part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${HABITS_TEST_POSTGRES_URL:?set HABITS_TEST_POSTGRES_URL to a PostgreSQL database this script may write to}"
seconds=${LOAD_SECONDS:-10}
if [ "$seconds" -gt 30 ]; then seconds=30; fi
connections=${LOAD_CONNECTIONS:-32}
PATH="$PATH:/usr/sbin"
command -v wrk >/dev/null || { echo "stores-load.sh: wrk is missing (apt-get install wrk)" >&2; exit 1; }
command -v nginx >/dev/null || { echo "stores-load.sh: nginx is missing (apt-get install nginx)" >&2; exit 1; }
# STORES_BINARY runs another build instead (for measuring two builds one after the other).
source scripts/demo-server.sh
binary=$(release_binary "${STORES_BINARY:-}")
scripts_dir=$(mktemp -d)

# Reads: the course's users list and /v1's; writes: a durable log each (acknowledged once committed).
cat > "$scripts_dir/reads.lua" <<'LUA'
local paths = {"/users", "/v1/users?limit=50", "/v1/habits?limit=50", "/v1/users/1/logs?limit=50"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
LUA
cat > "$scripts_dir/writes.lua" <<'LUA'
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"userID":%d,"habitID":%d}', (n % 20) + 1, (n % 5) + 1)
  return wrk.format("POST", "/v1/logs", {["Content-Type"] = "application/json"}, body)
end
LUA
# The same writes, each on a day its pair has not done yet, as nearly every log of a real community is:
# each round of the 20 pairs goes a day further back, the two threads take alternate days, and each
# setup starts 5,000 days after the one before (wrk's argument), since the PostgreSQL setups share data.
cat > "$scripts_dir/new-days.lua" <<'LUA'
local threads = 0
setup = function(thread)
  thread:set("id", threads)
  threads = threads + 1
end
local n = 0
local first = 0
local yesterday = os.time() - 86400
init = function(args)
  first = tonumber(args[1] or "0")
end
request = function()
  n = n + 1
  local back = first + 2 * math.floor(n / 20) + id
  local day = os.date("!%Y-%m-%dT12:00:00Z", yesterday - 86400 * back)
  local body = string.format('{"userID":%d,"habitID":%d,"timestamp":"%s"}', (n % 20) + 1, (n % 5) + 1, day)
  return wrk.format("POST", "/v1/logs", {["Content-Type"] = "application/json"}, body)
end
LUA

rows=()
measure() {
  local label=$1 base=$2 cells="" name report rate p99
  for name in reads writes new-days; do
    report=$(wrk --latency -t2 -c"$connections" -d"${seconds}s" -s "$scripts_dir/$name.lua" "$base" \
      -- "$(( ${#rows[@]} * 5000 ))")
    if echo "$report" | grep -qE "Non-2xx|Socket errors"; then
      echo "$report" >&2
      echo "stores-load.sh: $label, $name had errors (above); its figures do not count" >&2
      exit 1
    fi
    rate=$(echo "$report" | awk '/Requests\/sec/ { printf "%.0f", $2 }')
    p99=$(echo "$report" | awk '$1 == "99%" { print $2 }')
    cells="$cells | $rate/s, p99 $p99"
  done
  rows+=("| $label$cells |")
  echo "${rows[-1]}"
}

start_demo_server "$binary" stores warning
stop_simulator
measure "SQLite, one instance" "$base"
stop_demo_server

source scripts/two-instances.sh
# As many database connections per instance as wrk opens.
PAIR_POOL=$connections start_two_instances "$binary"
trap 'stop_two_instances; rm -rf "$scripts_dir"' EXIT
measure "PostgreSQL, one instance" "$pair_a"
measure "PostgreSQL, two instances behind nginx" "$pair_proxy"

echo
echo "| Setup | Reads (GET, $connections connections) | Durable writes (POST /v1/logs) | Writes on new days |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
