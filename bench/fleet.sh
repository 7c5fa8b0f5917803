#!/usr/bin/env bash
# Fleet benchmark (issue 26): how the costs grow with the number of devices, the readings per device held constant
# (10 interfaces x 3 hourly readings, bench/gen_fleet.py). For each fleet size, on a fresh server (-Xmx256m):
#   import   canonical CSV through the CLI (java -jar ... readings import), readings/s, the CLI's JVM start left out
#   ingest   the same values as PROFILE_B frames through the plugin (POST /api/ingest/PROFILE_B with an ingest key
#            bound to an entity, so the entity has every gateway; 1,000 gateways a payload, 4 in flight), readings/s,
#            python's start left out
#   latest   GET /api/devices/latest of that entity (every device, 10 interfaces each), median of 5 in a row after 5
#            that warm the server up
#   serials  GET /api/devices/serials of that entity, as latest
#   admin    GET /admin/devices (the whole registry: both sets, 2N devices), as latest
#   raw day  one gateway's raw day of one interface, p50 at 8 connections
#   backup   POST /admin/backup (the whole database: both sets' readings), seconds and size
#   heap     the server's peak used heap over the whole run (jstat)
# Prints a Markdown table, and with OUT_SVG=FILE writes the per-device curves as an SVG plot (bench/plot_fleet.py).
# The queries run at rest (after VACUUM ANALYZE), as in bench/run.sh.
# Needs: JDK 17, Maven, python3, curl, psql, wrk (installed with apt when missing).
# usage: bench/fleet.sh [SIZES...]   (default 20 2000 20000 100000)
#   FLEET_HEAP=1g FR_READINGS_CACHE_MB=128 bench/fleet.sh 100000   a server sized for the fleet (docs/guide.md)
set -euo pipefail
sizes=("${@:-20 2000 20000 100000}")
read -r -a sizes <<<"${sizes[*]}"
heap=${FLEET_HEAP:-256m}
http_port=18280
admin_port=18281
source "$(dirname "$0")/lib.sh"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bench_init bench-fleet python3 curl psql jstat
export FR_INGEST_KEY_MAX_DEVICES=1000000
p50_ms() { # URL AUTH CONNECTIONS SECONDS -> the median latency in milliseconds (wrk)
  wrk -t1 -c"$3" -d"$4s" --timeout 120s --latency -H "$2" "$1" | python3 -c "
import re, sys
line = next(l for l in sys.stdin if re.match(r' +50%', l))
value, unit = re.match(r' +50% +([0-9.]+)(us|ms|s)', line).groups()
print(round(float(value) * {'us': 0.001, 'ms': 1, 's': 1000}[unit], 1))"
}
median_ms() { # URL AUTH -> the median of 5 sequential requests' times in milliseconds (answers too long for wrk),
  # after 5 more that warm the server up (its JIT and caches), as a server answering this repeatedly is
  for _ in 1 2 3 4 5; do curl -s -o /dev/null -H "$2" "$1"; done
  for _ in 1 2 3 4 5; do curl -s -o /dev/null -w '%{time_total}\n' -H "$2" "$1"; done | sort -n | sed -n 3p |
    python3 -c "import sys; print(round(float(sys.stdin.read()) * 1000, 1))"
}
pg_url() { # the embedded PostgreSQL of the running server
  echo "postgresql://postgres:$(cat "$work/data/pg.password")@127.0.0.1:$(grep -o 'on port [0-9]*' "$work/server.log" |
    head -1 | grep -o '[0-9]*')/postgres"
}
json_field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

rows_md=""
for n in "${sizes[@]}"; do
  echo "fleet of $n devices: generating..."
  rm -rf "$work/data" "$work/payloads"
  readings=$(python3 bench/gen_fleet.py "$n" "$work/payloads" "$work/fleet.csv")
  sync
  start_server "$heap"
  jstat -gc "$server_pid" 500 >"$work/jstat.log" &
  jstat_pid=$!

  # The clients' own start (a JVM for the CLI, python for the pusher) is timed alone and left out of the rates:
  # at 20 devices it would be most of the time.
  t0=$(now); cli --version >/dev/null; t1=$(now)
  cli_start=$(python3 -c "print($t1 - $t0)")
  t0=$(now); python3 bench/push.py "http://127.0.0.1:$http_port/api/ingest/PROFILE_B" none 1 >/dev/null; t1=$(now)
  push_start=$(python3 -c "print($t1 - $t0)")
  echo "  import of $readings readings..."
  t0=$(now)
  imported=$(cli readings import --json "$work/fleet.csv" 2>"$work/import.err" | json_field stored) || {
    tail -c 2000 "$work/import.err" >&2; tail -50 "$work/server.log" >&2; exit 1; }
  t1=$(now)
  import_rate=$(python3 -c "print(round($readings / ($t1 - $t0 - $cli_start)))")

  entity=$(cli entity add --email "fleet-$n@example.com" --json | json_field entityId)
  key=$(cli key issue --entity "$entity" --json | json_field apiKey)
  ingest_key=$(cli ingest-key create --profile PROFILE_B --entity "$entity" --json | json_field ingestKey)
  echo "  ingest of $readings readings as $(ls "$work/payloads" | wc -l) PROFILE_B payloads..."
  t0=$(now)
  ingested=$(python3 bench/push.py "http://127.0.0.1:$http_port/api/ingest/PROFILE_B" "$ingest_key" 4 \
    "$work"/payloads/*.txt)
  t1=$(now)
  ingest_rate=$(python3 -c "print(round($readings / ($t1 - $t0 - $push_start)))")
  [ "$imported" = "$readings" ] && [ "$ingested" = "$readings" ] || {
    echo "expected $readings readings stored by each, import stored $imported, ingest $ingested" >&2; exit 1; }

  echo "  queries..."
  api="http://127.0.0.1:$http_port/api"
  auth="Authorization: ApiKey $key"
  latest_bytes=$(curl -s -o /dev/null -w '%{size_download}' -H "$auth" "$api/devices/latest")
  # At rest, as an operator's server is: the new rows analysed, not while autovacuum works on them.
  psql -q "$(pg_url)" -c "VACUUM ANALYZE"
  latest=$(median_ms "$api/devices/latest" "$auth")
  serials=$(median_ms "$api/devices/serials" "$auth")
  admin=$(median_ms "http://127.0.0.1:$admin_port/admin/devices" "Authorization: Bearer $(cat "$work/data/admin.token")")
  raw=$(p50_ms "$api/devices/PROFILE_B/FB-000001/readings?interfaces=AirTemp&startDate=2025-06-10&endDate=2025-06-11" \
    "$auth" 8 5)
  t0=$(now)
  backup_bytes=$(curl -s -o "$work/backup.zip" -w '%{size_download}' -X POST \
    -H "Authorization: Bearer $(cat "$work/data/admin.token")" "http://127.0.0.1:$admin_port/admin/backup")
  t1=$(now)
  backup_s=$(python3 -c "print(round($t1 - $t0, 1))")
  rm "$work/backup.zip"
  kill "$jstat_pid"
  heap_mb=$(awk 'NR>1 && $1 ~ /^[0-9.]+$/ { used = $3 + $4 + $6 + $8; if (used > max) max = used }
    END { printf "%.0f", max / 1024 }' "$work/jstat.log")
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
  server_pid=
  row=$(python3 -c "
n, readings = $n, $readings
per_reading = lambda rate: f'{1e6 / rate:.1f}'
per_device = lambda ms, devices: f'{ms * 1000 / devices:.0f}'
print(f'| {n} | $import_rate ({per_reading($import_rate)}) | $ingest_rate ({per_reading($ingest_rate)}) '
      f'| $latest ({per_device($latest, n)}) | $latest_bytes | $serials ({per_device($serials, n)}) '
      f'| $admin ({per_device($admin, 2 * n)}) | $raw | $backup_s ({$backup_bytes / 1e6:.0f} MB) | $heap_mb |')")
  echo "  $row"
  rows_md+="$row"$'\n'
done

cat <<TABLE

Fleets of N devices x 10 interfaces x 3 readings, imported (CSV, CLI) and ingested (PROFILE_B plugin) once each;
latencies are medians in milliseconds; heap is the server's peak used heap under -Xmx$heap (readings.cache.mb
${FR_READINGS_CACHE_MB:-16}); per device and per reading figures divide by the fleet's devices and readings.

| devices | import readings/s (µs a reading) | ingest readings/s (µs a reading) | latest ms (µs a device) | latest bytes | serials ms (µs a device) | admin devices ms (µs a device) | raw day ms (8 conn.) | backup s | peak heap MB |
|---|---|---|---|---|---|---|---|---|---|
${rows_md}
TABLE
if [ -n "${OUT_SVG:-}" ]; then
  printf '%s' "$rows_md" | python3 bench/plot_fleet.py >"$OUT_SVG"
fi
