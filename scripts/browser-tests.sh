#!/usr/bin/env bash
# The web client in a real browser: Selenium drives Debian's headless Chromium against the real
# server on 127.0.0.1 (fresh SQLite file, demo data, simulator stopped, clock fixed), and through
# Debian's nginx in front of it as a TLS-terminating proxy (https://localhost, a self-signed
# certificate made here; the server trusts it with --trusted-proxy 127.0.0.1). Installs what it needs
# when missing. Screenshots of every screen at 390×844 and 1280×800 go to .build/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

selenium_version=4.27.1
axe_version=2.1.6
fixed_time=${HABITS_BROWSER_FIXED_TIME:-2026-03-10T15:00:00Z}

PATH="$PATH:/usr/sbin"
if [ "$(uname -s)" != "Linux" ] && ! { command -v chromedriver >/dev/null && command -v nginx >/dev/null; }; then
    echo "browser-tests.sh: skipped; install Chromium, chromedriver and nginx to run the browser tests here."
    exit 0
fi
if [ "$(uname -s)" = "Linux" ] && ! { command -v chromium >/dev/null && command -v chromedriver >/dev/null; }; then
    echo "== installing chromium and chromium-driver"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq </dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver fonts-noto-color-emoji </dev/null
fi
# zbarimg reads back the QR code the account page draws.
if [ "$(uname -s)" = "Linux" ] && ! command -v zbarimg >/dev/null; then
    echo "== installing zbar-tools"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq </dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq zbar-tools </dev/null
fi
if [ "$(uname -s)" = "Linux" ] && ! { command -v nginx >/dev/null && command -v openssl >/dev/null; }; then
    echo "== installing nginx and openssl"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq </dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx openssl </dev/null
fi
if ! python3 -c "import selenium, axe_selenium_python, sys; sys.exit(selenium.__version__ != '$selenium_version')" 2>/dev/null; then
    echo "== installing selenium $selenium_version and axe-selenium-python $axe_version"
    python3 -m pip install --quiet --disable-pip-version-check \
        "selenium==$selenium_version" "axe-selenium-python==$axe_version" </dev/null
fi

# Adds a command to what the EXIT trap runs, keeping what it already runs.
extend_exit_trap() {
    local added=$1
    eval "set -- $(trap -p EXIT)"
    trap "${3:+${3}
}$added" EXIT
}

swift build --product habits >/dev/null
binary="$(swift build --show-bin-path)/habits"
source scripts/demo-server.sh
source scripts/tls-proxy.sh
start_demo_server "$binary" browser error --fixed-time "$fixed_time" --trusted-proxy 127.0.0.1
trap 'stop_tls_proxy; stop_demo_server' EXIT
start_tls_proxy "$port"
# Only the tests write: the simulator stops before they start.
stop_simulator
mkdir -p .build/screenshots
SE_OFFLINE=true BROWSER_TESTS="${BROWSER_TESTS:-}" timeout 900 python3 scripts/browser_tests.py "$base" \
    --proxy "$proxy_base" --today "${fixed_time%%T*}" --screenshots .build/screenshots </dev/null

# An accounts-mode server of its own for one browser script: `serve_accounts NAME [options]` starts it on a
# free port with a fresh database, stops it on exit, and sets `served_port`.
serve_accounts() {
    local name=$1 work
    shift
    work=$(mktemp -d)
    "$binary" serve --auth accounts --port 0 --database "$work/$name.sqlite" --log-level error \
        --fixed-time "$fixed_time" "$@" > "$work/out" 2> "$work/err" </dev/null &
    extend_exit_trap "kill $! 2>/dev/null || true; rm -rf '$work'"
    for _ in $(seq 1 200); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
    served_port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)
    if [ -z "$served_port" ]; then
        echo "browser-tests.sh: the $name server did not start" >&2; cat "$work/err" >&2; exit 1
    fi
}

# Accounts mode with demo data, signed up and into through its forms.
serve_accounts accounts --demo
SE_OFFLINE=true timeout 600 python3 scripts/browser_accounts.py "http://127.0.0.1:$served_port" \
    --screenshots .build/screenshots </dev/null

# A new server's first run: no demo data; the first account to sign up administers, finds the starter
# categories and adds its first habit from the web; a second one follows it.
serve_accounts first-run
SE_OFFLINE=true timeout 600 python3 scripts/browser_first_run.py "http://127.0.0.1:$served_port" \
    --screenshots .build/screenshots </dev/null

# The administrators' pages on a fresh server: the first account administers the catalogue and the accounts
# from /admin; a member gets the 403 page.
serve_accounts admin
SE_OFFLINE=true timeout 600 python3 scripts/browser_admin.py "http://127.0.0.1:$served_port" \
    --screenshots .build/screenshots </dev/null

# Widgets on a fresh server: each family previewed, an address of each made and shown in <img> at 1x and 2x
# by a browser signed in nowhere, one revoked.
serve_accounts widgets
SE_OFFLINE=true timeout 600 python3 scripts/browser_widgets.py "http://127.0.0.1:$served_port" \
    --screenshots .build/screenshots </dev/null

# Two instances on PostgreSQL behind nginx (round robin): a page stays live across instances, and after
# one of them is killed. test.sh provides the database; run alone, this part needs HABITS_TEST_POSTGRES_URL.
if [ -n "${HABITS_TEST_POSTGRES_URL:-}" ]; then
    source scripts/two-instances.sh
    start_two_instances "$binary" "$fixed_time"
    extend_exit_trap 'stop_two_instances'
    SE_OFFLINE=true timeout 300 python3 scripts/browser_instances.py "$pair_proxy" --a "$pair_a" --b "$pair_b" \
        --a-pid "$pair_a_pid" --b-pid "$pair_b_pid" --screenshots .build/screenshots </dev/null
elif [ "${CI:-}" = "true" ]; then
    echo "browser-tests.sh: CI runs every test, and the two-instance test needs HABITS_TEST_POSTGRES_URL" >&2
    exit 1
else
    echo "browser-tests.sh: the two-instance test skipped; set HABITS_TEST_POSTGRES_URL to run it."
fi
