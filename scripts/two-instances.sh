# Sourced by browser-tests.sh: two `habits serve` instances on one PostgreSQL database (a schema of this
# run in $HABITS_TEST_POSTGRES_URL's database, dropped at the end) behind Debian's nginx as a round-robin
# proxy on 127.0.0.1. The first loads the demo data; its simulator is stopped, so only the test writes.
#
#   start_two_instances BINARY [FIXED_TIME] sets $pair_a, $pair_b (bases), $pair_a_pid, $pair_b_pid, $pair_proxy
#   stop_two_instances

start_instance() {
    local name=$1
    shift
    # PAIR_ARGS: more options for both instances, split on spaces.
    # shellcheck disable=SC2086
    "$pair_binary" serve --port 0 --database "$pair_database" --log-level error ${pair_time:+--fixed-time "$pair_time"} \
        ${PAIR_ARGS:-} "$@" \
        > "$pair_dir/$name.out" 2> "$pair_dir/$name.err" </dev/null &
    echo $! > "$pair_dir/$name.pid"
    for _ in $(seq 1 300); do grep -q "listening on" "$pair_dir/$name.out" 2>/dev/null && break; sleep 0.1; done
    local port
    port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$pair_dir/$name.out" | head -1)
    if [ -z "$port" ]; then
        echo "$(basename "$0"): instance $name did not start" >&2
        cat "$pair_dir/$name.err" >&2
        exit 1
    fi
    echo "$port"
}

start_two_instances() {
    pair_binary=$1
    pair_time=${2:-}
    pair_dir=$(mktemp -d)
    pair_schema="habits_pair_$$"
    local url=$HABITS_TEST_POSTGRES_URL
    case "$url" in *\?*) pair_database="$url&schema=$pair_schema" ;; *) pair_database="$url?schema=$pair_schema" ;; esac
    pair_database="$pair_database&pool=${PAIR_POOL:-6}"
    local port_a port_b
    port_a=$(start_instance a --demo)
    pair_a="http://127.0.0.1:$port_a"
    pair_a_pid=$(cat "$pair_dir/a.pid")
    python3 -c "import urllib.request as u, sys; u.urlopen(u.Request(sys.argv[1], method='POST'), timeout=10)" \
        "$pair_a/control/simulator/stop"
    port_b=$(start_instance b --auth open)
    pair_b="http://127.0.0.1:$port_b"
    pair_b_pid=$(cat "$pair_dir/b.pid")
    local proxy_port user=""
    proxy_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    [ "$(id -u)" -eq 0 ] && user="user root root;"
    cat > "$pair_dir/nginx.conf" <<CONF
daemon off;
$user
worker_processes 1;
pid $pair_dir/nginx.pid;
error_log $pair_dir/nginx-error.log warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path $pair_dir/body;
    proxy_temp_path $pair_dir/proxy;
    fastcgi_temp_path $pair_dir/fastcgi;
    uwsgi_temp_path $pair_dir/uwsgi;
    scgi_temp_path $pair_dir/scgi;
    upstream habits {
        server 127.0.0.1:$port_a max_fails=1 fail_timeout=30s;
        server 127.0.0.1:$port_b max_fails=1 fail_timeout=30s;
    }
    server {
        listen 127.0.0.1:$proxy_port;
        location / {
            proxy_pass http://habits;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_buffering off;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
        }
    }
}
CONF
    nginx -p "$pair_dir" -c "$pair_dir/nginx.conf" -e "$pair_dir/nginx-error.log" </dev/null &
    pair_nginx=$!
    pair_proxy="http://127.0.0.1:$proxy_port"
    for _ in $(seq 1 100); do
        python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
            "$proxy_port" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "$(basename "$0"): nginx did not start" >&2
    cat "$pair_dir/nginx-error.log" >&2 || true
    exit 1
}

stop_two_instances() {
    for name in a b; do
        if [ -f "${pair_dir:-/nonexistent}/$name.pid" ]; then kill "$(cat "$pair_dir/$name.pid")" 2>/dev/null || true; fi
    done
    if [ -n "${pair_nginx:-}" ]; then kill "$pair_nginx" 2>/dev/null || true; wait "$pair_nginx" 2>/dev/null || true; fi
    if [ -n "${pair_schema:-}" ]; then
        python3 - "$HABITS_TEST_POSTGRES_URL" "$pair_schema" <<'PY' 2>/dev/null || true
import subprocess, sys, urllib.parse
url = urllib.parse.urlsplit(sys.argv[1])
env = {"PGPASSWORD": urllib.parse.unquote(url.password or "")}
subprocess.run(["psql", "-q", "-h", url.hostname or "127.0.0.1", "-p", str(url.port or 5432),
                "-U", urllib.parse.unquote(url.username or ""), "-d", url.path.lstrip("/"),
                "-c", f'DROP SCHEMA IF EXISTS "{sys.argv[2]}" CASCADE'], env=env, check=False,
               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
PY
    fi
    rm -rf "${pair_dir:-}"
}
