#!/usr/bin/env bash
# Readings benchmark: one run, every figure next to a baseline measured in the same run.
#   (a) raw 1 day x 2 interfaces, req/s at 8 connections (wrk)   vs pgbench, 8 clients, reading the same day from
#       a plain row-per-reading PostgreSQL table of the same data (five alternating rounds each, medians compared)
#   (b) day and hour aggregation over 1 year x 1 interface, p50/p99 latency at 8 connections (wrk)
#   (c) canonical import rows/s (CLI, through the admin API), the first device's readings imported untimed first
#                                                                vs PostgreSQL COPY into a table of the same shape
#   (d) peak heap while streaming 1 year of raw data for 10 interfaces, server running with -Xmx128m
#   (f) bytes on disk per reading: the readings schema (blocks, rollups, indexes, TOAST) after VACUUM
#   (g) peak RSS of the server JVM and of PostgreSQL (all its processes) over the run
#   (h) day over 1 year in Europe/Lisbon (local days from hourly rollups)   vs the same in UTC (daily rollups)
#   (i) latest values of 1,000 devices x 10 interfaces of one entity (GET /devices/latest), p50
#   (j) one multi-device query of 20 devices' raw day x 2 interfaces   vs 20 single-device queries
#   (k) a year of the five agronomy metrics of one station (ET0, GDD, ChillHours, VPD, DewPoint), p50 at one
#       connection and at 8
# The data are the peers' (bench/peer_values.py; bench/check_same_data.py proves every value the same), and the
# queries theirs: device WS-07, raw day 2025-06-10, the year 2025. The peers' figures on the same data (InfluxDB,
# QuestDB, VictoriaMetrics) come from their own harnesses, run back to back with this one on the same machine; see
# docs/benchmarks.md.
# Needs: JDK 17, Maven, python3, psql and pgbench (PostgreSQL client tools), wrk (installed with apt when missing).
# usage: bench/run.sh [DURATION_SECONDS]   (default 20 s per load test)
#        BENCH_ONLY=disk bench/run.sh     (only the import and (f), which do not depend on the machine's load)
set -euo pipefail
duration=${1:-20}
http_port=18080
admin_port=18081
source "$(dirname "$0")/lib.sh"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bench_init bench psql pgbench python3 jstat curl

echo "generating the peers' year of 15-minute readings for 10 interfaces on 20 devices..."
rows=$(python3 bench/gen_readings.py "$work/readings.csv" "$work/narrow.csv")
# (c) times a warm server, as the query figures do: the JIT compiles the import path during its first few hundred
# thousand lines. The first device's readings (the file lists devices one after the other) are imported untimed
# first, and (c) is the rate of the other devices' readings. Every reading is imported once.
first=$(sed -n 2p "$work/readings.csv" | cut -d, -f2)
awk -F, -v first="$first" -v warm="$work/warmup.csv" -v timed="$work/timed.csv" \
  'NR == 1 { print > warm; print > timed; next } $2 == first { print > warm; next } { print > timed }' \
  "$work/readings.csv"
timed_rows=$(($(wc -l <"$work/timed.csv") - 1))
rm "$work/readings.csv"
# The generator leaves about a gigabyte of the files' dirty pages: written back during the import, they would
# compete with the database's fsyncs, which is not what (c) measures.
sync

start_server 128m
pg_port=$(grep -o 'on port [0-9]*' "$work/server.log" | head -1 | grep -o '[0-9]*')
# The embedded PostgreSQL admits only holders of its generated password.
pg="postgresql://postgres:$(cat "$work/data/pg.password")@127.0.0.1:$pg_port/postgres"

echo "importing $((rows - timed_rows)) readings of $first untimed, then $timed_rows readings of the other devices..."
cli readings import "$work/warmup.csv" >/dev/null
t0=$(now)
cli readings import "$work/timed.csv" >/dev/null
t1=$(now)
import_rate=$(python3 -c "print(round($timed_rows / ($t1 - $t0)))")

echo "COPY baseline..."
psql -q "$pg" -c "CREATE TABLE bench_copy (series_id integer, ts timestamptz, value float8,
  PRIMARY KEY (series_id, ts) INCLUDE (value))"
t0=$(now)
psql -q "$pg" -c "\\copy bench_copy FROM '$work/narrow.csv' WITH (FORMAT csv)"
t1=$(now)
copy_rate=$(python3 -c "print(round($rows / ($t1 - $t0)))")
psql -q "$pg" -c "VACUUM ANALYZE"
disk_bytes=$(psql -tA "$pg" -c "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'readings' AND c.relkind = 'r'")
if [ "${BENCH_ONLY:-}" = disk ]; then
  echo "| (f) disk per reading, readings schema after VACUUM | $(python3 -c "print(f'{$disk_bytes / $rows:.2f}')") bytes ($(python3 -c "print(round($disk_bytes / 1e6, 1))") MB for $rows readings) | | |"
  exit 0
fi
# The import leaves gigabytes of dirty pages: write them now rather than in a checkpoint during the load tests.
psql -q "$pg" -c "CHECKPOINT"

entity=$(cli entity add --email bench@example.com --json | python3 -c "import json,sys; print(json.load(sys.stdin)['entityId'])")
key=$(cli key issue --entity "$entity" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['apiKey'])")
for i in $(seq -w 0 19); do
  cli device assign --entity "$entity" --profile REAL_WEATHER_STATION --serial "WS-$i" >/dev/null
done

api="http://127.0.0.1:$http_port/api/devices/REAL_WEATHER_STATION/WS-07/readings"
raw_day="$api?interfaces=AirTemp,AirHum&startDate=2025-06-10T00:00:00Z&endDate=2025-06-10T23:59:59Z"
year_day="$api?interfaces=AirTemp&startDate=2025-01-01T00:00:00Z&endDate=2025-12-31T23:59:59Z&aggregation=day"
year_hour="$api?interfaces=AirTemp&startDate=2025-01-01T00:00:00Z&endDate=2025-12-31T23:59:59Z&aggregation=hour"
year_raw="$api?interfaces=AirTemp,AirHum,WindDir,WindSpeed,GustSpeed,Precipitation,Pressure,SolarIrradiance,Bat,Rssi&startDate=2025-01-01T00:00:00Z&endDate=2025-12-31T23:59:59Z"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: ApiKey $key" "$raw_day")" = 200 ] || {
  echo "readings request failed"; curl -s -H "Authorization: ApiKey $key" "$raw_day"; exit 1; }

wrk_run() { # URL -> wrk output
  wrk -t2 -c8 -d"${duration}s" --latency -H "Authorization: ApiKey $key" "$1"
}
rps() { grep 'Requests/sec' | awk '{print $2}'; }
pct() { grep -E "^ +$1%" | awk '{print $2}'; }

echo "warming up the JIT..."
for url in "$year_day" "$year_hour" "$raw_day" "$year_day&timeZone=Europe/Lisbon"; do
  wrk -t2 -c8 -d10s -H "Authorization: ApiKey $key" "$url" >/dev/null
done

# The same day read from the row-per-reading table of the COPY baseline (series 71 and 72 are WS-07's AirTemp
# and AirHum in gen_readings.py's numbering).
cat >"$work/raw_day.sql" <<SQL
SELECT ts, series_id, value FROM bench_copy
WHERE series_id = ANY('{71,72}') AND ts >= '2025-06-10T00:00:00Z' AND ts <= '2025-06-10T23:59:59Z' ORDER BY ts;
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

echo "(h) day over a year in Europe/Lisbon and in UTC..."
out_lisbon=$(wrk_run "$year_day&timeZone=Europe/Lisbon")
out_utc=$(wrk_run "$year_day")
echo "(k) a year of agronomy metrics of one station..."
# ET0 needs the station's latitude: WS-07 is placed in Lisbon (its days are then Lisbon days).
curl -sf -X PUT -H "Authorization: Bearer $(cat "$work/data/admin.token")" -H 'Content-Type: application/json' \
  -d '{"location": {"latitude": 38.72, "longitude": -9.14}}' \
  "http://127.0.0.1:$admin_port/admin/devices/REAL_WEATHER_STATION/WS-07" >/dev/null
agronomy="http://127.0.0.1:$http_port/api/devices/REAL_WEATHER_STATION/WS-07/agronomy"
agronomy="$agronomy?metrics=ET0,GDD,ChillHours,VPD,DewPoint&startDate=2025-01-01T00:00:00Z&endDate=2025-12-31T23:59:59Z"
wrk -t2 -c8 -d10s -H "Authorization: ApiKey $key" "$agronomy" >/dev/null
out_agronomy=$(wrk_run "$agronomy")
# One request at a time: the latency a user sees, without the queue of 8 connections on 2 cores.
out_agronomy_one=$(wrk -t1 -c1 -d"${duration}s" --latency -H "Authorization: ApiKey $key" "$agronomy")
agronomy_days=$(curl -s -H "Authorization: ApiKey $key" "$agronomy" | python3 -c "import json,sys; print(len(json.load(sys.stdin)))")
echo "(j) 20 devices in one query and one at a time..."
devices_param=$(for i in $(seq -w 0 19); do printf 'REAL_WEATHER_STATION/WS-%s,' "$i"; done)
multi_day="http://127.0.0.1:$http_port/api/readings?devices=${devices_param%,}&interfaces=AirTemp,AirHum"
multi_day="$multi_day&startDate=2025-06-10T00:00:00Z&endDate=2025-06-10T23:59:59Z"
out_multi=$(wrk_run "$multi_day")
out_single=$(wrk_run "$raw_day")

echo "(d) streaming a year of raw readings for 10 interfaces..."
jstat -gc "$server_pid" 100 >"$work/jstat.log" &
jstat_pid=$!
# jstat takes a moment to attach: stream once it samples (a stream lasts about a second).
for _ in $(seq 1 100); do [ "$(wc -l <"$work/jstat.log")" -ge 2 ] && break; sleep 0.1; done
stream_bytes=$(curl -s -H "Authorization: ApiKey $key" -o /dev/null -w '%{size_download}' "$year_raw")
sleep 0.3
stream_status=$(curl -s -H "Authorization: ApiKey $key" -o /dev/null -w '%{http_code}' \
  "$api?interfaces=AirTemp&startDate=2025-06-10&endDate=2025-06-11")
kill "$jstat_pid"
psql -q "$pg" -c "DROP TABLE bench_copy"

echo "(i) latest values of 1,000 devices of one entity..."
python3 - "$work/fleet.csv" <<'PY'
import sys
names = ["AirTemp", "AirHum", "WindDir", "WindSpeed", "GustSpeed", "Precipitation", "Pressure", "SolarIrradiance",
         "DewPoint", "Bat"]
with open(sys.argv[1], "w") as out:
    out.write("profile,serial,connectorId,interface,timestamp,value\n")
    for d in range(1, 1001):
        for i, name in enumerate(names):
            for hour in range(3):
                out.write(f"REAL_WEATHER_STATION,LT-{d:04d},ORIGIN,{name},2024-06-15T{hour:02d}:00:00Z,{d % 50 + i + hour / 10}\n")
PY
cli readings import "$work/fleet.csv" >/dev/null
fleet=$(cli entity add --email fleet@example.com --json | python3 -c "import json,sys; print(json.load(sys.stdin)['entityId'])")
fleet_key=$(cli key issue --entity "$fleet" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['apiKey'])")
python3 - "$admin_port" "$(cat "$work/data/admin.token")" "$fleet" <<'PY'
import http.client, sys
port, token, entity = sys.argv[1], sys.argv[2], sys.argv[3]
connection = http.client.HTTPConnection("127.0.0.1", int(port))
for d in range(1, 1001):
    connection.request("PUT", f"/admin/entities/{entity}/devices/REAL_WEATHER_STATION/LT-{d:04d}",
                       headers={"Authorization": f"Bearer {token}"})
    answer = connection.getresponse()
    answer.read()
    assert answer.status in (200, 201, 204), answer.status
PY
# At rest, as the year was measured: the fleet's new rows analysed, not while autovacuum works on them.
psql -q "$pg" -c "VACUUM ANALYZE"
fleet_bytes=$(curl -s -o /dev/null -w '%{size_download}' -H "Authorization: ApiKey $fleet_key" \
  "http://127.0.0.1:$http_port/api/devices/latest")
wrk -t2 -c8 -d5s -H "Authorization: ApiKey $fleet_key" "http://127.0.0.1:$http_port/api/devices/latest" >/dev/null
out_fleet=$(wrk -t2 -c8 -d"${duration}s" --latency -H "Authorization: ApiKey $fleet_key" \
  "http://127.0.0.1:$http_port/api/devices/latest")

peak_rss_mb() { awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
jvm_rss_mb=$(peak_rss_mb "$server_pid")
# PostgreSQL's processes share its buffers: their proportional set sizes add up to what it takes.
pg_pss_mb=0
for pid in $(pgrep -x postgres || true); do
  pg_pss_mb=$((pg_pss_mb + $(awk '/^Pss:/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/smaps_rollup" 2>/dev/null || echo 0)))
done
peak_heap_mb=$(awk 'NR>1 && $1 ~ /^[0-9.]+$/ { used = $3 + $4 + $6 + $8; if (used > max) max = used }
  END { printf "%.1f", max / 1024 }' "$work/jstat.log")

cat <<TABLE

| measure | Field Readings | baseline (same run) | ratio |
|---|---|---|---|
| (a) raw 1 day x 2 interfaces, 8 connections | $a_rps req/s (median of ${a_runs[*]}; p50 $(echo "$out_a" | pct 50)) | pgbench, row-per-reading table: $pgbench_tps tps (median of ${pgbench_runs[*]}) | $(python3 -c "print(f'{100 * $a_rps / $pgbench_tps:.0f} %')") |
| (b) day over 1 year x 1 interface | p50 $(echo "$out_day" | pct 50), p99 $(echo "$out_day" | pct 99), $(echo "$out_day" | rps) req/s | target p50 <= 10 ms | |
| (b) hour over 1 year x 1 interface | p50 $(echo "$out_hour" | pct 50), p99 $(echo "$out_hour" | pct 99), $(echo "$out_hour" | rps) req/s | | |
| (c) import, canonical CSV through the CLI (warm: $timed_rows readings after the first device's) | $import_rate rows/s | COPY same rows: $copy_rate rows/s | $(python3 -c "print(f'{100 * $import_rate / $copy_rate:.0f} %')") |
| (d) stream 1 year raw x 10 interfaces, -Xmx128m | $(python3 -c "print(round($stream_bytes / 1e6, 1))") MB sent, peak heap $peak_heap_mb MB, server still answering: $stream_status | limit 128 MB | |
| (f) disk per reading, readings schema after VACUUM | $(python3 -c "print(f'{$disk_bytes / $rows:.2f}')") bytes ($(python3 -c "print(round($disk_bytes / 1e6, 1))") MB for $rows readings) | | |
| (h) day over 1 year, Europe/Lisbon | $(echo "$out_lisbon" | rps) req/s, p50 $(echo "$out_lisbon" | pct 50) | same in UTC: $(echo "$out_utc" | rps) req/s | $(python3 -c "print(f'{100 * $(echo "$out_lisbon" | rps) / $(echo "$out_utc" | rps):.0f} %')") |
| (i) latest values, 1,000 devices x 10 interfaces | p50 $(echo "$out_fleet" | pct 50), $(echo "$out_fleet" | rps) req/s, $fleet_bytes bytes | | |
| (j) 20 devices' raw day x 2 interfaces in one query | $(echo "$out_multi" | rps) req/s = $(python3 -c "print(round(20 * $(echo "$out_multi" | rps)))") device answers/s | one device a query: $(echo "$out_single" | rps) req/s | $(python3 -c "print(f'{100 * 20 * $(echo "$out_multi" | rps) / $(echo "$out_single" | rps):.0f} %')") |
| (k) agronomy: a year of ET0, GDD, ChillHours, VPD, DewPoint, one station | p50 $(echo "$out_agronomy_one" | pct 50) one request at a time; at 8 connections p50 $(echo "$out_agronomy" | pct 50), $(echo "$out_agronomy" | rps) req/s ($agronomy_days days) | target p50 <= 20 ms | |
| (g) memory | server JVM peak RSS $jvm_rss_mb MB; PostgreSQL $pg_pss_mb MB (PSS of its processes at the end) | | |
TABLE
