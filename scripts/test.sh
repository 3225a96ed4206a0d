#!/usr/bin/env bash
# The test command: installs what the tests need when missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests need (macOS ships SQLite with the SDK).
need_apt=()
if [ "$(uname -s)" = "Linux" ]; then
    if ! { [ -f /usr/include/sqlite3.h ] || pkg-config --exists sqlite3 2>/dev/null; }; then need_apt+=(libsqlite3-dev); fi
    # The emoji data test compares the catalog with Unicode's emoji-test.txt.
    if [ ! -f /usr/share/unicode/emoji/emoji-test.txt ]; then need_apt+=(unicode-data); fi
    # The PostgreSQL store's tests run against Debian's PostgreSQL 15, unless HABITS_TEST_POSTGRES_URL names one.
    if [ -z "${HABITS_TEST_POSTGRES_URL:-}" ] && ! command -v pg_ctlcluster >/dev/null; then need_apt+=(postgresql); fi
fi
if [ ${#need_apt[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null; then
        echo "test.sh: please install ${need_apt[*]} (or your system's equivalents), then run again." >&2
        exit 1
    fi
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq </dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" </dev/null
fi

echo "== swift build --build-tests"
# Every target names the targets of this package it imports (Package.swift is checked, not guessed).
swift build --build-tests --explicit-target-dependency-import-check error

# A database (and a role) of this run for the PostgreSQL store's tests, dropped when the script ends.
if [ -z "${HABITS_TEST_POSTGRES_URL:-}" ] && command -v pg_ctlcluster >/dev/null; then
    as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
    pg_ctlcluster 15 main start >/dev/null 2>&1 || true  # already running is fine
    pg_port=$(pg_lsclusters -h | awk '$1 == "15" && $2 == "main" { print $3 }')
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$pg_port" && break; sleep 1; done
    # The tests open many small pools side by side (each store a few connections, one of them listening):
    # more than Debian's default of 100 connections at the peak.
    if [ "$(as_postgres psql -Atq -p "$pg_port" -c 'SHOW max_connections' </dev/null)" -lt 300 ]; then
        as_postgres psql -q -p "$pg_port" -c "ALTER SYSTEM SET max_connections = 300" </dev/null
        pg_ctlcluster 15 main restart >/dev/null 2>&1 || as_postgres pg_ctlcluster 15 main restart >/dev/null
        for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$pg_port" && break; sleep 1; done
    fi
    pg_database="habits_test_$$"
    pg_password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    as_postgres psql -q -p "$pg_port" -v ON_ERROR_STOP=1 \
        -c "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'habits_test') THEN
                CREATE ROLE habits_test LOGIN; END IF; END \$\$" \
        -c "ALTER ROLE habits_test PASSWORD '$pg_password'" \
        -c "CREATE DATABASE $pg_database OWNER habits_test" </dev/null
    trap 'as_postgres dropdb -p "$pg_port" --if-exists --force "$pg_database" </dev/null || true' EXIT
    # Two connections a store's pool may open (one of them listens): the tests run many stores side by side.
    export HABITS_TEST_POSTGRES_URL="postgres://habits_test:$pg_password@127.0.0.1:$pg_port/$pg_database?pool=2"
    echo "== PostgreSQL 15 on port $pg_port, database $pg_database (dropped at the end)"
fi

echo "== swift test"
# The store contract and PostgreSQL tests run by themselves: beside the rest, the PostgreSQL server and the
# test process share two cores with every timed server test. Together the two runs hold every test.
# The burst of 96 signed-in requests at once checks that no request holds a thread while it waits for the
# database; beside a hundred other suites on two cores it measures only the scheduler, so it runs alone.
burst='manySignedInRequestsAtOnceAllAnswer'
# The crash tests run real `habits serve` processes under a stream of writes and kill them (and PostgreSQL
# instances); beside the live-server tests they starve those of both cores for seconds, so they run alone too.
crash='CrashDurabilityTests'
# The server's tests, which run live servers with timeouts, go apart from the engines' and screens'
# property tests, which keep both cores busy for minutes.
swift test --skip-build --filter HabitsServerTests --skip "$burst" --skip "$crash"
echo "== swift test: the engines, the domain, the screens, SQLite and the demo"
swift test --skip-build --skip HabitsServerTests --skip HabitsStoreContractTests --skip HabitsPostgresTests
# The contract's and the PostgreSQL store's own tests run one group after the other: together they would open
# more connections at once than a default PostgreSQL allows (100).
echo "== swift test: the store contract on SQLite and PostgreSQL"
swift test --skip-build --filter HabitsStoreContractTests
echo "== swift test: PostgreSQL's own (instances, change channel, configuration)"
swift test --skip-build --filter HabitsPostgresTests
echo "== swift test: many signed-in requests at once, alone"
swift test --skip-build --filter "$burst"
echo "== swift test: acknowledged writes survive kill -9, alone"
swift test --skip-build --filter "$crash"
echo "== calendar feed"
bash scripts/calendar-check.sh
echo "== browser tests"
bash scripts/browser-tests.sh
echo "== schemathesis"
bash scripts/schemathesis.sh
