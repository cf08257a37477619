# Sourced by the bench scripts: start_nginx WORK PORT serves WORK/html/index.html for every path
# with one nginx worker and no access log (the fastest static server here, for comparison).
# stop_nginx WORK stops it.
start_nginx() {
  local work=$1 port=$2
  cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$port;
    root $work/html;
    location / { try_files /index.html =404; default_type text/html; }
  }
}
CONF
  nginx -c "$work/nginx.conf"
}
stop_nginx() { nginx -c "$1/nginx.conf" -s stop 2>/dev/null || true; }
