#!/usr/bin/env bash
# Several nodes: the fat jar as 1, 2 and 3 nodes behind the deploy/ recipe's HAProxy, on its pg_auto_failover
# primary and synchronous standby; the same data and the same requests for each size, and every figure a ratio to
# one node in the same run.
#   ingest  the peers' year of readings (bench/gen_readings.py), split by device, imported through every node's
#           admin API at once (the readings tables emptied before each size), readings/s
#   raw     one day x 2 interfaces of WS-07, req/s at 16 connections (wrk, through HAProxy)
#   day     daily means of a year x 1 interface, req/s at 16 connections
#   latest  the latest values of the entity's 20 devices x 10 interfaces, req/s at 16 connections
# Then the failover figures of deploy/local-cluster/measure-failover.sh on the same cluster.
# Needs: JDK 17, Maven, python3, psql, wrk (installed with apt when missing), and deploy/'s Debian packages
# (postgresql-15-auto-failover, pg-auto-failover-cli, haproxy). Runs as root (pg_autoctl then runs as postgres).
# usage: bench/cluster.sh [DURATION_SECONDS]   (default 20 s per load test)
set -euo pipefail
duration=${1:-20}
source "$(dirname "$0")/lib.sh"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bench_init cluster psql python3 curl
# pg_autoctl runs as the postgres user, who must reach the cluster's directory.
chmod 755 "$work"
cluster="$root/deploy/local-cluster/cluster.sh"
export FRC_MONITOR_PORT=16000 FRC_PG1_PORT=16001 FRC_PG2_PORT=16002
proxy_port=18080
node_pids=()

stop_nodes() {
  for pid in "${node_pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${node_pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  node_pids=()
}
finish() {
  stop_nodes
  "$cluster" down "$work/pg" >/dev/null 2>&1 || true
  cleanup
}
trap finish EXIT

echo "standing up the database (monitor, primary, synchronous standby)..."
url=$("$cluster" up "$work/pg" 2>"$work/cluster.log")
master_key=$(python3 -c "import base64, os; print(base64.b64encode(os.urandom(32)).decode())")

# Node i: public port 1818i, admin port 1819i, data in $work/node-i.
start_node() {
  local i=$1
  FR_DATABASE_URL=$url FR_SECURITY_MASTER_KEY=$master_key FR_DATA_DIR="$work/node-$i" FR_DEMO=false \
    FR_HTTP_HOST=127.0.0.1 FR_HTTP_PORT=$((18180 + i)) FR_ADMIN_PORT=$((18190 + i)) FR_HTTP_TRUSTED_PROXIES=127.0.0.1 \
    FR_RATELIMIT_KEY_RPS=1000000 FR_RATELIMIT_KEY_BURST=1000000 \
    java -Xmx256m -jar "$jar" >"$work/node-$i.log" 2>&1 &
  node_pids+=($!)
}
await_nodes() {
  for i in $(seq 1 "$1"); do
    for _ in $(seq 1 240); do
      curl -sf "http://127.0.0.1:$((18180 + i))/api/health" >/dev/null && [ -f "$work/node-$i/admin.url" ] && break
      sleep 0.5
    done
    curl -sf "http://127.0.0.1:$((18180 + i))/api/health" >/dev/null || { cat "$work/node-$i.log"; exit 1; }
  done
}

echo "generating the peers' year of 15-minute readings for 10 interfaces on 20 devices..."
rows=$(python3 bench/gen_readings.py "$work/readings.csv" "$work/narrow.csv")
rm "$work/narrow.csv"
# Parts by device (the file lists devices one after the other): n parts for n nodes.
split_parts() {
  python3 - "$work/readings.csv" "$1" "$work/part" <<'PY'
import sys
source, n, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(source) as f:
    header = f.readline()
    devices = []
    lines = {}
    for line in f:
        serial = line.split(",", 2)[1]
        if serial not in lines:
            devices.append(serial)
            lines[serial] = []
        lines[serial].append(line)
for p in range(n):
    with open(f"{prefix}-{n}-{p + 1}.csv", "w") as out:
        out.write(header)
        for serial in devices[p::n]:
            out.writelines(lines[serial])
PY
}
for n in 1 2 3; do split_parts "$n"; done
rm "$work/readings.csv"
sync

# The first node makes the schemas, the devices (a reading each), the entity, its key and the assignments, once.
awk -F, 'NR == 1 || !seen[$2]++' "$work/part-1-1.csv" >"$work/devices.csv"
start_node 1
await_nodes 1
cli readings import --data-dir "$work/node-1" "$work/devices.csv" >/dev/null
entity=$(cli entity add --data-dir "$work/node-1" --email bench@example.com --json \
  | python3 -c "import json,sys; print(json.load(sys.stdin)['entityId'])")
key=$(cli key issue --data-dir "$work/node-1" --entity "$entity" --json \
  | python3 -c "import json,sys; print(json.load(sys.stdin)['apiKey'])")
for i in $(seq -w 0 19); do
  cli device assign --data-dir "$work/node-1" --entity "$entity" --profile REAL_WEATHER_STATION \
    --serial "WS-$i" >/dev/null
done
stop_nodes

api="http://127.0.0.1:$proxy_port/api/devices"
raw_day="$api/REAL_WEATHER_STATION/WS-07/readings?interfaces=AirTemp,AirHum&startDate=2025-06-10T00:00:00Z&endDate=2025-06-10T23:59:59Z"
year_day="$api/REAL_WEATHER_STATION/WS-07/readings?interfaces=AirTemp&startDate=2025-01-01T00:00:00Z&endDate=2025-12-31T23:59:59Z&aggregation=day"
latest="$api/latest"
wrk_rps() {
  wrk -t2 -c16 -d"${duration}s" -H "Authorization: ApiKey $key" "$1" | grep 'Requests/sec' | awk '{print $2}'
}

declare -A ingest raw day last
for n in 1 2 3; do
  echo "$n node(s): emptying the readings, starting the nodes and HAProxy..."
  psql -q "$url" -c "TRUNCATE readings.series, readings.point_block, readings.hour_block, readings.day_block"
  for i in $(seq 1 "$n"); do start_node "$i"; done
  await_nodes "$n"
  "$cluster" haproxy "$work/pg" "$proxy_port" $(seq -s ' ' 18181 $((18180 + n))) 2>>"$work/cluster.log" >/dev/null
  echo "$n node(s): importing $rows readings, one part per node at once..."
  t0=$(now)
  part_pids=()
  for i in $(seq 1 "$n"); do
    cli readings import --data-dir "$work/node-$i" "$work/part-$n-$i.csv" >/dev/null &
    part_pids+=($!)
  done
  for pid in "${part_pids[@]}"; do wait "$pid"; done
  t1=$(now)
  ingest[$n]=$(python3 -c "print(round($rows / ($t1 - $t0)))")
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: ApiKey $key" "$raw_day")" = 200 ] || {
    echo "readings request through HAProxy failed"; exit 1; }
  echo "$n node(s): warming up, then the three queries through HAProxy..."
  for u in "$raw_day" "$year_day" "$latest"; do
    wrk -t2 -c16 -d5s -H "Authorization: ApiKey $key" "$u" >/dev/null
  done
  raw[$n]=$(wrk_rps "$raw_day")
  day[$n]=$(wrk_rps "$year_day")
  last[$n]=$(wrk_rps "$latest")
  stop_nodes
done

ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
echo
echo "| nodes | ingest readings/s | raw day req/s | day means of a year req/s | latest of 20 devices req/s |"
echo "|---|---|---|---|---|"
for n in 1 2 3; do
  echo "| $n | ${ingest[$n]} ($(ratio "${ingest[$n]}" "${ingest[1]}")×) | ${raw[$n]} ($(ratio "${raw[$n]}" "${raw[1]}")×) |" \
    "${day[$n]} ($(ratio "${day[$n]}" "${day[1]}")×) | ${last[$n]} ($(ratio "${last[$n]}" "${last[1]}")×) |"
done
echo
echo "failover figures on the same cluster (deploy/local-cluster/measure-failover.sh):"
"$root/deploy/local-cluster/measure-failover.sh" "$work/pg" 2>&1 | tail -n 20
