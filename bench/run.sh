#!/usr/bin/env bash
# Readings benchmark (issue 5): one run, every figure next to its baseline measured in the same run.
#   (a) raw 1 day x 2 interfaces, req/s at 8 connections (wrk)   vs the same SQL driven by pgbench, 8 clients
#       (five alternating rounds each, medians compared)
#   (b) day and hour aggregation over 1 year x 1 interface, p50/p99 latency at 8 connections (wrk)
#   (c) canonical import rows/s (CLI, through the admin API)     vs PostgreSQL COPY into a table of the same shape
#   (d) peak heap while streaming 1 year of raw data for 10 interfaces, server running with -Xmx128m
# Needs: JDK 17, Maven, python3, psql and pgbench (PostgreSQL client tools), wrk (installed with apt when missing).
# usage: bench/run.sh [DURATION_SECONDS]   (default 20 s per load test)
set -euo pipefail
duration=${1:-20}
http_port=18080
admin_port=18081
source "$(dirname "$0")/lib.sh"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bench_init bench psql pgbench python3 jstat curl

echo "generating a year of 15-minute readings for 10 interfaces on 20 devices..."
rows=$(python3 bench/gen_readings.py "$work/readings.csv" "$work/narrow.csv")

start_server 128m
pg_port=$(grep -o 'on port [0-9]*' "$work/server.log" | head -1 | grep -o '[0-9]*')
# The embedded PostgreSQL admits only holders of its generated password.
pg="postgresql://postgres:$(cat "$work/data/pg.password")@127.0.0.1:$pg_port/postgres"

echo "importing $rows readings through the canonical import..."
t0=$(now)
cli readings import "$work/readings.csv" >/dev/null
t1=$(now)
import_rate=$(python3 -c "print(round($rows / ($t1 - $t0)))")

echo "COPY baseline..."
psql -q "$pg" -c "CREATE TABLE bench_copy (series_id integer, ts timestamptz, value float8,
  PRIMARY KEY (series_id, ts) INCLUDE (value))"
t0=$(now)
psql -q "$pg" -c "\\copy bench_copy FROM '$work/narrow.csv' WITH (FORMAT csv)"
t1=$(now)
copy_rate=$(python3 -c "print(round($rows / ($t1 - $t0)))")
psql -q "$pg" -c "DROP TABLE bench_copy"
psql -q "$pg" -c "VACUUM ANALYZE"
# The import leaves gigabytes of dirty pages: write them now rather than in a checkpoint during the load tests.
psql -q "$pg" -c "CHECKPOINT"

entity=$(cli entity add --email bench@example.com --json | python3 -c "import json,sys; print(json.load(sys.stdin)['entityId'])")
key=$(cli key issue --entity "$entity" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['apiKey'])")
for i in $(seq -w 1 20); do
  cli device assign --entity "$entity" --profile REAL_WEATHER_STATION --serial "WS-$i" >/dev/null
done

api="http://127.0.0.1:$http_port/api/devices/REAL_WEATHER_STATION/WS-07/readings"
raw_day="$api?interfaces=AirTemp,AirHum&startDate=2024-06-15T00:00:00Z&endDate=2024-06-16T00:00:00Z"
year_day="$api?interfaces=AirTemp&startDate=2024-01-01T00:00:00Z&endDate=2024-12-31T23:59:59Z&aggregation=day"
year_hour="$api?interfaces=AirTemp&startDate=2024-01-01T00:00:00Z&endDate=2024-12-31T23:59:59Z&aggregation=hour"
year_raw="$api?interfaces=AirTemp,AirHum,WindDir,WindSpeed,GustSpeed,Precipitation,Pressure,SolarIrradiance,DewPoint,Bat&startDate=2024-01-01T00:00:00Z&endDate=2024-12-31T23:59:59Z"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: ApiKey $key" "$raw_day")" = 200 ] || {
  echo "readings request failed"; curl -s -H "Authorization: ApiKey $key" "$raw_day"; exit 1; }

wrk_run() { # URL -> wrk output
  wrk -t2 -c8 -d"${duration}s" --latency -H "Authorization: ApiKey $key" "$1"
}
rps() { grep 'Requests/sec' | awk '{print $2}'; }
pct() { grep -E "^ +$1%" | awk '{print $2}'; }

echo "warming up the JIT..."
for url in "$year_day" "$year_hour" "$raw_day"; do
  wrk -t2 -c8 -d10s -H "Authorization: ApiKey $key" "$url" >/dev/null
done

device_id=$(psql -tA "$pg" -c "SELECT device_id FROM devices.device
  WHERE profile = 'REAL_WEATHER_STATION' AND serial = 'WS-07'")
# The server's statement (readings QuerySql.RAW) with the request's values written in.
cat >"$work/raw_day.sql" <<SQL
SELECT p.ts, s.col, p.value
FROM (SELECT series_id, array_position('{AirTemp,AirHum}'::text[], interface) - 1 AS col FROM readings.series
      WHERE device_id = $device_id AND connector_id = 'ORIGIN' AND interface = ANY('{AirTemp,AirHum}')) s
JOIN readings.point p ON p.series_id = s.series_id
WHERE p.ts >= '2024-06-15T00:00:00Z' AND p.ts <= '2024-06-16T00:00:00Z' ORDER BY p.ts;
SQL
# HTTP and pgbench take turns, five rounds each, and the medians are compared: on a shared machine the CPU
# time a guest gets drifts over a run, and turns keep that drift from favouring either side.
echo "(a) raw day: HTTP and pgbench, five rounds each..."
a_runs=()
pgbench_runs=()
for round in 1 2 3 4 5; do
  out=$(wrk_run "$raw_day")
  a_runs+=("$(echo "$out" | rps)")
  [ "$round" = 3 ] && out_a=$out
  pgbench_runs+=("$(pgbench -n -M prepared -c 8 -j 2 -T "$duration" -f "$work/raw_day.sql" "$pg" 2>/dev/null \
    | grep -E '^tps' | grep -oE '[0-9]+\.[0-9]+' | head -1)")
done
median() { printf '%s\n' "$@" | sort -g | sed -n 3p; }
a_rps=$(median "${a_runs[@]}")
pgbench_tps=$(median "${pgbench_runs[@]}")
echo "(b) year of days and of hours..."
out_day=$(wrk_run "$year_day")
out_hour=$(wrk_run "$year_hour")

echo "(d) streaming a year of raw readings for 10 interfaces..."
jstat -gc "$server_pid" 100 >"$work/jstat.log" &
jstat_pid=$!
stream_bytes=$(curl -s -H "Authorization: ApiKey $key" -o /dev/null -w '%{size_download}' "$year_raw")
stream_status=$(curl -s -H "Authorization: ApiKey $key" -o /dev/null -w '%{http_code}' \
  "$api?interfaces=AirTemp&startDate=2024-06-15&endDate=2024-06-16")
kill "$jstat_pid"
peak_heap_mb=$(awk 'NR>1 && $1 ~ /^[0-9.]+$/ { used = $3 + $4 + $6 + $8; if (used > max) max = used }
  END { printf "%.1f", max / 1024 }' "$work/jstat.log")

cat <<TABLE

| measure | Field Readings | baseline (same run) | ratio |
|---|---|---|---|
| (a) raw 1 day x 2 interfaces, 8 connections | $a_rps req/s (median of ${a_runs[*]}; p50 $(echo "$out_a" | pct 50)) | pgbench same SQL: $pgbench_tps tps (median of ${pgbench_runs[*]}) | $(python3 -c "print(f'{100 * $a_rps / $pgbench_tps:.0f} %')") |
| (b) day over 1 year x 1 interface | p50 $(echo "$out_day" | pct 50), p99 $(echo "$out_day" | pct 99), $(echo "$out_day" | rps) req/s | target p50 <= 10 ms | |
| (b) hour over 1 year x 1 interface | p50 $(echo "$out_hour" | pct 50), p99 $(echo "$out_hour" | pct 99), $(echo "$out_hour" | rps) req/s | | |
| (c) import, canonical CSV through the CLI | $import_rate rows/s | COPY same rows: $copy_rate rows/s | $(python3 -c "print(f'{100 * $import_rate / $copy_rate:.0f} %')") |
| (d) stream 1 year raw x 10 interfaces, -Xmx128m | $(python3 -c "print(round($stream_bytes / 1e6, 1))") MB sent, peak heap $peak_heap_mb MB, server still answering: $stream_status | limit 128 MB | |
TABLE
