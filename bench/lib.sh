# Shared by the bench scripts (sourced after `set -euo pipefail`): a temporary work directory removed on exit, the
# fat jar (built when missing), and a server on that directory, stopped on exit.
#   bench_init NAME TOOL...   work=$(mktemp ...), checks the tools, builds the jar if needed
#   start_server HEAP         starts the jar on $work/data with $http_port and $admin_port, waits for /health
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
jar="$root/app/target/field-readings.jar"
server_pid=
work=

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
  fi
  [ -z "$work" ] || rm -rf "$work"
}
trap cleanup EXIT

bench_init() {
  work=$(mktemp -d "/tmp/fr-$1.XXXXXX")
  shift
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "bench needs $tool" >&2; exit 1; }
  done
  [ -f "$jar" ] && [ -d "$root/app/target/plugins" ] || mvn -B -q -DskipTests package
}

start_server() {
  export FR_DATA_DIR="$work/data" FR_HTTP_PORT=$http_port FR_ADMIN_PORT=$admin_port FR_DEMO=false \
    FR_RATELIMIT_KEY_RPS=1000000 FR_RATELIMIT_KEY_BURST=1000000
  java "-Xmx$1" -jar "$jar" >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$admin_port/health" >/dev/null && return 0
    sleep 0.5
  done
  cat "$work/server.log"
  exit 1
}

cli() { java -jar "$jar" "$@"; }
now() { date +%s.%N; }
