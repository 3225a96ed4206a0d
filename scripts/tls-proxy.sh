# Sourced by browser-tests.sh: runs Debian's nginx on 127.0.0.1 as a TLS-terminating reverse proxy
# in front of a server, with a self-signed certificate for localhost made here by openssl. Every
# file (configuration, certificate, pid, logs, temporary bodies) lives in a temporary folder that
# stop_tls_proxy removes; nothing needs privileges.
#
#   start_tls_proxy UPSTREAM_PORT   sets $proxy_dir, $proxy_port and $proxy_base (https://localhost:PORT)
#   stop_tls_proxy

start_tls_proxy() {
    local upstream=$1
    proxy_dir=$(mktemp -d)
    proxy_pid=""
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
        -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -keyout "$proxy_dir/key.pem" -out "$proxy_dir/cert.pem" 2>/dev/null </dev/null
    proxy_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # A master started as root hands requests to workers running as `user`: keep them root, so that
    # they can read this folder.
    local user=""
    [ "$(id -u)" -eq 0 ] && user="user root root;"
    sed -e "s|@DIR@|$proxy_dir|g" -e "s|@PORT@|$proxy_port|g" -e "s|@UPSTREAM@|$upstream|g" \
        -e "s|@USER@|$user|" > "$proxy_dir/nginx.conf" <<'EOF'
daemon off;
@USER@
worker_processes 1;
pid @DIR@/nginx.pid;
error_log @DIR@/error.log warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path @DIR@/body;
    proxy_temp_path @DIR@/proxy;
    fastcgi_temp_path @DIR@/fastcgi;
    uwsgi_temp_path @DIR@/uwsgi;
    scgi_temp_path @DIR@/scgi;
    server {
        listen 127.0.0.1:@PORT@ ssl;
        server_name localhost;
        ssl_certificate @DIR@/cert.pem;
        ssl_certificate_key @DIR@/key.pem;
        location / {
            proxy_pass http://127.0.0.1:@UPSTREAM@;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header Forwarded "";
            proxy_buffering off;
            proxy_read_timeout 1h;
        }
    }
}
EOF
    nginx -p "$proxy_dir" -c "$proxy_dir/nginx.conf" -e "$proxy_dir/error.log" </dev/null &
    proxy_pid=$!
    proxy_base="https://localhost:$proxy_port"
    for _ in $(seq 1 100); do
        python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
            "$proxy_port" 2>/dev/null && return 0
        kill -0 "$proxy_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "$(basename "$0"): nginx did not start" >&2
    cat "$proxy_dir/error.log" >&2 || true
    exit 1
}

stop_tls_proxy() {
    if [ -n "${proxy_pid:-}" ]; then kill "$proxy_pid" 2>/dev/null || true; wait "$proxy_pid" 2>/dev/null || true; fi
    rm -rf "${proxy_dir:-}"
}
