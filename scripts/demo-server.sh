# Sourced by the browser, fuzz and load scripts: runs `habits serve --demo` on 127.0.0.1 with a free
# port and a temporary database, and stops it (removing its folder) when the script exits.
#
#   start_demo_server BINARY NAME LOG_LEVEL [serve options...]   sets $work, $server, $port and $base
#   stop_simulator                                                so that only the script writes
#   release_binary [OTHER]                                        prints OTHER, else this tree's release
#                                                                 build, built first (load scripts)

release_binary() {
    if [ -n "${1:-}" ]; then
        echo "$1"
    else
        swift build -c release --product habits >/dev/null
        echo "$(swift build -c release --show-bin-path)/habits"
    fi
}

start_demo_server() {
    local binary=$1 name=$2 level=$3
    shift 3
    work=$(mktemp -d)
    server=""
    trap stop_demo_server EXIT
    "$binary" serve --demo --port 0 --database "$work/$name.sqlite" --log-level "$level" "$@" \
        > "$work/out" 2> "$work/err" </dev/null &
    server=$!
    for _ in $(seq 1 200); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
    port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out" | head -1)
    if [ -z "$port" ]; then
        echo "$(basename "$0"): the server did not start" >&2
        cat "$work/err" >&2
        exit 1
    fi
    base="http://127.0.0.1:$port"
}

stop_demo_server() {
    if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "${work:-}"
}

stop_simulator() {
    python3 -c "import urllib.request as u, sys; u.urlopen(u.Request(sys.argv[1], method='POST'), timeout=10)" \
        "$base/control/simulator/stop"
}
