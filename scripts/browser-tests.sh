#!/usr/bin/env bash
# The web client in a real browser: Selenium drives Debian's headless Chromium against the real
# server on 127.0.0.1 (fresh SQLite file, demo data, simulator stopped, clock fixed). Installs what it
# needs when missing. Screenshots of every screen at 390×844 and 1280×800 go to .build/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

selenium_version=4.27.1
axe_version=2.1.6
fixed_time=${HABITS_BROWSER_FIXED_TIME:-2026-03-10T15:00:00Z}

if [ "$(uname -s)" != "Linux" ] && ! command -v chromedriver >/dev/null; then
    echo "browser-tests.sh: skipped; install Chromium and chromedriver to run the browser tests here."
    exit 0
fi
if [ "$(uname -s)" = "Linux" ] && ! { command -v chromium >/dev/null && command -v chromedriver >/dev/null; }; then
    echo "== installing chromium and chromium-driver"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq </dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver fonts-noto-color-emoji </dev/null
fi
if ! python3 -c "import selenium, axe_selenium_python, sys; sys.exit(selenium.__version__ != '$selenium_version')" 2>/dev/null; then
    echo "== installing selenium $selenium_version and axe-selenium-python $axe_version"
    python3 -m pip install --quiet --disable-pip-version-check \
        "selenium==$selenium_version" "axe-selenium-python==$axe_version" </dev/null
fi

swift build --product habits >/dev/null
binary="$(swift build --show-bin-path)/habits"
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
"$binary" serve --demo --port 0 --database "$work/browser.sqlite" --log-level error --fixed-time "$fixed_time" \
    > "$work/out" 2> "$work/err" </dev/null &
server=$!
for _ in $(seq 1 200); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)
if [ -z "$port" ]; then echo "browser-tests.sh: the server did not start" >&2; cat "$work/err" >&2; exit 1; fi

# Only the tests write: the simulator stops before they start.
python3 -c "import urllib.request as u; u.urlopen(u.Request('http://127.0.0.1:$port/control/simulator/stop', method='POST'), timeout=10)"
mkdir -p .build/screenshots
SE_OFFLINE=true timeout 600 python3 scripts/browser_tests.py "http://127.0.0.1:$port" \
    --today "${fixed_time%%T*}" --screenshots .build/screenshots </dev/null
