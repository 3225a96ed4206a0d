#!/usr/bin/env bash
# The test command: installs what the tests need when missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
if ! { [ -f /usr/include/sqlite3.h ] || pkg-config --exists sqlite3 2>/dev/null; }; then need_apt+=(libsqlite3-dev); fi
if [ ${#need_apt[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null; then
        SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
    else
        echo "test.sh: please install: ${need_apt[*]}" >&2
    fi
fi

echo "== swift build --build-tests"
swift build --build-tests
echo "== swift test"
swift test --skip-build
echo "== schemathesis"
bash scripts/schemathesis.sh
