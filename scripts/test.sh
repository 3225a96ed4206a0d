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
echo "== swift test"
swift test --skip-build
echo "== browser tests"
bash scripts/browser-tests.sh
echo "== schemathesis"
bash scripts/schemathesis.sh
